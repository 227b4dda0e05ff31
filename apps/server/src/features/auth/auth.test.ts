import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accounts, sessions, signInThrottles, twoFactorRemembered } from '../../db/schema/index'
import { hashToken, newToken } from '../../platform/tokens'
import { body, buildPerson, createTestApp, mailTo, testPassword, type TestApp } from '../../../test/harness'
import { accountLockFailures, accountThrottle, addressThrottle, resetAccountThrottle, resetAddressThrottle } from './sign-in-throttle'

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

  it('accepts a token until its session expires, and then answers 401', async () => {
    const person = await buildPerson(t)
    const token = body(await login({ email: person.email, password: testPassword })).access_token as string
    const [session] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token)))
    const whoAmI = () => t.call({ method: 'GET', url: '/api/v1/user', token })
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(sessions.id, session!.id))
    expect((await whoAmI()).statusCode).toBe(200)
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(t.clock.now().getTime() - 1_000) })
      .where(eq(sessions.id, session!.id))
    const expired = await whoAmI()
    expect(expired.statusCode).toBe(401)
    expect(body(expired)).not.toHaveProperty('email')
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
    await t.db.update(accounts).set({ locked_reason: 'admin', locked_at: t.clock.now() }).where(eq(accounts.person_id, person.id))
    const response = await login({ email: person.email, password: testPassword })
    expect(response.statusCode).toBe(423)
    expect(body(response)).toMatchObject({ code: 'is_locked', message: 'Your account has been locked.', data: { status: 423, locked_reason: 'admin' } })
    // A locked account's sessions stop working too.
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
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

  it('refresh last_seen_at by the app clock, at most every five minutes', async () => {
    const person = await buildPerson(t)
    const lastSeen = async () => {
      const [row] = await t.db
        .select({ at: sessions.last_seen_at })
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(person.token)))
      return row!.at.getTime()
    }
    const started = await lastSeen()
    t.clock.advance(60_000)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
    expect(await lastSeen()).toBe(started)
    // Ten minutes on the app's clock: the database's clock has not moved, the session's time has.
    t.clock.advance(10 * 60_000)
    const before = t.clock.now().getTime()
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
    expect(await lastSeen()).toBeGreaterThanOrEqual(before)
    expect(await lastSeen()).toBeLessThanOrEqual(t.clock.now().getTime())
  })
})

let addressSequence = 0
/** A client address of its own, so one test's failures do not throttle another's. */
function newAddress(): string {
  addressSequence += 1
  return `10.8.${Math.floor(addressSequence / 250)}.${(addressSequence % 250) + 1}`
}

