import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accounts, oneTimeKeys, people } from '../../db/schema/index'
import { issueOneTimeKey } from '../../platform/one-time-keys'
import { accountThrottle } from './sign-in-throttle'
import { body, buildPerson, createTestApp, linkIn, mailTo, testPassword, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const activate = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/activate', payload })
const resend = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/resend-verification-email', payload })

/** Asks for an activation link as the login page's 'Resend?' does, and answers its key. */
async function requestLink(person: TestPerson): Promise<string> {
  const response = await resend({ email: person.email, password: testPassword })
  expect(response.statusCode).toBe(200)
  const mails = await mailTo(t, person.email)
  return linkIn(mails.at(-1)!.text_body, '/activate').searchParams.get('key')!
}

async function accountOf(personId: number) {
  const [row] = await t.db
    .select({ account: accounts, person: people })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.person_id))
    .where(eq(accounts.person_id, personId))
  return row!
}

describe('POST /api/v1/activate', () => {
  it('verifies the email with the key of the link, once', async () => {
    const person = await buildPerson(t, { verified: false })
    const key = await requestLink(person)
    const response = await activate({ key })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    const { account, person: row } = await accountOf(person.id)
    expect(account.email_verified_at).not.toBeNull()
    expect(row.email_is_verified).toBe(true)
    const [stored] = await t.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.person_id, person.id))
    expect(stored!.used_at).not.toBeNull()

    const again = await activate({ key })
    expect(again.statusCode).toBe(400)
    expect(body(again)).toMatchObject({ code: 'key_invalid', data: { status: 400 } })
  })

  it('answers key_invalid for an unknown key, an expired one, or a key of another purpose', async () => {
    expect(body(await activate({ key: 'bogus' })).code).toBe('key_invalid')

    const late = await buildPerson(t, { verified: false })
    const key = await requestLink(late)
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000)
    expect(body(await activate({ key })).code).toBe('key_invalid')
    expect((await accountOf(late.id)).account.email_verified_at).toBeNull()

    const other = await buildPerson(t, { verified: false })
    const resetKey = await issueOneTimeKey(t.db, t.clock.now(), { personId: other.id, purpose: 'reset', ttlMs: 3600_000 })
    expect(body(await activate({ key: resetKey })).code).toBe('key_invalid')
    expect((await accountOf(other.id)).account.email_verified_at).toBeNull()
  })

  it('refuses a missing key with invalid_request', async () => {
    const response = await activate({})
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toHaveProperty('key')
  })
})

describe('POST /api/v1/resend-verification-email', () => {
  it('mails a new link to an unverified address; the older link stops working', async () => {
    const person = await buildPerson(t, { verified: false, firstName: 'Naomi' })
    const first = await requestLink(person)
    const second = await requestLink(person)
    expect(second).not.toBe(first)
    const mails = await mailTo(t, person.email)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.text_body).toContain('Hello Naomi')
    expect(await t.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.person_id, person.id))).toHaveLength(1)
    expect(body(await activate({ key: first })).code).toBe('key_invalid')
    expect((await activate({ key: second })).statusCode).toBe(200)
  })

  it('needs the right password: login_failed otherwise, and no mail', async () => {
    const person = await buildPerson(t, { verified: false })
    const wrong = await resend({ email: person.email, password: 'not the password' })
    expect(wrong.statusCode).toBe(401)
    expect(body(wrong).code).toBe('login_failed')
    const unknown = await resend({ email: 'nobody-here@crm.test', password: testPassword })
    expect(body(unknown).code).toBe('login_failed')
    expect(await mailTo(t, person.email)).toHaveLength(0)
  })

  it('counts wrong passwords towards the throttle, like sign-in', async () => {
    const person = await buildPerson(t, { verified: false })
    for (let i = 0; i <= accountThrottle.free; i++) await resend({ email: person.email, password: `wrong password ${i}` })
    const throttled = await resend({ email: person.email, password: testPassword })
    expect(throttled.statusCode).toBe(429)
    expect(body(throttled)).toMatchObject({ code: 'too_many_requests', data: { retry_after: accountThrottle.baseSeconds } })
    expect(throttled.headers['retry-after']).toBe(String(accountThrottle.baseSeconds))
    expect(await mailTo(t, person.email)).toHaveLength(0)
  })

  it('answers ok without a mail for a verified address', async () => {
    const person = await buildPerson(t)
    const response = await resend({ email: person.email, password: testPassword })
    expect(response.statusCode).toBe(200)
    expect(await mailTo(t, person.email)).toHaveLength(0)
  })

  it('refuses a malformed payload', async () => {
    const response = await resend({ email: 'nope' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(body(response).data.errors).sort()).toEqual(['email', 'password'])
  })
})
