import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import QRCode from 'qrcode'
import { Secret, TOTP } from 'otpauth'
import { accounts, twoFactorRemembered } from '../../db/schema/index'
import { hashToken } from '../../platform/tokens'
import { accountThrottle } from './sign-in-throttle'
import { addMember, body, buildPerson, buildTeam, createTestApp, testPassword, totpCode, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
let church: number
let conference: number
beforeAll(async () => {
  t = await createTestApp({ twoFactorRequiredRoles: ['admin', 'entity_admin', 'owner'] })
  conference = await buildTeam(t, { kind: 'conference' })
  church = await buildTeam(t, { kind: 'team', parentId: conference })
})
afterAll(async () => t.close())

const login = (person: TestPerson, extra: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: '/api/v1/login', payload: { email: person.email, password: testPassword, ...extra } })
const post = (path: string, token: string | undefined, payload: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: `/api/v1/${path}`, payload, ...(token ? { token } : {}) })

async function owner(): Promise<TestPerson> {
  const person = await buildPerson(t)
  await addMember(t, person.id, church, 'owner')
  return person
}

async function accountOf(personId: number) {
  const [account] = await t.db.select().from(accounts).where(eq(accounts.person_id, personId))
  return account!
}

/** A code of a later step than any used so far: the clock moves on by one step. */
function nextCode(secret: string, stepOffset = 0): string {
  t.clock.advance(30_000)
  return totpCode(t, secret, stepOffset)
}

/** A six-digit code that is not the right one now. */
function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((offset) => totpCode(t, secret, offset)))
  let code = 0
  while (right.has(String(code).padStart(6, '0'))) code++
  return String(code).padStart(6, '0')
}

/** Signs an owner in through the setup: answers the confirmed secret. */
async function enrolledOwner(): Promise<{ person: TestPerson; secret: string }> {
  const person = await owner()
  const setup = await login(person)
  const secret = body(setup).data.totp.secret_grouped.replace(/ /g, '')
  expect((await login(person, { totp: totpCode(t, secret), remember_device: false })).statusCode).toBe(200)
  return { person, secret }
}