const loginFrom = (remoteAddress: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/login', payload, remoteAddress })

async function throttleRow(key: string) {
  const [row] = await t.db.select().from(signInThrottles).where(eq(signInThrottles.key, key))
  return row
}

describe('sign-in throttle (issue #8 item 6)', () => {
  it('slows an account after a few failures with a delay that doubles, is capped and expires', async () => {
    const person = await buildPerson(t)
    const address = newAddress()
    const wrong = () => loginFrom(address, { email: person.email, password: 'not the password' })
    const right = () => loginFrom(address, { email: person.email, password: testPassword })
    for (let i = 0; i <= accountThrottle.free; i++) expect(body(await wrong()).code).toBe('login_failed')
    // Even the right password is refused, without being checked, while the delay runs.
    const refused = await right()
    expect(refused.statusCode).toBe(429)
    expect(body(refused)).toMatchObject({ code: 'too_many_requests', data: { status: 429, retry_after: accountThrottle.baseSeconds } })
    expect(refused.headers['retry-after']).toBe(String(accountThrottle.baseSeconds))
    expect(await throttleRow(`account:${person.id}`)).toMatchObject({ failures: accountThrottle.free + 1 })

    t.clock.advance(accountThrottle.baseSeconds * 1000 + 1000)
    expect(body(await wrong()).code).toBe('login_failed')
    expect(body(await right()).data.retry_after).toBe(accountThrottle.baseSeconds * 2)

    // However many failures (short of the lock), the delay stays under the cap.
    await t.db
      .update(signInThrottles)
      .set({ failures: accountLockFailures - 2, blocked_until: null })
      .where(eq(signInThrottles.key, `account:${person.id}`))
    expect(body(await wrong()).code).toBe('login_failed')
    expect(body(await right()).data.retry_after).toBe(accountThrottle.capSeconds)

    t.clock.advance(accountThrottle.capSeconds * 1000 + 1000)
    const response = await right()
    expect(response.statusCode).toBe(200)
    // The right password forgets the account's failures.
    expect(await throttleRow(`account:${person.id}`)).toBeUndefined()
    const [account] = await t.db.select().from(accounts).where(eq(accounts.person_id, person.id))
    expect(account!.last_login_at).not.toBeNull()
    expect(account!.is_locked).toBe(false)
  })

  it('refuses spraying across emails from one address, not the same people elsewhere', async () => {
    const person = await buildPerson(t)
    const sprayer = newAddress()
    const answers: number[] = []
    for (let i = 0; i < 40; i++) {
      answers.push((await loginFrom(sprayer, { email: `sprayed-${i}@crm.test`, password: 'Summer2026!' })).statusCode)
    }
    expect(answers.filter((status) => status === 401)).toHaveLength(addressThrottle.free + 1)
    expect(answers.filter((status) => status === 429)).toHaveLength(40 - addressThrottle.free - 1)
    // The address cannot learn whether an email has an account, nor try a password on it.
    const probe = await loginFrom(sprayer, { email: person.email, password: testPassword })
    expect(probe.statusCode).toBe(429)
    expect(probe.headers['retry-after']).toBe(String(addressThrottle.baseSeconds))
    expect(await throttleRow(`account:${person.id}`)).toBeUndefined()
    // The person signs in from another address.
    expect((await loginFrom(newAddress(), { email: person.email, password: testPassword })).statusCode).toBe(200)
    // Successful sign-ins do not count against an address (an office signing in every morning).
    const office = newAddress()
    for (let i = 0; i < addressThrottle.free + 5; i++) {
      expect((await loginFrom(office, { email: person.email, password: testPassword })).statusCode).toBe(200)
    }
    expect(await throttleRow(`address:${office}`)).toMatchObject({ failures: 0, blocked_until: null })
  })

  it('lets the owner in from a remembered device with the right password while an attacker keeps failing', async () => {
    const person = await buildPerson(t)
    const rememberId = newToken()
    await t.db.insert(twoFactorRemembered).values({
      person_id: person.id,
      token_hash: hashToken(rememberId),
      expires_at: new Date(t.clock.now().getTime() + 24 * 3600 * 1000),
    })
    const attacker = newAddress()
    for (let i = 0; i < accountThrottle.free + 3; i++) {
      await loginFrom(attacker, { email: person.email, password: `guess number ${i}` })
    }
    const owner = newAddress()
    expect((await loginFrom(owner, { email: person.email, password: testPassword })).statusCode).toBe(429)
    // A made-up remember id is no way round the throttle.
    expect((await loginFrom(owner, { email: person.email, password: testPassword, two_factor_remember_id: 'made-up' })).statusCode).toBe(429)
    const response = await loginFrom(owner, { email: person.email, password: testPassword, two_factor_remember_id: rememberId })
    expect(response.statusCode).toBe(200)
    expect(body(response).user_id).toBe(person.id)
    // The owner's sign-in forgets the account's failures: no delay is left from the attack.
    expect(await throttleRow(`account:${person.id}`)).toBeUndefined()
    expect(body(await loginFrom(attacker, { email: person.email, password: 'one more guess' })).code).toBe('login_failed')
    // Wrong passwords on the device are throttled on the device's own key.
    for (let i = 0; i <= accountThrottle.free; i++) {
      expect(body(await loginFrom(owner, { email: person.email, password: 'typo', two_factor_remember_id: rememberId })).code).toBe('login_failed')
    }
    expect((await loginFrom(owner, { email: person.email, password: testPassword, two_factor_remember_id: rememberId })).statusCode).toBe(429)
  })

  it('counts concurrent attempts under the row lock: no burst slips past the limit', async () => {
    const person = await buildPerson(t)
    const address = newAddress()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(address, { email: person.email, password: `burst ${i}` })))
    const failed = answers.filter((response) => response.statusCode === 401)
    expect(failed).toHaveLength(accountThrottle.free + 1)
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(20 - accountThrottle.free - 1)
    expect(answers.every((response) => response.statusCode < 500)).toBe(true)
  })

  it("a password reset forgets the account's failures", async () => {
    const person = await buildPerson(t)
    const address = newAddress()
    for (let i = 0; i <= accountThrottle.free; i++) await loginFrom(address, { email: person.email, password: 'wrong again' })
    expect((await loginFrom(address, { email: person.email, password: testPassword })).statusCode).toBe(429)
    expect((await t.call({ method: 'POST', url: '/api/v1/request-password-reset', payload: { email: person.email }, remoteAddress: address })).statusCode).toBe(
      200,
    )
    const [mail] = await mailTo(t, person.email)
    const link = new URL(mail!.text_body.match(/http\S+reset-password\?\S+/)![0])
    const reset = await t.call({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { user_id: Number(link.searchParams.get('user_id')), key: link.searchParams.get('key'), password: 'Violet-Kettle-93-Harbour' },
    })
    expect(reset.statusCode).toBe(200)
    expect(await throttleRow(`account:${person.id}`)).toBeUndefined()
    expect((await loginFrom(address, { email: person.email, password: 'Violet-Kettle-93-Harbour' })).statusCode).toBe(200)
  })
})

