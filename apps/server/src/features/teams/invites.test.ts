import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { MembershipRole } from '@crm/domain'
import { accounts, activityLog, invites, memberships, people } from '../../db/schema/index'
import { createInvite, inviteDays } from './teams.service'
import {
  addMember,
  body,
  buildPerson,
  buildTeam,
  createTestApp,
  elevenCharacters,
  strongPassword,
  testPassword,
  totpCode,
  type TestApp,
} from '../../../test/harness'

let t: TestApp
let church: number
let inviter: number
beforeAll(async () => {
  t = await createTestApp({ twoFactorRequiredRoles: ['owner'] })
  church = await buildTeam(t, { title: 'Bethany Church' })
  inviter = (await buildPerson(t, { firstName: 'Martha', lastName: 'Host' })).id
})
afterAll(async () => t.close())

let sequence = 0
async function invite(options: { email?: string; role?: Exclude<MembershipRole, 'member_request'>; teamId?: number } = {}) {
  sequence += 1
  const email = options.email ?? `invitee${sequence}@crm.test`
  const created = await createInvite(
    t.db,
    { config: t.config, now: t.clock.now },
    {
      teamId: options.teamId ?? church,
      invitedById: inviter,
      email,
      firstName: 'Mary',
      lastName: 'Sister',
      role: options.role ?? 'member',
    },
  )
  return { ...created, email }
}