describe('sign-in with two-factor', () => {
  it('lets people whose roles do not require it sign in with the password alone', async () => {
    const member = await buildPerson(t)
    await addMember(t, member.id, church, 'leader')
    const response = await login(member)
    expect(response.statusCode).toBe(200)
    expect(body(response).two_factor_remember_id).toBeNull()
  })

  it("does not count a group's owner: a member who created a private group signs in with the password", async () => {
    const member = await buildPerson(t)
    await addMember(t, member.id, church, 'member')
    const privateGroup = await buildTeam(t, { kind: 'group', parentId: church, isPublic: false, isolatedOwnerId: member.id })
    await addMember(t, member.id, privateGroup, 'owner')
    const response = await login(member)
    expect(response.statusCode).toBe(200)
    expect((await accountOf(member.id)).totp_secret).toBeNull()
    // The owner of a conference is asked, as the owner of a church is.
    const conferenceOwner = await buildPerson(t)
    await addMember(t, conferenceOwner.id, conference, 'owner')
    expect(body(await login(conferenceOwner)).code).toBe('2fa_not_setup')
  })

  it('asks an owner without two-factor to set it up: QR of the otpauth URI and the grouped secret', async () => {
    const person = await owner()
    const response = await login(person)
    expect(response.statusCode).toBe(401)
    const error = body(response)
    expect(error.code).toBe('2fa_not_setup')
    expect(error).not.toHaveProperty('access_token')
    const { qr_code_url, secret_grouped } = error.data.totp
    expect(secret_grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/)
    const secret = secret_grouped.replace(/ /g, '')
    const account = await accountOf(person.id)
    expect(account.totp_secret).toBe(secret)
    expect(account.totp_enabled_at).toBeNull()
    const uri = new TOTP({ issuer: t.config.siteName, label: person.email, secret: Secret.fromBase32(secret) }).toString()
    expect(uri).toContain(`issuer=${encodeURIComponent(t.config.siteName)}`)
    expect(qr_code_url).toMatch(/^data:image\/png;base64,/)
    expect(qr_code_url).toBe(await QRCode.toDataURL(uri))
    // The pending secret is kept until a code confirms it.
    expect(body(await login(person)).data.totp.secret_grouped).toBe(secret_grouped)
  })

  it('turns two-factor on with a code of the pending secret and starts the session', async () => {
    const person = await owner()
    const secret = body(await login(person)).data.totp.secret_grouped.replace(/ /g, '')
    const wrong = await login(person, { totp: wrongCode(secret) })
    expect(wrong.statusCode).toBe(401)
    expect(body(wrong).code).toBe('incorrect_totp')
    expect((await accountOf(person.id)).totp_enabled_at).toBeNull()

    const response = await login(person, { totp: totpCode(t, secret) })
    expect(response.statusCode).toBe(200)
    const session = body(response)
    expect(session.access_token).toBeTruthy()
    expect(session.two_factor_remember_id).toBeTruthy()
    expect((await accountOf(person.id)).totp_enabled_at).not.toBeNull()
    const [remembered] = await t.db.select().from(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, person.id))
    expect(remembered!.token_hash).toBe(hashToken(session.two_factor_remember_id))
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: session.access_token })).statusCode).toBe(200)
  })

  it('asks for the code once set up: 2fa_required, incorrect_totp, then a session', async () => {
    const { person, secret } = await enrolledOwner()
    const required = await login(person)
    expect(required.statusCode).toBe(401)
    expect(body(required)).toMatchObject({ code: '2fa_required', data: { status: 401 } })
    expect(body(required).data).not.toHaveProperty('totp')
    const wrong = await login(person, { totp: wrongCode(secret) })
    expect(body(wrong).code).toBe('incorrect_totp')
    expect(body(wrong)).not.toHaveProperty('access_token')
    const right = await login(person, { totp: nextCode(secret), two_factor_remember_id: '' })
    expect(right.statusCode).toBe(200)
    expect(body(right).access_token).toBeTruthy()
  })

  it('accepts a code once, allows one step of clock drift and no more', async () => {
    const { person, secret } = await enrolledOwner()
    const code = nextCode(secret)
    expect((await login(person, { totp: code })).statusCode).toBe(200)
    expect(body(await login(person, { totp: code })).code).toBe('incorrect_totp')
    // An older step than the last one accepted is refused too.
    expect(body(await login(person, { totp: totpCode(t, secret, -1) })).code).toBe('incorrect_totp')
    expect((await login(person, { totp: nextCode(secret, 1) })).statusCode).toBe(200)
    expect(body(await login(person, { totp: nextCode(secret, 3) })).code).toBe('incorrect_totp')
    expect(body(await login(person, { totp: totpCode(t, secret, -3) })).code).toBe('incorrect_totp')
    const [account] = await t.db.select().from(accounts).where(eq(accounts.person_id, person.id))
    expect(account!.totp_last_step).toBeGreaterThan(0)
  })

  it('skips the code on a remembered device for 30 days, for that person only', async () => {
    const { person, secret } = await enrolledOwner()
    const other = await enrolledOwner()
    const first = body(await login(person, { totp: nextCode(secret) }))
    const rememberId = first.two_factor_remember_id as string
    const again = await login(person, { two_factor_remember_id: rememberId })
    expect(again.statusCode).toBe(200)
    expect(body(again).two_factor_remember_id).toBe(rememberId)
    expect(body(await login(other.person, { two_factor_remember_id: rememberId })).code).toBe('2fa_required')
    expect(body(await login(person, { two_factor_remember_id: 'made-up' })).code).toBe('2fa_required')
    t.clock.advance(30 * 24 * 3600 * 1000 + 1000)
    expect(body(await login(person, { two_factor_remember_id: rememberId })).code).toBe('2fa_required')
  })

  it('remembers nothing when remember_device is false', async () => {
    const { person, secret } = await enrolledOwner()
    const response = await login(person, { totp: nextCode(secret), remember_device: false })
    expect(response.statusCode).toBe(200)
    expect(body(response).two_factor_remember_id).toBeNull()
    expect(await t.db.select().from(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, person.id))).toHaveLength(0)
  })

  it('counts wrong codes towards the throttle like wrong passwords', async () => {
    const { person, secret } = await enrolledOwner()
    for (let i = 0; i < accountThrottle.free; i++) {
      expect(body(await login(person, { totp: wrongCode(secret) })).code).toBe('incorrect_totp')
    }
    expect(body(await login(person, { totp: wrongCode(secret) })).code).toBe('incorrect_totp')
    const refused = await login(person, { totp: totpCode(t, secret, 1) })
    expect(refused.statusCode).toBe(429)
    expect(body(refused)).toMatchObject({ code: 'too_many_requests', data: { retry_after: expect.any(Number) } })
  })

  it('requires it of site admins and entity admins as configured, and of anyone who turned it on', async () => {
    const admin = await buildPerson(t, { siteRole: 'admin' })
    expect(body(await login(admin)).code).toBe('2fa_not_setup')
    const entity = await buildPerson(t)
    await addMember(t, entity.id, conference, 'entity_admin')
    expect(body(await login(entity)).code).toBe('2fa_not_setup')

    const relaxed = await createTestApp({ twoFactorRequiredRoles: ['owner'] })
    try {
      const siteAdmin = await buildPerson(relaxed, { siteRole: 'admin' })
      const signIn = (extra = {}) =>
        relaxed.call({ method: 'POST', url: '/api/v1/login', payload: { email: siteAdmin.email, password: testPassword, ...extra } })
      expect((await signIn()).statusCode).toBe(200)
      // Turned on by choice: asked for from then on.
      const setup = body(await relaxed.call({ method: 'POST', url: '/api/v1/two-factor-setup', token: siteAdmin.token, payload: {} }))
      const secret = setup.secret_grouped.replace(/ /g, '')
      const enable = await relaxed.call({
        method: 'POST',
        url: '/api/v1/two-factor-enable',
        token: siteAdmin.token,
        payload: { totp: totpCode(relaxed, secret) },
      })
      expect(enable.statusCode).toBe(200)
      expect(body(await signIn()).code).toBe('2fa_required')
    } finally {
      await relaxed.close()
    }
  })
})