describe('password reset requests (issue #8 item 6)', () => {
  const requestReset = (remoteAddress: string, email: string, url = '/api/v1/request-password-reset') =>
    t.call({ method: 'POST', url, payload: { email }, remoteAddress })

  it('are limited per address across emails', async () => {
    const address = newAddress()
    for (let i = 0; i <= resetAddressThrottle.free; i++) {
      expect((await requestReset(address, `reset-${i}@crm.test`)).statusCode).toBe(200)
    }
    const refused = await requestReset(address, 'one-more@crm.test')
    expect(refused.statusCode).toBe(429)
    expect(body(refused).data.retry_after).toBe(resetAddressThrottle.baseSeconds)
    expect(refused.headers['retry-after']).toBe(String(resetAddressThrottle.baseSeconds))
  })

  it('send one account a few mails at most, whatever the address, with the same answer', async () => {
    const person = await buildPerson(t)
    for (let i = 0; i < resetAccountThrottle.free + 4; i++) {
      expect((await requestReset(newAddress(), person.email)).statusCode).toBe(200)
    }
    expect(await mailTo(t, person.email)).toHaveLength(resetAccountThrottle.free + 1)
  })
})

describe('rate limits read the email from the body only', () => {
  // An email in the query that differs from the body's is refused (400) or ignored and
  // limited (429): either way it buys no attempts beyond the limit of the body's email.
  it('an email in the query gives no fresh limit to sign-in or reset requests', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 })
    try {
      const victim = await buildPerson(limited)
      const attempt = (path: string, i: number, payload: Record<string, unknown>) =>
        limited.call({ method: 'POST', url: `/api/v1/${path}?email=decoy-${i}@crm.test`, payload })
      const logins = []
      for (let i = 0; i < 5; i++) logins.push((await attempt('login', i, { email: victim.email, password: 'a wrong password' })).statusCode)
      expect(logins.filter((status) => status === 401).length).toBeLessThanOrEqual(3)
      expect(
        logins.slice(3).every((status) => status === 400 || status === 429),
        String(logins),
      ).toBe(true)
      const resets = []
      for (let i = 0; i < 5; i++) resets.push((await attempt('request-password-reset', i, { email: victim.email })).statusCode)
      expect(
        resets.slice(3).every((status) => status === 400 || status === 429),
        String(resets),
      ).toBe(true)
      expect((await mailTo(limited, victim.email)).length).toBeLessThanOrEqual(3)
    } finally {
      await limited.close()
    }
  })
})

describe('sign-in rate limit', () => {
  it('answers too_many_requests past the limit per address and email', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 })
    try {
      const attempt = (email: string) => limited.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: 'a wrong password' } })
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
