import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, memberships, ownerRequests, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, mailTo, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function churchWithOwner() {
  const church = await buildTeam(t, { title: 'Request Church' })
  const owner = await buildPerson(t)
  await addMember(t, owner.id, church, 'owner')
  return { church, owner }
}

async function requester(church: number, names: { firstName?: string; lastName?: string } = {}) {
  const person = await buildPerson(t, names)
  await addMember(t, person.id, church, 'member_request')
  return person
}

const get = (url: string, token: string) => t.call({ method: 'GET', url: `/api/v1/${url}`, token })
const post = (url: string, token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/v1/${url}`, token, payload })

async function roleOf(personId: number, teamId: number) {
  const [row] = await t.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  return row?.role ?? null
}

describe('GET /api/v1/membership-requests', () => {
  it('D3-3-08 D3-2.4-07 lists the pending requests of the team, oldest first, with id, name, email and date_display', async () => {
    const { church, owner } = await churchWithOwner()
    const ruth = await requester(church, { firstName: 'Ruth', lastName: 'Early' })
    const boaz = await requester(church, { firstName: 'Boaz', lastName: 'Later' })
    const member = await buildPerson(t)
    await addMember(t, member.id, church, 'member')
    const response = await get(`membership-requests?team_id=${church}`, owner.token)
    expect(response.statusCode).toBe(200)
    const { items, count } = body(response)
    expect(count).toBe(2)
    expect(items.map((item: { user_id: number }) => item.user_id)).toEqual([ruth.id, boaz.id])
    expect(Object.keys(items[0]).sort()).toEqual(['date_display', 'email', 'id', 'name', 'user_id'])
    expect(items[0]).toMatchObject({ name: 'Ruth Early', email: ruth.email })
    expect(items[0].date_display).toMatch(/\d{4}/)

    // The badge counts what the page lists (D1-2.1-26).
    const pending = await get(`pending-items?team_id=${church}`, owner.token)
    expect(body(pending).membership_requests).toBe(2)
  })

  it('D3-6-09 needs update_team: a leader is refused 403, another team 404, no sign-in 401', async () => {
    const { church } = await churchWithOwner()
    const leader = await buildPerson(t)
    await addMember(t, leader.id, church, 'leader')
    const person = await requester(church)
    expect((await get(`membership-requests?team_id=${church}`, leader.token)).statusCode).toBe(403)
    expect((await post('accept-membership-request', leader.token, { team_id: church, user_id: person.id })).statusCode).toBe(403)
    expect((await post('reject-membership-request', leader.token, { team_id: church, user_id: person.id })).statusCode).toBe(403)
    // The pending person themself sees nothing.
    expect((await get(`membership-requests?team_id=${church}`, person.token)).statusCode).toBe(403)
    const { owner: otherOwner } = await churchWithOwner()
    expect((await get(`membership-requests?team_id=${church}`, otherOwner.token)).statusCode).toBe(404)
    expect((await post('accept-membership-request', otherOwner.token, { team_id: church, user_id: person.id })).statusCode).toBe(404)
    expect((await t.call({ method: 'GET', url: `/api/v1/membership-requests?team_id=${church}` })).statusCode).toBe(401)
    expect(await roleOf(person.id, church)).toBe('member_request')
  })

  it('answers 400, never 5xx, on malformed input', async () => {
    const { church, owner } = await churchWithOwner()
    for (const query of ['', 'team_id=abc', 'team_id=-1', 'team_id=99999999999']) {
      expect((await get(`membership-requests?${query}`, owner.token)).statusCode).toBe(400)
    }
    for (const payload of [{}, { team_id: 'x', user_id: 1 }, { team_id: church }, { team_id: church, user_id: 'é' }, { team_id: church, user_id: 0 }]) {
      expect((await post('accept-membership-request', owner.token, payload)).statusCode).toBe(400)
    }
  })
})

describe('POST /api/v1/accept-membership-request', () => {
  it('D3-4-07 makes the person a member, records the activity, mails them and drops the request from the list', async () => {
    const { church, owner } = await churchWithOwner()
    const person = await requester(church)
    const response = await post('accept-membership-request', owner.token, { team_id: church, user_id: person.id })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toMatchObject({ success: true })
    expect(await roleOf(person.id, church)).toBe('member')
    expect(body(await get(`membership-requests?team_id=${church}`, owner.token))).toMatchObject({ items: [], count: 0 })
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, church), eq(activityLog.subject_type, 'user_invites'), eq(activityLog.subject_id, person.id)))
    expect(log).toMatchObject([{ author_id: owner.id, action: 'update' }])
    const mails = await mailTo(t, person.email)
    expect(mails.at(-1)!.text_body).toContain('has been accepted')
    // The new member now reads the team.
    expect((await get(`user?return_teams=1`, person.token)).json().teams[church].user_role).toBe('member')
  })

  it('D3-4-07 is 404 for a person without a pending request (a member, a stranger, another team)', async () => {
    const { church, owner } = await churchWithOwner()
    const member = await buildPerson(t)
    await addMember(t, member.id, church, 'member')
    const stranger = await buildPerson(t)
    const { church: otherChurch } = await churchWithOwner()
    const elsewhere = await requester(otherChurch)
    for (const userId of [member.id, stranger.id, elsewhere.id, owner.id]) {
      expect((await post('accept-membership-request', owner.token, { team_id: church, user_id: userId })).statusCode).toBe(404)
      expect((await post('reject-membership-request', owner.token, { team_id: church, user_id: userId })).statusCode).toBe(404)
    }
    expect(await roleOf(member.id, church)).toBe('member')
    expect(await roleOf(elsewhere.id, otherChurch)).toBe('member_request')
  })

  it('D3-4-07 accepting twice at once changes the membership once', async () => {
    const { church, owner } = await churchWithOwner()
    const person = await requester(church)
    const answers = await Promise.all([1, 2, 3].map(() => post('accept-membership-request', owner.token, { team_id: church, user_id: person.id })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404])
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, church), eq(activityLog.subject_id, person.id), eq(activityLog.subject_type, 'user_invites')))
    expect(log).toHaveLength(1)
  })
})

describe('POST /api/v1/reject-membership-request', () => {
  it('D3-4-08 removes the request: the person is not a member, the activity is recorded and they are told', async () => {
    const { church, owner } = await churchWithOwner()
    const person = await requester(church)
    const response = await post('reject-membership-request', owner.token, { team_id: church, user_id: person.id })
    expect(response.statusCode).toBe(200)
    expect(await roleOf(person.id, church)).toBeNull()
    expect(body(await get(`membership-requests?team_id=${church}`, owner.token)).count).toBe(0)
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, church), eq(activityLog.subject_id, person.id), eq(activityLog.action, 'delete')))
    expect(log).toHaveLength(1)
    expect((await mailTo(t, person.email)).at(-1)!.text_body).toContain('was not accepted')
    // Again: nothing pending any more.
    expect((await post('reject-membership-request', owner.token, { team_id: church, user_id: person.id })).statusCode).toBe(404)
  })
})

describe('owner requests', () => {
  let admin: TestPerson
  beforeAll(async () => {
    admin = await buildPerson(t, { siteRole: 'admin' })
  })

  async function ownerRequest(options: { role?: 'member' | 'member_request' | 'leader' | 'entity_admin'; ownerId?: number } = {}) {
    const church = await buildTeam(t, { title: `Owner Request Church ${Math.random().toString(36).slice(2, 7)}` })
    if (options.ownerId) await t.db.update(teams).set({ owner_id: options.ownerId }).where(eq(teams.id, church))
    const person = await buildPerson(t, { firstName: 'Pastor', lastName: 'Paul' })
    if (options.role) await addMember(t, person.id, church, options.role)
    const [row] = await t.db.insert(ownerRequests).values({ person_id: person.id, team_id: church }).returning({ id: ownerRequests.id })
    return { church, person, id: row!.id }
  }

  it('D3-3-09 D3-2.4-08 lists the pending requests with id, name, team_name, email and created_display; D1-2.1-27 the badge counts them', async () => {
    const request = await ownerRequest({ role: 'member_request' })
    const decided = await ownerRequest()
    await t.db.update(ownerRequests).set({ status: 'rejected' }).where(eq(ownerRequests.id, decided.id))
    const response = await get('owner-requests', admin.token)
    expect(response.statusCode).toBe(200)
    const { items, count } = body(response)
    const mine = items.find((item: { id: number }) => item.id === request.id)
    expect(Object.keys(mine).sort()).toEqual(['created_display', 'email', 'id', 'name', 'team_name'])
    const [team] = await t.db.select({ title: teams.title }).from(teams).where(eq(teams.id, request.church))
    expect(mine).toMatchObject({ name: 'Pastor Paul', team_name: team!.title, email: request.person.email })
    expect(items.some((item: { id: number }) => item.id === decided.id)).toBe(false)
    const pending = await t.db.select().from(ownerRequests).where(eq(ownerRequests.status, 'pending'))
    expect(count).toBe(pending.length)
    const { church, owner } = await churchWithOwner()
    await addMember(t, admin.id, church, 'member')
    expect(body(await get(`pending-items?team_id=${church}`, admin.token)).owner_requests).toBe(pending.length)
    expect(body(await get(`pending-items?team_id=${church}`, owner.token)).owner_requests).toBe(0)
  })

  it('D3-6-20 are for site admins only: 403 for an owner or entity admin, 401 without sign-in', async () => {
    const request = await ownerRequest()
    const { owner } = await churchWithOwner()
    const entity = await buildPerson(t)
    const conference = await buildTeam(t, { kind: 'conference' })
    await addMember(t, entity.id, conference, 'entity_admin')
    for (const caller of [owner, entity]) {
      expect((await get('owner-requests', caller.token)).statusCode).toBe(403)
      expect((await post('accept-owner-request', caller.token, { id: request.id })).statusCode).toBe(403)
      expect((await post('reject-owner-request', caller.token, { id: request.id })).statusCode).toBe(403)
    }
    expect((await t.call({ method: 'GET', url: '/api/v1/owner-requests' })).statusCode).toBe(401)
    const [row] = await t.db.select().from(ownerRequests).where(eq(ownerRequests.id, request.id))
    expect(row!.status).toBe('pending')
  })

  it('D3-4-09 accepting makes the requester an owner (a pending member too), sets the team owner and closes the request', async () => {
    const request = await ownerRequest({ role: 'member_request' })
    const response = await post('accept-owner-request', admin.token, { id: request.id })
    expect(response.statusCode).toBe(200)
    expect(await roleOf(request.person.id, request.church)).toBe('owner')
    const [team] = await t.db.select().from(teams).where(eq(teams.id, request.church))
    expect(team!.owner_id).toBe(request.person.id)
    const [row] = await t.db.select().from(ownerRequests).where(eq(ownerRequests.id, request.id))
    expect(row).toMatchObject({ status: 'accepted', decided_by_id: admin.id })
    expect(row!.decided_at).not.toBeNull()
    expect(body(await get('owner-requests', admin.token)).items.some((item: { id: number }) => item.id === request.id)).toBe(false)
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, request.church), eq(activityLog.subject_id, request.person.id)))
    expect(log).toMatchObject([{ author_id: admin.id, subject_type: 'user_invites', action: 'update' }])
    expect((await mailTo(t, request.person.email)).at(-1)!.subject).toContain('owner')
    // Decided: a second decision is 404.
    expect((await post('accept-owner-request', admin.token, { id: request.id })).statusCode).toBe(404)
    expect((await post('reject-owner-request', admin.token, { id: request.id })).statusCode).toBe(404)
  })

  it('D3-4-09 creates the membership when missing and keeps an existing team owner_id', async () => {
    const other = await buildPerson(t)
    const request = await ownerRequest({ ownerId: other.id })
    expect((await post('accept-owner-request', admin.token, { id: request.id })).statusCode).toBe(200)
    expect(await roleOf(request.person.id, request.church)).toBe('owner')
    const [team] = await t.db.select().from(teams).where(eq(teams.id, request.church))
    expect(team!.owner_id).toBe(other.id)
  })

  it('D3-4-09 accepting twice at once grants once', async () => {
    const request = await ownerRequest({ role: 'member' })
    const answers = await Promise.all([1, 2].map(() => post('accept-owner-request', admin.token, { id: request.id })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, request.church), eq(activityLog.subject_id, request.person.id)))
    expect(log).toHaveLength(1)
  })

  it('D3-4-10 rejecting closes the request and leaves the role as it was', async () => {
    const request = await ownerRequest({ role: 'leader' })
    const response = await post('reject-owner-request', admin.token, { id: request.id })
    expect(response.statusCode).toBe(200)
    expect(await roleOf(request.person.id, request.church)).toBe('leader')
    const [row] = await t.db.select().from(ownerRequests).where(eq(ownerRequests.id, request.id))
    expect(row).toMatchObject({ status: 'rejected', decided_by_id: admin.id })
    expect(body(await get('owner-requests', admin.token)).items.some((item: { id: number }) => item.id === request.id)).toBe(false)
    expect((await mailTo(t, request.person.email)).at(-1)!.text_body).toContain('was not accepted')
  })

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await post('accept-owner-request', admin.token, { id: 2_000_000_000 })).statusCode).toBe(404)
    expect((await post('reject-owner-request', admin.token, { id: 'abc' })).statusCode).toBe(400)
    expect((await post('accept-owner-request', admin.token, {})).statusCode).toBe(400)
  })
})