describe('POST /api/v1/two-factor-setup, two-factor-enable, two-factor-disable', () => {
  it('need a session', async () => {
    for (const path of ['two-factor-setup', 'two-factor-enable', 'two-factor-disable']) {
      expect((await post(path, undefined, { totp: '123456', password: 'x' })).statusCode, path).toBe(401)
    }
  })

  it('set up and turn on two-factor sign-in from the profile', async () => {
    const person = await buildPerson(t)
    const setup = await post('two-factor-setup', person.token)
    expect(setup.statusCode).toBe(200)
    const { qr_code_url, secret_grouped } = body(setup)
    expect(qr_code_url).toMatch(/^data:image\/png;base64,/)
    const secret = secret_grouped.replace(/ /g, '')
    expect((await accountOf(person.id)).totp_secret).toBe(secret)

    // A wrong code is a 400 here: a 401 would sign the person out of the web app.
    const wrong = await post('two-factor-enable', person.token, { totp: wrongCode(secret) })
    expect(wrong.statusCode).toBe(400)
    expect(body(wrong)).toMatchObject({ code: 'incorrect_totp', data: { status: 400 } })
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
    expect((await accountOf(person.id)).totp_enabled_at).toBeNull()

    expect(body(await post('two-factor-enable', person.token, { totp: totpCode(t, secret) }))).toEqual({ success: true })
    expect((await accountOf(person.id)).totp_enabled_at).not.toBeNull()
    expect(body(await login(person)).code).toBe('2fa_required')
    // While on, a new setup is refused: the secret in use stays.
    const refused = await post('two-factor-setup', person.token)
    expect(refused.statusCode).toBe(400)
    expect((await accountOf(person.id)).totp_secret).toBe(secret)
    expect((await post('two-factor-enable', person.token, { totp: nextCode(secret) })).statusCode).toBe(400)
  })

  it('refuses to enable without a setup, or with a malformed code', async () => {
    const person = await buildPerson(t)
    const noSetup = await post('two-factor-enable', person.token, { totp: '123456' })
    expect(noSetup.statusCode).toBe(400)
    expect(body(noSetup).data.errors).toHaveProperty('totp')
    for (const payload of [{}, { totp: '12345' }, { totp: '' }]) {
      const response = await post('two-factor-enable', person.token, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
    }
  })

  it('turns two-factor off with the password, forgetting the secret and remembered devices', async () => {
    const person = await buildPerson(t)
    const secret = body(await post('two-factor-setup', person.token)).secret_grouped.replace(/ /g, '')
    await post('two-factor-enable', person.token, { totp: totpCode(t, secret) })
    const remembered = body(await login(person, { totp: nextCode(secret) })).two_factor_remember_id
    expect(remembered).toBeTruthy()

    const wrong = await post('two-factor-disable', person.token, { password: 'not the password' })
    expect(wrong.statusCode).toBe(400)
    expect(body(wrong).code).toBe('login_failed')
    expect((await accountOf(person.id)).totp_enabled_at).not.toBeNull()
    expect((await post('two-factor-disable', person.token, {})).statusCode).toBe(400)

    expect(body(await post('two-factor-disable', person.token, { password: testPassword }))).toEqual({ success: true })
    const account = await accountOf(person.id)
    expect(account).toMatchObject({ totp_secret: null, totp_enabled_at: null })
    expect(await t.db.select().from(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, person.id))).toHaveLength(0)
    expect((await login(person)).statusCode).toBe(200)
  })

  it('refuses to turn it off for a person whose role requires it', async () => {
    const { person } = await enrolledOwner()
    const response = await post('two-factor-disable', person.token, { password: testPassword })
    expect(response.statusCode).toBe(403)
    expect(body(response).code).toBe('forbidden')
    expect((await accountOf(person.id)).totp_enabled_at).not.toBeNull()
  })
})
