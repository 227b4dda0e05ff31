import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, lt } from 'drizzle-orm'
import { accounts, activityLog, captchaSolutions, mailOutbox, memberships, oneTimeKeys, ownerRequests, people } from '../../db/schema/index'
import { hashToken } from '../../platform/tokens'
import {
  body,
  buildPerson,
  buildTeam,
  createTestApp,
  elevenCharacters,
  linkIn,
  mailTo,
  solveCaptcha,
  strongPassword,
  type TestApp,
} from '../../../test/harness'

let t: TestApp
let conference: number
let church: number
beforeAll(async () => {
  t = await createTestApp()
  conference = await buildTeam(t, { kind: 'conference', title: 'Signup Conference' })
  church = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Signup Church' })
})
afterAll(async () => t.close())

let sequence = 0
function form(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    first_name: 'Ruth',
    last_name: 'Moabite',
    email: `ruth${sequence}@crm.test`,
    password: strongPassword,
    conference_id: conference,
    team_id: church,
    ...overrides,
  }
}

const signup = (app: TestApp, payload: Record<string, unknown>) => app.call({ method: 'POST', url: '/api/v1/signup', payload })

async function peopleCount(app: TestApp) {
  return (await app.db.select({ id: people.id }).from(people)).length
}

describe('GET /api/v1/captcha-challenge', () => {
  it('answers an ALTCHA challenge the widget can solve, never cached', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/captcha-challenge' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const challenge = body(response)
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: t.config.altchaCost })
    for (const key of ['nonce', 'salt', 'keyPrefix', 'keySignature', 'expiresAt']) expect(challenge.parameters).toHaveProperty(key)
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(t.clock.now().getTime())
  })
})

