import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { accounts, activityLog, oneTimeKeys, sessions, signInThrottles, twoFactorRemembered } from '../../db/schema/index'
import { hashToken } from '../../platform/tokens'
import { startSession } from './auth.service'
import {
  body,
  buildPerson,
  createTestApp,
  elevenCharacters,
  linkIn,
  mailTo,
  strongPassword,
  testPassword,
  type TestApp,
  type TestPerson,
} from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const post = (path: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/v1/${path}`, payload })
const login = (email: string, password: string) => post('login', { email, password })

/** Requests a reset and answers the link mailed for it. */
let requests = 0
async function requestReset(person: TestPerson, redirect?: string): Promise<URL> {
  // An address per request: the requests of this file stay under the per-address limit.
  requests += 1
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/request-password-reset',
    payload: { email: person.email, ...(redirect !== undefined ? { redirect } : {}) },
    remoteAddress: `10.9.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
  })
  expect(response.statusCode).toBe(200)
  expect(body(response)).toEqual({ success: true })
  return linkIn((await mailTo(t, person.email)).at(-1)!.text_body, '/reset-password')
}

const keyOf = (link: URL) => ({ user_id: Number(link.searchParams.get('user_id')), key: link.searchParams.get('key')! })

describe('POST /api/v1/request-password-reset', () => {
  it('answers the same for an unknown email, and mails nothing', async () => {
    const response = await post('request-password-reset', { email: 'nobody-at-all@crm.test', redirect: '/contacts' })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect(await mailTo(t, 'nobody-at-all@crm.test')).toHaveLength(0)
  })

  it('mails a link with the key, the person and the same-site redirect; only the hash is stored', async () => {
    const person = await buildPerson(t)
    const link = await requestReset(person, '/contacts/view/3?tab=notes')
    expect(link.origin + link.pathname).toBe(`${t.config.publicUrl}/reset-password`)
    expect(link.searchParams.get('user_id')).toBe(String(person.id))
    expect(link.searchParams.get('redirect_to')).toBe('/contacts/view/3?tab=notes')
    const [mail] = await mailTo(t, person.email)
    expect(mail!.subject).toContain(t.config.siteName)
    const [stored] = await t.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.person_id, person.id))
    expect(stored).toMatchObject({ purpose: 'reset', key_hash: hashToken(link.searchParams.get('key')!), used_at: null })
    expect(stored!.expires_at.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(2 * 3600 * 1000)
    expect(stored!.expires_at.getTime() - t.clock.now().getTime()).toBeGreaterThan(2 * 3600 * 1000 - 60_000)
  })

  it('leaves out a redirect that is not a path of this site', async () => {
    const unsafe = [
      '//evil.test/x',
      'https://evil.test/',
      '/\\evil.test',
      'contacts',
      '',
      '/\t/evil.example',
      '/%09/evil.example',
      '/%2F%2Fevil.example',
      '/\u001b/x',
      '/\u202e/x',
      'javascript:alert(1)',
    ]
    for (const redirect of unsafe) {
      // A person per request: one account gets a few reset mails at most.
      const link = await requestReset(await buildPerson(t), redirect)
      expect(link.searchParams.has('redirect_to'), redirect).toBe(false)
    }
  })

  it('a new request makes the older link stop working', async () => {
    const person = await buildPerson(t)
    const first = await requestReset(person)
    const second = await requestReset(person)
    expect(body(await post('check-reset-password-key', keyOf(first))).code).toBe('key_invalid')
    expect((await post('check-reset-password-key', keyOf(second))).statusCode).toBe(200)
  })

  it('refuses a malformed email', async () => {
    const response = await post('request-password-reset', { email: 'not an email' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toHaveProperty('email')
  })
})

describe('POST /api/v1/check-reset-password-key', () => {
  it('is ok for the key of the link, and key_invalid for anything else', async () => {
    const person = await buildPerson(t)
    const other = await buildPerson(t)
    const { user_id, key } = keyOf(await requestReset(person))
    expect(body(await post('check-reset-password-key', { user_id, key }))).toEqual({ success: true })
    for (const payload of [
      { user_id: other.id, key },
      { user_id, key: 'bogus' },
    ]) {
      const response = await post('check-reset-password-key', payload)
      expect(response.statusCode).toBe(400)
      expect(body(response)).toMatchObject({ code: 'key_invalid', data: { status: 400 } })
    }
    t.clock.advance(2 * 3600 * 1000 + 1000)
    expect(body(await post('check-reset-password-key', { user_id, key })).code).toBe('key_invalid')
  })

  it('refuses a payload without a user or key', async () => {
    const response = await post('check-reset-password-key', { user_id: 'x' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(body(response).data.errors).sort()).toEqual(['key', 'user_id'])
  })
})

describe('POST /api/v1/reset-password', () => {
  it('sets the new password, spends the key, ends every session and remembered device, forgets failed sign-ins', async () => {
    const person = await buildPerson(t)
    const other = await startSession(t.db, { config: t.config, now: t.clock.now }, person.id, 'salt')
    await t.db.insert(twoFactorRemembered).values({ person_id: person.id, token_hash: 'h', expires_at: new Date(t.clock.now().getTime() + 3600_000) })
    await t.db
      .insert(signInThrottles)
      .values({ key: `account:${person.id}`, failures: 9, blocked_until: new Date(t.clock.now().getTime() + 600_000), last_failure_at: t.clock.now() })
    const link = keyOf(await requestReset(person, '/x'))
    const response = await post('reset-password', { ...link, password: strongPassword, redirect: '/x' })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })

    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).toHaveLength(0)
    for (const token of [person.token, other.access_token]) {
      expect((await t.call({ method: 'GET', url: '/api/v1/user', token })).statusCode).toBe(401)
    }
    expect(await t.db.select().from(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, person.id))).toHaveLength(0)
    const [account] = await t.db.select().from(accounts).where(eq(accounts.person_id, person.id))
    expect(
      await t.db
        .select()
        .from(signInThrottles)
        .where(eq(signInThrottles.key, `account:${person.id}`)),
    ).toHaveLength(0)
    expect(account!.password_hash).toMatch(/^\$argon2id\$/)
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id)))
    expect(log).toHaveLength(1)
    expect(JSON.stringify(log[0])).not.toContain(strongPassword)

    expect(body(await login(person.email, testPassword)).code).toBe('login_failed')
    expect((await login(person.email, strongPassword)).statusCode).toBe(200)
    const again = await post('reset-password', { ...link, password: 'Another-Strong-Pass-2026' })
    expect(body(again).code).toBe('key_invalid')
  })

  it('verifies the address: the link came by mail', async () => {
    const person = await buildPerson(t, { verified: false })
    const link = keyOf(await requestReset(person))
    expect((await post('reset-password', { ...link, password: strongPassword })).statusCode).toBe(200)
    expect((await login(person.email, strongPassword)).statusCode).toBe(200)
  })

  it('refuses a weak password and keeps the key and the old password', async () => {
    const person = await buildPerson(t)
    const link = keyOf(await requestReset(person))
    const response = await post('reset-password', { ...link, password: elevenCharacters })
    expect(response.statusCode).toBe(400)
    expect(body(response).code).toBe('invalid_request')
    expect(body(response).data.errors.password).toBe('Weak password')
    expect((await post('check-reset-password-key', link)).statusCode).toBe(200)
    expect((await login(person.email, testPassword)).statusCode).toBe(200)
  })

  it('refuses a bad or expired key with key_invalid and changes nothing', async () => {
    const person = await buildPerson(t)
    const link = keyOf(await requestReset(person))
    const bad = await post('reset-password', { user_id: person.id, key: 'bogus', password: strongPassword })
    expect(bad.statusCode).toBe(400)
    expect(body(bad).code).toBe('key_invalid')
    t.clock.advance(2 * 3600 * 1000 + 1000)
    expect(body(await post('reset-password', { ...link, password: strongPassword })).code).toBe('key_invalid')
    const fresh = await startSession(t.db, { config: t.config, now: t.clock.now }, person.id, 'salt')
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: fresh.access_token })).statusCode).toBe(200)
    expect((await login(person.email, testPassword)).statusCode).toBe(200)
  })

  it('refuses a malformed payload', async () => {
    const response = await post('reset-password', { key: '' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(body(response).data.errors).sort()).toEqual(['key', 'password', 'user_id'])
  })

  it('is rate limited per address', async () => {
    const app = await createTestApp({ loginRateLimit: 2 })
    try {
      const attempt = () => app.call({ method: 'POST', url: '/api/v1/reset-password', payload: { user_id: 1, key: 'k', password: strongPassword } })
      for (let i = 0; i < 2; i++) expect((await attempt()).statusCode).toBe(400)
      expect((await attempt()).statusCode).toBe(429)
    } finally {
      await app.close()
    }
  })
})
