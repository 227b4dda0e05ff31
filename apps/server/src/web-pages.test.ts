import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../test/harness'

// A build with its three pages: the app (index.html), the sign-in page (login.html, its own
// small bundle, issue 10 item 12) and the public consent page (consent.html, issue 13 item 1).
const webDist = mkdtempSync(join(tmpdir(), 'crm-web-pages-'))
mkdirSync(join(webDist, 'assets'))
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>')
writeFileSync(join(webDist, 'consent.html'), '<!doctype html><title>consent</title><div id="root"></div>')
writeFileSync(join(webDist, 'login.html'), '<!doctype html><title>login</title><div id="root"></div>')

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { webDist })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

const key = 'A'.repeat(43)

describe('the pages of the web build', () => {
  it('sends consent.html for /consent/{key}, uncached and with no referrer, with or without a query', async () => {
    for (const url of [`/consent/${key}`, `/consent/${key}?embed=1`, '/consent/whatever']) {
      const page = await t.call({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('<title>consent</title>')
      expect(page.headers['cache-control']).toBe('no-cache')
      // The key is in the URL: it must not leave in a Referer header.
      expect(page.headers['referrer-policy']).toBe('no-referrer')
      // The app frames it (the photo upload, signing on the device): its own origin only.
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'")
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
    }
  })

  it('sends login.html for /login, with or without its query, uncached and never framed', async () => {
    for (const url of ['/login', '/login/', '/login?redirect_to=%2Fcontacts', '/login?locale=es']) {
      const page = await t.call({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('<title>login</title>')
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    }
    // Only /login itself: a longer path is the app's (and then not found there).
    for (const url of ['/logout', '/login-help', '/login/x']) {
      expect((await t.call({ method: 'GET', url })).body, url).toContain('<title>app</title>')
    }
  })

  it("the app's own pages may not be framed at all", async () => {
    const page = await t.call({ method: 'GET', url: '/contacts' })
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it("sends index.html for the app's routes, /consent without a key among them", async () => {
    for (const url of ['/contacts', '/consent', '/consents/x', '/contacts/view/12']) {
      const page = await t.call({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('<title>app</title>')
    }
  })

  it('answers 404 for an unknown call, and for a POST to a consent page', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/consent/x' })).statusCode).toBe(404)
    expect((await t.call({ method: 'POST', url: `/consent/${key}`, payload: {} })).statusCode).toBe(404)
  })
})
