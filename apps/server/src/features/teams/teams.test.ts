import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, invites, memberships, ownerRequests, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { createInvite, inviteDays } from './teams.service'
import { hashToken } from '../../platform/tokens'
import { startSession } from '../auth/auth.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

describe('POST /api/v1/add-group', () => {
  it('lets a member create a private group of their own', async () => {
    const member = await buildPerson(t)
    const church = await buildTeam(t)
    await addMember(t, member.id, church, 'member')
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/add-group',
      token: member.token,
      payload: { team_id: church, title: '  My private group ', is_private: 1 },
    })
    expect(response.statusCode).toBe(200)
    const { id } = body(response)
    const [group] = await t.db.select().from(teams).where(eq(teams.id, id))
    expect(group).toMatchObject({ kind: 'group', parent_id: church, title: 'My private group', is_public: false, isolated_owner_id: member.id })
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.team_id, id), eq(memberships.person_id, member.id)))
    expect(membership!.role).toBe('owner')
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'group'), eq(activityLog.subject_id, id)))
    expect(log).toHaveLength(1)

    // It is now a real private group: no more temporary offer.
    const team = (await t.call({ method: 'GET', url: '/api/v1/user?return_teams=1', token: member.token })).json().teams[church]
    expect(team.groups[id]).toMatchObject({ is_public: false, is_temp_private_group: false, user_role: 'owner' })
    expect(team.groups['0']).toBeUndefined()
  })

  it('accepts multipart form data too', async () => {
    const member = await buildPerson(t)
    const church = await buildTeam(t)
    await addMember(t, member.id, church, 'member')
    const boundary = 'xBOUNDARYx'
    const form = [
      ['team_id', String(church)],
      ['title', 'Form group'],
      ['is_private', '1'],
    ]
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/add-group',
      token: member.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${form}--${boundary}--\r\n`,
    })
    expect(response.statusCode).toBe(200)
    expect(body(response).id).toBeGreaterThan(0)
  })

  it('needs update_team for a public group', async () => {
    const member = await buildPerson(t)
    const owner = await buildPerson(t)
    const church = await buildTeam(t)
    await addMember(t, member.id, church, 'member')
    await addMember(t, owner.id, church, 'owner')
    const payload = { team_id: church, title: 'Choir', is_private: 0 }
    const refused = await t.call({ method: 'POST', url: '/api/v1/add-group', token: member.token, payload })
    expect(refused.statusCode).toBe(403)
    expect(await t.db.select().from(teams).where(eq(teams.title, 'Choir'))).toHaveLength(0)
    const created = await t.call({ method: 'POST', url: '/api/v1/add-group', token: owner.token, payload })
    expect(created.statusCode).toBe(200)
    const [group] = await t.db
      .select()
      .from(teams)
      .where(eq(teams.id, body(created).id))
    expect(group).toMatchObject({ is_public: true, isolated_owner_id: null })
  })

  it('refuses a title with control or bidi-override characters and changes nothing', async () => {
    const member = await buildPerson(t)
    const church = await buildTeam(t)
    await addMember(t, member.id, church, 'member')
    for (const title of ['Youth\u001b[2J', 'Bible\u0007 study', 'Prayer \u202epuorg']) {
      const response = await t.call({ method: 'POST', url: '/api/v1/add-group', token: member.token, payload: { team_id: church, title, is_private: 1 } })
      expect(response.statusCode, title).toBe(400)
      expect(body(response).data.errors).toHaveProperty('title')
    }
    expect(await t.db.select().from(teams).where(eq(teams.parent_id, church))).toHaveLength(0)
  })

  it('refuses an empty title and changes nothing', async () => {
    const member = await buildPerson(t)
    const church = await buildTeam(t)
    await addMember(t, member.id, church, 'member')
    const before = await t.db.select().from(teams)
    const response = await t.call({ method: 'POST', url: '/api/v1/add-group', token: member.token, payload: { team_id: church, title: '   ', is_private: 1 } })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toHaveProperty('title')
    expect(await t.db.select().from(teams)).toHaveLength(before.length)
  })
})

describe('GET /api/v1/invites', () => {
  it("lists the caller's open invites with a link that carries the invite's key", async () => {
    const invitee = await buildPerson(t)
    const inviter = await buildPerson(t, { firstName: 'Paul', lastName: 'Pastor' })
    const church = await buildTeam(t, { title: 'Bethel Church' })
    const other = await buildPerson(t)
    const invite = await createInvite(
      t.db,
      { config: t.config, now: t.clock.now },
      { teamId: church, invitedById: inviter.id, email: invitee.email, role: 'member' },
    )
    await createInvite(t.db, { config: t.config, now: t.clock.now }, { teamId: church, invitedById: inviter.id, email: other.email, role: 'member' })

    const response = await t.call({ method: 'GET', url: '/api/v1/invites', token: invitee.token })
    expect(response.statusCode).toBe(200)
    const { items, count } = body(response)
    expect(count).toBe(1)
    expect(items[0].team_name).toBe('Bethel Church')
    const url = new URL(items[0].url)
    expect(url.origin + url.pathname).toBe('http://crm.test/accept-invite')
    expect(url.searchParams.get('key')).toBe(invite.key)
    expect(url.searchParams.get('invited_by_name')).toBe('Paul Pastor')
    expect(url.searchParams.get('invited_to_name')).toBe('Bethel Church')
    // Only the key's hash is stored.
    const [row] = await t.db.select().from(invites).where(eq(invites.id, invite.id))
    expect(row!.key_hash).toBe(hashToken(invite.key))
    expect(JSON.stringify(row)).not.toContain(invite.key)
  })

  it('leaves out expired, accepted and cancelled invites', async () => {
    const invitee = await buildPerson(t)
    const church = await buildTeam(t)
    const deps = { config: t.config, now: t.clock.now }
    const accepted = await createInvite(t.db, deps, { teamId: church, invitedById: null, email: invitee.email, role: 'member' })
    await t.db.update(invites).set({ status: 'accepted' }).where(eq(invites.id, accepted.id))
    await createInvite(t.db, deps, { teamId: church, invitedById: null, email: invitee.email, role: 'leader' })
    expect(body(await t.call({ method: 'GET', url: '/api/v1/invites', token: invitee.token })).count).toBe(1)
    t.clock.advance((inviteDays + 1) * 24 * 3600 * 1000)
    // The old session has expired by now too: sign in again.
    const session = await startSession(t.db, { config: t.config, now: t.clock.now }, invitee.id, 'salt')
    expect(body(await t.call({ method: 'GET', url: '/api/v1/invites', token: session.access_token })).count).toBe(0)
  })
})

describe('GET /api/v1/pending-items', () => {
  it('counts membership requests for owners and owner requests for site admins', async () => {
    const owner = await buildPerson(t)
    const member = await buildPerson(t)
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const church = await buildTeam(t)
    await addMember(t, owner.id, church, 'owner')
    await addMember(t, member.id, church, 'member')
    for (let i = 0; i < 2; i++) await addMember(t, (await buildPerson(t)).id, church, 'member_request')
    await t.db.insert(ownerRequests).values({ person_id: member.id, team_id: church })

    const asOwner = body(await t.call({ method: 'GET', url: `/api/v1/pending-items?team_id=${church}`, token: owner.token }))
    expect(asOwner).toEqual({ membership_requests: 2, owner_requests: 0 })
    const asMember = body(await t.call({ method: 'GET', url: `/api/v1/pending-items?team_id=${church}`, token: member.token }))
    expect(asMember).toEqual({ membership_requests: 0, owner_requests: 0 })
    const asAdmin = body(await t.call({ method: 'GET', url: `/api/v1/pending-items?team_id=${church}`, token: admin.token }))
    expect(asAdmin.membership_requests).toBe(2)
    expect(asAdmin.owner_requests).toBeGreaterThanOrEqual(1)
  })
})