describe('POST /api/v1/signup', () => {
  it('creates an unverified account asking to join the church, mails the activation link and answers as login would', async () => {
    const payload = form({ first_name: ' Ruth ', email: 'Ruth.Signup@CRM.test' })
    const response = await signup(t, { ...payload, recaptcha_token: await solveCaptcha(t) })
    expect(response.statusCode).toBe(403)
    expect(body(response)).toMatchObject({ code: 'email_not_verified', data: { status: 403 } })
    expect(body(response)).not.toHaveProperty('access_token')

    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, 'ruth.signup@crm.test'))
    expect(account).toBeDefined()
    expect(account!.email_verified_at).toBeNull()
    expect(account!.password_hash).toMatch(/^\$argon2id\$/)
    const [person] = await t.db.select().from(people).where(eq(people.id, account!.person_id))
    expect(person).toMatchObject({ first_name: 'Ruth', last_name: 'Moabite', email_is_verified: false })
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.person_id, person!.id))
    expect(membership).toMatchObject({ team_id: church, role: 'member_request' })
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.author_id, person!.id), eq(activityLog.team_id, church)))
    expect(log).toHaveLength(1)

    const [mail] = await mailTo(t, 'ruth.signup@crm.test')
    expect(mail!.template).toBe('activation')
    expect(mail!.subject).toContain(t.config.siteName)
    expect(mail!.text_body).toContain(t.config.siteName)
    const link = linkIn(mail!.text_body, '/activate')
    expect(link.origin + link.pathname).toBe(`${t.config.publicUrl}/activate`)
    const key = link.searchParams.get('key')!
    // Only the key's hash is stored, for 7 days.
    const [stored] = await t.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.person_id, person!.id))
    expect(stored).toMatchObject({ purpose: 'activation', key_hash: hashToken(key), used_at: null })
    expect(stored!.expires_at.getTime() - t.clock.now().getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000)
    expect(stored!.expires_at.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000)

    // Login answers the same until the link is opened; then the person is in, pending approval.
    const login = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: payload.email, password: strongPassword } })
    expect(body(login).code).toBe('email_not_verified')
    expect((await t.call({ method: 'POST', url: '/api/v1/activate', payload: { key } })).statusCode).toBe(200)
    const signedIn = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: payload.email, password: strongPassword } })
    expect(signedIn.statusCode).toBe(200)
    const user = await t.call({ method: 'GET', url: '/api/v1/user?return_teams=1', token: body(signedIn).access_token })
    expect(body(user).teams[church].user_role).toBe('member_request')
  })

  it('D3-4-09 asks for ownership of a church without an owner, and only there', async () => {
    const ownerless = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Ownerless Church' })
    const first = form({ team_id: ownerless })
    expect((await signup(t, { ...first, recaptcha_token: await solveCaptcha(t) })).statusCode).toBe(403)
    const [newcomer] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, first.email as string))
    const requests = await t.db.select().from(ownerRequests).where(eq(ownerRequests.team_id, ownerless))
    expect(requests).toMatchObject([{ person_id: newcomer!.person_id, status: 'pending' }])

    // A church with an owner: only the membership request.
    const owned = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Owned Church' })
    const owner = await buildPerson(t)
    await t.db.insert(memberships).values({ person_id: owner.id, team_id: owned, role: 'owner' })
    expect((await signup(t, { ...form({ team_id: owned }), recaptcha_token: await solveCaptcha(t) })).statusCode).toBe(403)
    expect(await t.db.select().from(ownerRequests).where(eq(ownerRequests.team_id, owned))).toHaveLength(0)
  })

  it('refuses names with control or bidi-override characters and emails with invisible ones; creates nothing', async () => {
    const before = await peopleCount(t)
    const taken = await buildPerson(t, { email: `look-alike-${Date.now()}@crm.test` })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: 'Ruth\u001b[31m' }, 'first_name'],
      [{ first_name: 'Ru\u0007th' }, 'first_name'],
      [{ last_name: 'Moabite\u202e' }, 'last_name'],
      [{ last_name: '\u2066Moabite' }, 'last_name'],
      [{ email: taken.email.replace('@', '\u200b@') }, 'email'],
      [{ email: taken.email.replace('@', '@\u00ad') }, 'email'],
      [{ email: `\u2060${taken.email}` }, 'email'],
    ]
    for (const [overrides, field] of cases) {
      const response = await signup(t, { ...form(overrides), recaptcha_token: await solveCaptcha(t) })
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(body(response)).toMatchObject({ code: 'invalid_request' })
      expect(body(response).data.errors).toHaveProperty(field)
    }
    expect(await peopleCount(t)).toBe(before + 1)
    // A full-width copy of an address is that address (NFKC): email_exists, not a look-alike.
    const wide = taken.email.replace('look', 'ｌｏｏｋ')
    const again = await signup(t, { ...form({ email: wide }), recaptcha_token: await solveCaptcha(t) })
    expect(body(again).code).toBe('email_exists')
    expect(await peopleCount(t)).toBe(before + 1)
  })

  it('refuses a missing, malformed or forged captcha with incorrect_recaptcha and creates nothing', async () => {
    const before = await peopleCount(t)
    const solved = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString()) as Record<string, any>
    const forged = { ...solved, solution: { ...solved.solution, derivedKey: '00'.repeat(32) } }
    const tampered = { ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 0 } } }
    for (const token of ['bad', 'e30=', Buffer.from(JSON.stringify(forged)).toString('base64'), Buffer.from(JSON.stringify(tampered)).toString('base64')]) {
      const response = await signup(t, { ...form(), recaptcha_token: token })
      expect(response.statusCode, token).toBe(400)
      expect(body(response)).toMatchObject({ code: 'incorrect_recaptcha', data: { status: 400 } })
    }
    const missing = await signup(t, form())
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors).toHaveProperty('recaptcha_token')
    expect(await peopleCount(t)).toBe(before)
  })

  it('accepts a solution once: a replay is refused', async () => {
    const token = await solveCaptcha(t)
    expect(body(await signup(t, { ...form(), recaptcha_token: token })).code).toBe('email_not_verified')
    const replay = await signup(t, { ...form(), recaptcha_token: token })
    expect(replay.statusCode).toBe(400)
    expect(body(replay).code).toBe('incorrect_recaptcha')
  })

  it('refuses an expired challenge and purges used solutions once they expire', async () => {
    const app = await createTestApp()
    try {
      const conferenceId = await buildTeam(app, { kind: 'conference' })
      const churchId = await buildTeam(app, { kind: 'team', parentId: conferenceId })
      const payload = () => form({ conference_id: conferenceId, team_id: churchId })
      expect(body(await signup(app, { ...payload(), recaptcha_token: await solveCaptcha(app) })).code).toBe('email_not_verified')
      expect(await app.db.select().from(captchaSolutions)).toHaveLength(1)
      const stale = await solveCaptcha(app)
      app.clock.advance(31 * 60_000)
      expect(body(await signup(app, { ...payload(), recaptcha_token: stale })).code).toBe('incorrect_recaptcha')
      // The next good solution clears the expired one.
      expect(body(await signup(app, { ...payload(), recaptcha_token: await solveCaptcha(app) })).code).toBe('email_not_verified')
      const kept = await app.db.select().from(captchaSolutions)
      expect(kept).toHaveLength(1)
      expect(await app.db.select().from(captchaSolutions).where(lt(captchaSolutions.expires_at, app.clock.now()))).toHaveLength(0)
    } finally {
      await app.close()
    }
  })

  it('refuses a taken email with email_exists', async () => {
    const existing = await buildPerson(t)
    const before = await peopleCount(t)
    const response = await signup(t, { ...form({ email: existing.email.toUpperCase() }), recaptcha_token: await solveCaptcha(t) })
    expect(response.statusCode).toBe(409)
    expect(body(response)).toMatchObject({ code: 'email_exists', data: { status: 409 } })
    expect(await peopleCount(t)).toBe(before)
    expect(await mailTo(t, existing.email)).toHaveLength(0)
  })

  it('needs a church of the chosen conference', async () => {
    const otherConference = await buildTeam(t, { kind: 'conference' })
    const otherChurch = await buildTeam(t, { kind: 'team', parentId: otherConference })
    const group = await buildTeam(t, { kind: 'group', parentId: church })
    const before = await peopleCount(t)
    for (const teamId of [otherChurch, group, conference, 999_999]) {
      const response = await signup(t, { ...form({ team_id: teamId }), recaptcha_token: 'not-even-checked' })
      expect(response.statusCode, String(teamId)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(body(response).data.errors).toHaveProperty('team_id')
    }
    expect(await peopleCount(t)).toBe(before)
  })

  it('refuses a weak password: eleven characters are not enough', async () => {
    const before = await peopleCount(t)
    for (const password of [elevenCharacters, 'aaaaaaaaaaaa', 'Ruth Moabite']) {
      const response = await signup(t, { ...form({ password }), recaptcha_token: 'not-even-checked' })
      expect(response.statusCode, password).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(body(response).data.errors.password).toMatch(/(Weak|Poor) password/)
    }
    expect(await peopleCount(t)).toBe(before)
  })

  it('refuses a malformed payload with field errors and writes nothing', async () => {
    const before = await peopleCount(t)
    const mailsBefore = (await t.db.select().from(mailOutbox)).length
    const response = await signup(t, { email: 'not-an-email', first_name: '', conference_id: 'x', recaptcha_token: 'x' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(body(response).data.errors)).toEqual(
      expect.arrayContaining(['email', 'first_name', 'last_name', 'password', 'conference_id', 'team_id']),
    )
    expect(await peopleCount(t)).toBe(before)
    expect(await t.db.select().from(mailOutbox)).toHaveLength(mailsBefore)
  })

  it('is rate limited per address', async () => {
    const app = await createTestApp({ loginRateLimit: 2 })
    try {
      for (let i = 0; i < 2; i++) expect((await signup(app, { ...form(), recaptcha_token: 'x' })).statusCode).toBe(400)
      const blocked = await signup(app, { ...form(), recaptcha_token: 'x' })
      expect(blocked.statusCode).toBe(429)
      expect(body(blocked).code).toBe('too_many_requests')
    } finally {
      await app.close()
    }
  })
})