const post = (path: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/v1/${path}`, payload })

async function inviteRow(id: number) {
  const [row] = await t.db.select().from(invites).where(eq(invites.id, id))
  return row!
}

async function roleOf(personId: number, teamId: number) {
  const rows = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  expect(rows.length).toBeLessThanOrEqual(1)
  return rows[0]?.role
}

describe('POST /api/v1/check-invite-key', () => {
  it('tells who invites whom to which team, and whether the email has an account', async () => {
    const fresh = await invite()
    const response = await post('check-invite-key', { key: fresh.key })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({
      team_name: 'Bethany Church',
      invited_by_name: 'Martha Host',
      email: fresh.email,
      first_name: 'Mary',
      last_name: 'Sister',
      existing: false,
    })
    const member = await buildPerson(t)
    const known = await invite({ email: member.email })
    expect(body(await post('check-invite-key', { key: known.key })).existing).toBe(true)
  })

  it('answers key_invalid for an unknown, accepted or cancelled invite', async () => {
    const accepted = await invite()
    await t.db.update(invites).set({ status: 'accepted' }).where(eq(invites.id, accepted.id))
    const cancelled = await invite()
    await t.db.update(invites).set({ status: 'cancelled' }).where(eq(invites.id, cancelled.id))
    for (const key of ['bogus', accepted.key, cancelled.key]) {
      const response = await post('check-invite-key', { key })
      expect(response.statusCode).toBe(400)
      expect(body(response)).toMatchObject({ code: 'key_invalid', data: { status: 400 } })
    }
  })

  it('answers expired (410) for a pending invite past its date', async () => {
    const app = await createTestApp()
    try {
      const teamId = await buildTeam(app)
      const late = await createInvite(app.db, { config: app.config, now: app.clock.now }, { teamId, invitedById: null, email: 'late@crm.test', role: 'member' })
      app.clock.advance((inviteDays + 1) * 24 * 3600 * 1000)
      const response = await app.call({ method: 'POST', url: '/api/v1/check-invite-key', payload: { key: late.key } })
      expect(response.statusCode).toBe(410)
      expect(body(response)).toMatchObject({ code: 'expired', data: { status: 410 } })
      const activate = await app.call({ method: 'POST', url: '/api/v1/activate-invite', payload: { key: late.key, first_name: 'L', password: strongPassword } })
      expect(body(activate).code).toBe('expired')
    } finally {
      await app.close()
    }
  })

  it('refuses a missing key', async () => {
    const response = await post('check-invite-key', {})
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toHaveProperty('key')
  })
})

describe('POST /api/v1/activate-invite for a new person', () => {
  it('creates a verified account on the invite, joins the team and signs in', async () => {
    const fresh = await invite({ role: 'leader' })
    const response = await post('activate-invite', {
      key: fresh.key,
      first_name: 'Mary',
      last_name: 'Bethany',
      email: fresh.email.toUpperCase(),
      password: strongPassword,
      redirectUrl: '/contacts',
    })
    expect(response.statusCode).toBe(200)
    const answer = body(response)
    expect(answer).toMatchObject({ team_id: church, team_is_group: false, team_parent_id: null, two_factor_remember_id: null })
    for (const key of ['access_token', 'expires_in', 'encryption_key', 'user_id']) expect(answer).toHaveProperty(key)
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, fresh.email))
    expect(account!.person_id).toBe(answer.user_id)
    expect(account!.email_verified_at).not.toBeNull()
    const [person] = await t.db.select().from(people).where(eq(people.id, answer.user_id))
    expect(person).toMatchObject({ first_name: 'Mary', last_name: 'Bethany', email_is_verified: true })
    expect(await roleOf(answer.user_id, church)).toBe('leader')
    const row = await inviteRow(fresh.id)
    expect(row.status).toBe('accepted')
    expect(row.accepted_at).not.toBeNull()
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'user_invites'), eq(activityLog.subject_id, fresh.id)))
    expect(log).toHaveLength(1)
    const user = await t.call({ method: 'GET', url: '/api/v1/user?return_teams=1', token: answer.access_token })
    expect(body(user).teams[church].user_role).toBe('leader')

    const again = await post('activate-invite', { key: fresh.key, first_name: 'Mary', password: strongPassword })
    expect(body(again).code).toBe('key_invalid')
  })

  it('needs a first name, a strong password and the invited email; nothing changes otherwise', async () => {
    const fresh = await invite()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: strongPassword }, 'first_name'],
      [{ first_name: 'Mary' }, 'password'],
      [{ first_name: 'Mary', password: elevenCharacters }, 'password'],
      [{ first_name: 'Mary', password: strongPassword, email: 'someone-else@crm.test' }, 'email'],
      [{ first_name: 'Ma\u001bry', password: strongPassword }, 'first_name'],
      [{ first_name: 'Mary', last_name: 'Jo\u202ens', password: strongPassword }, 'last_name'],
      [{ first_name: 'Mary', password: strongPassword, email: fresh.email.replace('@', '\u200d@') }, 'email'],
    ]
    for (const [payload, field] of cases) {
      const response = await post('activate-invite', { key: fresh.key, ...payload })
      expect(response.statusCode, field).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(body(response).data.errors).toHaveProperty(field)
    }
    expect(await t.db.select().from(accounts).where(eq(accounts.email, fresh.email))).toHaveLength(0)
    expect((await inviteRow(fresh.id)).status).toBe('pending')
  })

  it('joins a group and its team, and says where to go', async () => {
    const group = await buildTeam(t, { kind: 'group', parentId: church, title: 'Choir' })
    const fresh = await invite({ teamId: group, role: 'leader' })
    const answer = body(await post('activate-invite', { key: fresh.key, first_name: 'Anna', password: strongPassword }))
    expect(answer).toMatchObject({ team_id: group, team_is_group: true, team_parent_id: church })
    expect(await roleOf(answer.user_id, group)).toBe('leader')
    expect(await roleOf(answer.user_id, church)).toBe('member')
  })

  it('answers the two-factor setup instead of a session when the role requires it', async () => {
    const fresh = await invite({ role: 'owner' })
    const response = await post('activate-invite', { key: fresh.key, first_name: 'Olive', password: strongPassword })
    expect(response.statusCode).toBe(200)
    const answer = body(response)
    expect(answer).toMatchObject({ code: '2fa_not_setup', team_id: church, team_is_group: false, team_parent_id: null })
    expect(answer).not.toHaveProperty('access_token')
    expect(answer.totp.qr_code_url).toMatch(/^data:image\/png;base64,/)
    // The setup step signs in with the password and a code of that secret.
    const secret = answer.totp.secret_grouped.replace(/ /g, '')
    const login = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: fresh.email, password: strongPassword, totp: totpCode(t, secret) } })
    expect(login.statusCode).toBe(200)
    expect(body(login).access_token).toBeTruthy()
  })
})

describe('POST /api/v1/activate-invite for an existing person', () => {
  it('adds the membership without signing anyone in', async () => {
    const person = await buildPerson(t)
    const known = await invite({ email: person.email, role: 'leader' })
    const response = await post('activate-invite', { key: known.key, password: 'anything at all here' })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ team_id: church, team_is_group: false, team_parent_id: null })
    expect(await roleOf(person.id, church)).toBe('leader')
    expect((await inviteRow(known.id)).status).toBe('accepted')
    expect(await t.db.select().from(accounts).where(eq(accounts.email, person.email))).toHaveLength(1)
    // The password sent along is not the account's: it changed nothing.
    expect((await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: person.email, password: testPassword } })).statusCode).toBe(200)
  })

  it('verifies the address the invite came to', async () => {
    const person = await buildPerson(t, { verified: false })
    const known = await invite({ email: person.email })
    expect((await post('activate-invite', { key: known.key })).statusCode).toBe(200)
    const [account] = await t.db.select().from(accounts).where(eq(accounts.person_id, person.id))
    expect(account!.email_verified_at).not.toBeNull()
    const [row] = await t.db.select().from(people).where(eq(people.id, person.id))
    expect(row!.email_is_verified).toBe(true)
  })

  it('raises a lower role, never lowers one, and never duplicates the membership', async () => {
    const cases: Array<[MembershipRole, Exclude<MembershipRole, 'member_request'>, MembershipRole]> = [
      ['member_request', 'member', 'member'],
      ['member', 'leader', 'leader'],
      ['owner', 'leader', 'owner'],
      ['leader', 'leader', 'leader'],
    ]
    for (const [had, invited, expected] of cases) {
      const person = await buildPerson(t)
      await addMember(t, person.id, church, had)
      const known = await invite({ email: person.email, role: invited })
      expect((await post('activate-invite', { key: known.key })).statusCode).toBe(200)
      expect(await roleOf(person.id, church), `${had} + ${invited}`).toBe(expected)
    }
  })

  it('keeps the team role of a person invited to one of its groups', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'leader')
    const group = await buildTeam(t, { kind: 'group', parentId: church })
    const known = await invite({ email: person.email, teamId: group, role: 'member' })
    expect(body(await post('activate-invite', { key: known.key }))).toEqual({ team_id: group, team_is_group: true, team_parent_id: church })
    expect(await roleOf(person.id, group)).toBe('member')
    expect(await roleOf(person.id, church)).toBe('leader')
  })
})

describe('invite keys are rate limited', () => {
  it('per address', async () => {
    const app = await createTestApp({ loginRateLimit: 2 })
    try {
      const attempt = () => app.call({ method: 'POST', url: '/api/v1/check-invite-key', payload: { key: 'guess' } })
      for (let i = 0; i < 2; i++) expect((await attempt()).statusCode).toBe(400)
      expect((await attempt()).statusCode).toBe(429)
    } finally {
      await app.close()
    }
  })
})
