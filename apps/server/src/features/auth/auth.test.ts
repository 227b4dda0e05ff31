import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { loginFailuresBeforeLock, loginLockMinutes } from '@crm/domain'
import { accounts, sessions } from '../../db/schema/index'
import { body, buildPerson, createTestApp, testPassword, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const login = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/login', payload })

describe('POST /api/v1/login', () => {
  it('signs in with the right password and answers the login session', async () => {
    const person = await buildPerson(t)
    const response = await login({ email: person.email.toUpperCase(), password: testPassword })
    expect(response.statusCode).toBe(200)
    const session = body(response)
    expect(Object.keys(session).sort()).toEqual(
      ['access_token', 'authorization_code', 'encryption_key', 'expires_in', 'two_factor_remember_id', 'user_id'].sort(),
    )
    expect(session.user_id).toBe(person.id)
    expect(session.expires_in).toBe(t.config.sessionTtlSeconds)
    const user = await t.call({ method: 'GET', url: '/api/v1/user', token: session.access_token })
    expect(user.statusCode).toBe(200)
    expect(body(user).email).toBe(person.email)
  })

  it('answers email_not_found for an unknown email', async () => {
    const response = await login({ email: 'nobody@x.test', password: 'whatever-it-is' })
    expect(response.statusCode).toBe(401)
    expect(body(response)).toMatchObject({ code: 'email_not_found', data: { status: 401 } })
    expect(body(response)).not.toHaveProperty('access_token')
  })

  it('answers a generic failure for a wrong password', async () => {
    const person = await buildPerson(t)
    const response = await login({ email: person.email, password: 'not the password' })
    expect(response.statusCode).toBe(401)
    expect(body(response).code).toBe('login_failed')
  })

  it('answers email_not_verified for an unverified account, only with the right password', async () => {
    const person = await buildPerson(t, { verified: false })
    expect(body(await login({ email: person.email, password: 'wrong password!' })).code).toBe('login_failed')
    const response = await login({ email: person.email, password: testPassword })
    expect(response.statusCode).toBe(403)
    expect(body(response).code).toBe('email_not_verified')
  })

  it('answers is_locked for an account an administrator locked', async () => {
    const person = await buildPerson(t)
    await t.db.update(accounts).set({ is_locked: true }).where(eq(accounts.person_id, person.id))
    const response = await login({ email: person.email, password: testPassword })
    expect(response.statusCode).toBe(423)
    expect(body(response).code).toBe('is_locked')
    // A locked account's sessions stop working too.
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
  })

  it(`locks an account for ${loginLockMinutes} minutes after ${loginFailuresBeforeLock} failures in a row`, async () => {
    const person = await buildPerson(t)
    for (let i = 0; i < loginFailuresBeforeLock; i++) {
      expect(body(await login({ email: person.email, password: `wrong-${i}-password` })).code).toBe('login_failed')
    }
    // Even the right password is refused while locked.
    expect(body(await login({ email: person.email, password: testPassword })).code).toBe('is_locked')
    t.clock.advance(loginLockMinutes * 60_000 + 1000)
    const response = await login({ email: person.email, password: testPassword })
    expect(response.statusCode).toBe(200)
    const [account] = await t.db.select().from(accounts).where(eq(accounts.person_id, person.id))
    expect(account!.failed_login_count).toBe(0)
    expect(account!.last_login_at).not.toBeNull()
  })

  it('rejects a malformed payload with invalid_request and field errors', async () => {
    const response = await login({ email: 'not-an-email', password: '' })
    expect(response.statusCode).toBe(400)
    const error = body(response)
    expect(error.code).toBe('invalid_request')
    expect(Object.keys(error.data.errors).sort()).toEqual(['email', 'password'])
  })

  it('rejects a two-factor code that is not 6 digits', async () => {
    const person = await buildPerson(t)
    const response = await login({ email: person.email, password: testPassword, totp: '12345' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toHaveProperty('totp')
  })

  it('needs no bearer token', async () => {
    const response = await login({ email: 'someone@x.test', password: 'a password here' })
    expect(response.statusCode).not.toBe(500)
    expect(body(response).code).toBe('email_not_found')
  })
})

describe('GET /api/v1/logout', () => {
  it('ends the session: the old token gets 401', async () => {
    const person = await buildPerson(t)
    const response = await t.call({ method: 'GET', url: '/api/v1/logout', token: person.token })
    expect(response.statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
    const rows = await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))
    expect(rows).toHaveLength(0)
  })

  it('is 401 without a session', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/logout' })
    expect(response.statusCode).toBe(401)
    expect(body(response)).toMatchObject({ code: 'unauthorized', data: { status: 401 } })
  })
})

describe('sessions', () => {
  it('expire after expires_in seconds', async () => {
    const person = await buildPerson(t)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
    t.clock.advance(t.config.sessionTtlSeconds * 1000 + 1000)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
  })
})

describe('sign-in rate limit', () => {
  it('answers too_many_requests past the limit per address and email', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 })
    try {
      const attempt = (email: string) =>
        limited.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: 'a wrong password' } })
      for (let i = 0; i < 3; i++) expect((await attempt('target@crm.test')).statusCode).toBe(401)
      const blocked = await attempt('target@crm.test')
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toMatchObject({ code: 'too_many_requests', data: { status: 429 } })
      // Another email from the same address is counted on its own.
      expect((await attempt('someone-else@crm.test')).statusCode).toBe(401)
    } finally {
      await limited.close()
    }
  })
})