describe('sign-up with reCAPTCHA', () => {
  let google: Server
  const seen: URLSearchParams[] = []
  let app: TestApp
  beforeAll(async () => {
    // Stands in for Google's siteverify: only 'good-token' with our secret passes.
    google = createServer((request, response) => {
      let raw = ''
      request.on('data', (chunk) => (raw += chunk))
      request.on('end', () => {
        const form = new URLSearchParams(raw)
        seen.push(form)
        const success = request.method === 'POST' && form.get('secret') === 'server-secret' && form.get('response') === 'good-token'
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }))
      })
    })
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
    const { port } = google.address() as AddressInfo
    app = await createTestApp({ recaptchaSecret: 'server-secret', recaptchaSiteKey: 'site-key', recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify` })
  })
  afterAll(async () => {
    await app.close()
    await new Promise((resolve) => google.close(resolve))
  })

  it('verifies the token with the configured siteverify URL', async () => {
    const conferenceId = await buildTeam(app, { kind: 'conference' })
    const churchId = await buildTeam(app, { kind: 'team', parentId: conferenceId })
    const payload = form({ conference_id: conferenceId, team_id: churchId })
    const refused = await signup(app, { ...payload, recaptcha_token: 'bad-token' })
    expect(body(refused).code).toBe('incorrect_recaptcha')
    const accepted = await signup(app, { ...payload, recaptcha_token: 'good-token' })
    expect(body(accepted).code).toBe('email_not_verified')
    expect(seen.at(-1)!.get('remoteip')).toBe('127.0.0.1')
    expect((await app.call({ method: 'GET', url: '/api/v1/site' })).json()).toMatchObject({ captcha: 'recaptcha', recaptcha_site_key: 'site-key' })
    // There is no ALTCHA challenge to hand out.
    expect((await app.call({ method: 'GET', url: '/api/v1/captcha-challenge' })).statusCode).toBe(404)
  })

  it('refuses sign-up when siteverify cannot be reached', async () => {
    const offline = await createTestApp({ recaptchaSecret: 'server-secret', recaptchaVerifyUrl: 'http://127.0.0.1:9/siteverify' })
    try {
      const conferenceId = await buildTeam(offline, { kind: 'conference' })
      const churchId = await buildTeam(offline, { kind: 'team', parentId: conferenceId })
      const response = await signup(offline, { ...form({ conference_id: conferenceId, team_id: churchId }), recaptcha_token: 'good-token' })
      expect(response.statusCode).toBe(400)
      expect(body(response).code).toBe('incorrect_recaptcha')
    } finally {
      await offline.close()
    }
  })
})
