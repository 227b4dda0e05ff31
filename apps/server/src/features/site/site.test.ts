import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentPages } from '../../db/schema/index'
import { sanitizeRichText } from '../../platform/sanitize'
import { tileOrigin } from '../../app'
import { body, createTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

describe('GET /api/v1/site', () => {
  it('answers the site data without a session', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/site' })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toMatchObject({ site_name: 'Church Contact CRM', support_email: 'support@crm.test', mobile_breakpoint: 768, captcha: 'altcha' })
  })
})

describe('GET /api/v1/content-page/{slug}', () => {
  it.each(['privacy', 'terms', 'code-of-conduct'])('serves the %s page', async (slug) => {
    const response = await t.call({ method: 'GET', url: `/api/v1/content-page/${slug}` })
    expect(response.statusCode).toBe(200)
    const page = body(response)
    expect(page.slug).toBe(slug)
    expect(page.title.length).toBeGreaterThan(3)
    expect(page.content).toContain('<p>')
  })

  it.each([
    ['privacy', 'Política de privacidad'],
    ['terms', 'Condiciones de uso'],
    ['code-of-conduct', 'Código de conducta'],
  ])('serves the %s page in Spanish to a Spanish reader, and in English to a reader of another language (issue 36)', async (slug, title) => {
    const spanish = body(await t.call({ method: 'GET', url: `/api/v1/content-page/${slug}?locale=es` }))
    expect(spanish.title).toBe(title)
    expect(spanish.content).toContain('support@crm.test')
    const english = body(await t.call({ method: 'GET', url: `/api/v1/content-page/${slug}?locale=fr` }))
    expect(english.title).not.toBe(title)
  })

  it('serves any stored slug, and 404 for an unknown one', async () => {
    await t.db.insert(contentPages).values({ slug: 'about-us', title: 'About us', content_html: sanitizeRichText('<p>We care.</p>') })
    expect(body(await t.call({ method: 'GET', url: '/api/v1/content-page/about-us' })).content).toBe('<p>We care.</p>')
    const missing = await t.call({ method: 'GET', url: '/api/v1/content-page/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(body(missing).code).toBe('not_found')
  })
})

describe('sanitizeRichText', () => {
  it('keeps formatting and links, drops scripts and handlers', () => {
    const clean = sanitizeRichText(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://a.org">a</a></p>',
    )
    expect(clean).toBe('<p>Hi <b>there</b> <a rel="noopener noreferrer">x</a> <a href="https://a.org" rel="noopener noreferrer">a</a></p>')
  })
})

describe('the HTTP platform', () => {
  it('answers the error envelope for an unknown API path', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/no-such-call' })
    expect(response.statusCode).toBe(404)
    expect(body(response)).toEqual({ code: 'not_found', message: 'Not found.', data: { status: 404 } })
  })

  it('answers invalid_request for malformed JSON', async () => {
    const response = await t.call({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
    expect(response.statusCode).toBe(400)
    expect(body(response).code).toBe('invalid_request')
  })

  it('sends a strict content security policy', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/site' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('lets the contacts map load its tiles from the configured tile server, and from nowhere else', async () => {
    expect(String((await t.call({ method: 'GET', url: '/api/v1/site' })).headers['content-security-policy'])).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    )
    expect(tileOrigin('https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org:8443')
    expect(tileOrigin('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080')
    expect(tileOrigin('https://{r}.example.org/{z}/{x}/{y}.png')).toBeNull()
    const ownTiles = await createTestApp({ mapTilesUrl: 'https://tiles.church.example/{z}/{x}/{y}.png' })
    try {
      const csp = String((await ownTiles.call({ method: 'GET', url: '/api/v1/site' })).headers['content-security-policy'])
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.church.example;")
      expect(csp).not.toContain('openstreetmap')
    } finally {
      await ownTiles.close()
    }
  })

  it("allows Google's reCAPTCHA origins only when reCAPTCHA is configured", async () => {
    expect(String((await t.call({ method: 'GET', url: '/api/v1/site' })).headers['content-security-policy'])).not.toContain('google')
    const withRecaptcha = await createTestApp({ recaptchaSecret: 'secret', recaptchaSiteKey: 'site-key' })
    try {
      const csp = String((await withRecaptcha.call({ method: 'GET', url: '/api/v1/site' })).headers['content-security-policy'])
      expect(csp).toContain("script-src 'self' https://www.google.com https://www.gstatic.com")
      expect(csp).toContain('frame-src')
    } finally {
      await withRecaptcha.close()
    }
  })

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = body(response)
    expect(document.openapi).toMatch(/^3\./)
    expect(document.paths).toHaveProperty('/api/v1/login')
    expect(document.paths['/api/v1/login'].post.requestBody).toBeDefined()
  })
})
