import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { activityLog, memberships, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { createInvite } from './teams.service'

// The team and group pages' calls (spec 3 §2.4, §6, §7): manage-team, update-team,
// update-group, remove-group, leave-team, manage-teams/add and add-sub-team.

let t: TestApp
let c: Church
let other: Church
let conferenceOwner: TestPerson
beforeAll(async () => {
  t = await createTestApp()
  c = await buildChurch(t, { title: 'Hope Church' })
  other = await buildChurch(t)
  conferenceOwner = await buildPerson(t, { firstName: 'Connie', lastName: 'Conference' })
  await addMember(t, conferenceOwner.id, c.conference, 'owner')
})
afterAll(async () => t.close())

async function activityCount(subjectType: string, subjectId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(activityLog)
    .where(and(eq(activityLog.subject_type, subjectType), eq(activityLog.subject_id, subjectId)))
  return row!.n
}

async function membershipOf(personId: number, teamId: number) {
  const [row] = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  return row
}

describe('GET manage-team/:id', () => {
  it('D3-2.4-01 D3-2.4-10 shows the team with its address, directions link, role and capabilities', async () => {
    await t.db
      .update(teams)
      .set({ description: 'A church by the sea', address_formatted: '1 Beach Road, Manly NSW 2095, Australia', address_lat: -33.8, address_lng: 151.28 })
      .where(eq(teams.id, c.church))
    const response = await get(t, `manage-team/${c.church}`, c.member.token, { team_id: c.church })
    expect(response.statusCode, response.body).toBe(200)
    const team = body(response)
    expect(team).toMatchObject({
      id: c.church,
      title: 'Hope Church',
      description: 'A church by the sea',
      address_formatted_break: '1 Beach Road\nManly NSW 2095\nAustralia',
      address_lat: -33.8,
      is_group: false,
      is_conference: false,
      is_sub_team: true,
      user_role: 'member',
      user_role_display_name: 'Member',
      has_owner: true,
      can_leave: true,
      can_remove: false,
    })
    expect(team.address_directions_link).toContain('-33.8')
    expect(team.user_capabilities.update_team).toBe(false)
    expect(team.users).toBeUndefined()
  })

  it('D3-2.4-11 D3-6-21 the owner cannot leave: can_leave is false', async () => {
    const team = body(await get(t, `manage-team/${c.church}`, c.owner.token, { team_id: c.church }))
    expect(team.can_leave).toBe(false)
    expect(team.user_capabilities.update_team).toBe(true)
  })

  it('D3-2.4-27 with_users=1 lists the users by name with their checks, and the open invites', async () => {
    await t.db.transaction((tx) =>
      createInvite(
        tx,
        { config: t.config, now: t.clock.now },
        { teamId: c.church, invitedById: c.owner.id, email: 'newbie@crm.test', firstName: 'Nina', lastName: 'New', role: 'member' },
      ),
    )
    const response = await get(t, `manage-team/${c.church}`, c.leader.token, { team_id: c.church, with_users: 1 })
    expect(response.statusCode, response.body).toBe(200)
    const team = body(response)
    expect(team.users).toHaveLength(3)
    const self = team.users.find((user: { user_id: number }) => user.user_id === c.leader.id)
    expect(self).toMatchObject({ is_self: true, role: 'leader', has_wwcc: true, has_adsafe: true, email: c.leader.email })
    const owner = team.users.find((user: { user_id: number }) => user.user_id === c.owner.id)
    expect(owner).toMatchObject({ name: 'Olive Owner', role: 'owner', role_display_name: 'Owner', is_self: false })
    expect(team.invited_users).toEqual([
      expect.objectContaining({ name: 'Nina New', email: 'newbie@crm.test', is_user_invite: false, role: 'member', role_display_name: 'Member' }),
    ])
  })

  it("with_users=1 lists the church's own users by name, without a request to join or another church's users (issue 39)", async () => {
    const church = await buildChurch(t)
    const other = await buildChurch(t)
    const asking = await buildPerson(t, { firstName: 'Rita', lastName: 'Request' })
    await addMember(t, asking.id, church.church, 'member_request')
    await addMember(t, church.member.id, other.church, 'member')
    const team = body(await get(t, `manage-team/${church.church}`, church.owner.token, { team_id: church.church, with_users: 1 }))
    const names = team.users.map((user: { name: string }) => user.name)
    expect(names).not.toContain('Rita Request')
    expect(team.users.map((user: { user_id: number }) => user.user_id).sort()).toEqual([church.owner.id, church.leader.id, church.member.id].sort())
  })

  it('D3-6-12 with_users=1 without read_dcrm_team_users_names is 403', async () => {
    const response = await get(t, `manage-team/${c.church}`, c.member.token, { team_id: c.church, with_users: 1 })
    expect(response.statusCode).toBe(403)
  })

  it('D3-7.4-01 a conference owner reads a sub-team; the sub-team may be removed from there', async () => {
    const response = await get(t, `manage-team/${c.church}`, conferenceOwner.token, { team_id: c.conference, with_users: 1 })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toMatchObject({ id: c.church, is_sub_team: true, can_remove: true, can_leave: false, user_role: 'owner' })
    expect(body(response).users).toHaveLength(3)
  })

  it('another team, a sub-team of another conference, or a sub-team without update_team is 404', async () => {
    expect((await get(t, `manage-team/${other.church}`, c.owner.token, { team_id: other.church })).statusCode).toBe(404)
    expect((await get(t, `manage-team/${other.church}`, c.owner.token, { team_id: c.church })).statusCode).toBe(404)
    expect((await get(t, `manage-team/${other.church}`, conferenceOwner.token, { team_id: c.conference })).statusCode).toBe(404)
    const plain = await buildPerson(t)
    await addMember(t, plain.id, c.conference, 'member')
    expect((await get(t, `manage-team/${c.church}`, plain.token, { team_id: c.conference })).statusCode).toBe(404)
    expect((await get(t, `manage-team/abc`, c.owner.token, { team_id: c.church })).statusCode).toBe(400)
  })

  it('a private group is 404 to a team member who is not in it; its owner may remove it', async () => {
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: c.leader.id })
    await addMember(t, c.leader.id, group, 'owner')
    expect((await get(t, `manage-team/${group}`, c.member.token, { team_id: c.church })).statusCode).toBe(404)
    const response = await get(t, `manage-team/${group}`, c.leader.token, { team_id: c.church })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toMatchObject({ id: group, is_group: true, can_remove: true, can_leave: false, user_role: 'owner' })
  })

  it('answers 2,000 users with one query for users and one for invites', async () => {
    const big = await buildTeam(t, { title: 'Big Church' })
    await addMember(t, c.owner.id, big, 'owner')
    await t.db.execute(`
      with p as (
        insert into people (first_name, last_name, email)
        select 'Person' || n, 'Big', 'big' || n || '@crm.test' from generate_series(1, 2000) n returning id
      )
      insert into memberships (person_id, team_id, role) select id, ${big}, 'member' from p`)
    const started = performance.now()
    const response = await get(t, `manage-team/${big}`, c.owner.token, { team_id: big, with_users: 1 })
    const elapsed = performance.now() - started
    expect(response.statusCode).toBe(200)
    expect(body(response).users).toHaveLength(2001)
    // PGlite in a test is far slower than PostgreSQL; this only guards against an N+1.
    expect(elapsed).toBeLessThan(2000)
  })
})

describe('POST update-team', () => {
  it('D3-7.4-02 D3-6-08 the owner saves the name, description and a typed address; an activity row is written', async () => {
    const response = await post(t, 'update-team', c.owner.token, {
      team_id: c.church,
      title: 'Hope Street Church',
      description: 'New words',
      address_manual_input: 1,
      address_street: '2 Main Street',
      address_city: 'Ashfield',
      address_state: 'NSW',
      address_postcode: '2131',
      address_country: 'au',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ success: true, success_message: 'Saved' })
    const [row] = await t.db.select().from(teams).where(eq(teams.id, c.church))
    expect(row).toMatchObject({
      title: 'Hope Street Church',
      description: 'New words',
      address_street: '2 Main Street',
      address_country: 'AU',
      address_formatted: null,
      address_lat: null,
    })
    expect(await activityCount('team', c.church)).toBeGreaterThan(0)
    const view = body(await get(t, `manage-team/${c.church}`, c.member.token, { team_id: c.church }))
    expect(view).toMatchObject({ address_manual_input: true, address_formatted_break: '2 Main Street\nAshfield NSW 2131\nAU' })
  })

  it('D3-5-12 an empty name is 400 with a field error', async () => {
    const response = await post(t, 'update-team', c.owner.token, { team_id: c.church, title: '  ' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors.title).toBeTruthy()
  })

  it('D3-6-08 a leader (no update_team) is 403; another team is 404', async () => {
    expect((await post(t, 'update-team', c.leader.token, { team_id: c.church, title: 'X' })).statusCode).toBe(403)
    expect((await post(t, 'update-team', c.owner.token, { team_id: other.church, title: 'X' })).statusCode).toBe(404)
  })

  it('D3-5-13 a conference edits its sub-team: acms_id required, then saved; another conference sub-team is 404', async () => {
    const missing = await post(t, 'update-team', conferenceOwner.token, { team_id: c.conference, sub_team_id: c.church, title: 'Hope' })
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors.acms_id).toBe('Required')
    const saved = await post(t, 'update-team', conferenceOwner.token, {
      team_id: c.conference,
      sub_team_id: c.church,
      title: 'Hope Street Church',
      acms_id: 'AC-1',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const [row] = await t.db.select().from(teams).where(eq(teams.id, c.church))
    expect(row!.acms_id).toBe('AC-1')
    expect(
      (await post(t, 'update-team', conferenceOwner.token, { team_id: c.conference, sub_team_id: other.church, title: 'X', acms_id: 'A' })).statusCode,
    ).toBe(404)
    // sub_team_id on a church (not a conference) is 404.
    expect((await post(t, 'update-team', c.owner.token, { team_id: c.church, sub_team_id: other.church, title: 'X', acms_id: 'A' })).statusCode).toBe(404)
  })
})

describe('POST update-group and remove-group', () => {
  it('D3-6-18 a group owner renames and removes their group; a non-owner member gets 403', async () => {
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'Youth' })
    await addMember(t, c.member.id, group, 'owner')
    await t.db.update(teams).set({ owner_id: c.member.id }).where(eq(teams.id, group))
    const stranger = await buildPerson(t)
    await addMember(t, stranger.id, c.church, 'member')
    expect((await post(t, 'update-group', stranger.token, { team_id: c.church, group_id: group, title: 'No' })).statusCode).toBe(403)
    const renamed = await post(t, 'update-group', c.member.token, { team_id: c.church, group_id: group, title: 'Youth Band', description: 'Music' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const [row] = await t.db.select().from(teams).where(eq(teams.id, group))
    expect(row).toMatchObject({ title: 'Youth Band', description: 'Music' })
    expect((await post(t, 'update-group', c.member.token, { team_id: c.church, group_id: group, title: '' })).statusCode).toBe(400)

    expect((await post(t, 'remove-group', stranger.token, { team_id: c.church, group_id: group })).statusCode).toBe(403)
    const removed = await post(t, 'remove-group', c.member.token, { team_id: c.church, group_id: group })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await t.db.select().from(teams).where(eq(teams.id, group))).toHaveLength(0)
    expect(await activityCount('group', group)).toBe(2)
  })

  it('D3-6-19 delete_public_group removes an empty public group, not one with contacts', async () => {
    const busy = await buildTeam(t, { kind: 'group', parentId: c.church })
    await buildContact(t, { teamId: c.church, groupIds: [busy] })
    const view = body(await get(t, `manage-team/${busy}`, c.owner.token, { team_id: c.church }))
    expect(view).toMatchObject({ is_empty: false, can_remove: false })
    const refused = await post(t, 'remove-group', c.owner.token, { team_id: c.church, group_id: busy })
    expect(refused.statusCode).toBe(409)
    expect(body(refused).message).toBe('Only an empty group can be removed.')
    const empty = await buildTeam(t, { kind: 'group', parentId: c.church })
    expect(body(await get(t, `manage-team/${empty}`, c.owner.token, { team_id: c.church }))).toMatchObject({ is_empty: true, can_remove: true })
    expect((await post(t, 'remove-group', c.leader.token, { team_id: c.church, group_id: empty })).statusCode).toBe(403)
    expect((await post(t, 'remove-group', c.owner.token, { team_id: c.church, group_id: empty })).statusCode).toBe(200)
  })

  it("the team's own group is never removed (400); another team's group is 404", async () => {
    expect((await post(t, 'remove-group', c.owner.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(400)
    const foreign = await buildTeam(t, { kind: 'group', parentId: other.church })
    expect((await post(t, 'remove-group', c.owner.token, { team_id: c.church, group_id: foreign })).statusCode).toBe(404)
    expect((await post(t, 'update-group', c.owner.token, { team_id: c.church, group_id: foreign, title: 'X' })).statusCode).toBe(404)
  })
})

describe('POST leave-team', () => {
  it('D3-2.4-12 a member leaves the team and its groups; an activity row is written', async () => {
    const church = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: church.church })
    await addMember(t, church.member.id, group, 'member')
    const response = await post(t, 'leave-team', church.member.token, { team_id: church.church })
    expect(response.statusCode, response.body).toBe(200)
    expect(await membershipOf(church.member.id, church.church)).toBeUndefined()
    expect(await membershipOf(church.member.id, group)).toBeUndefined()
    const [row] = await t.db
      .select({ n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'membership'), eq(activityLog.team_id, church.church), eq(activityLog.action, 'delete')))
    expect(row!.n).toBe(1)
    // Gone from the team: its page is 404 now.
    expect((await get(t, `manage-team/${church.church}`, church.member.token, { team_id: church.church })).statusCode).toBe(404)
  })

  it('leaves one group only with group_id', async () => {
    const church = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: church.church })
    await addMember(t, church.leader.id, group, 'member')
    expect((await post(t, 'leave-team', church.leader.token, { team_id: church.church, group_id: group })).statusCode).toBe(200)
    expect(await membershipOf(church.leader.id, group)).toBeUndefined()
    expect(await membershipOf(church.leader.id, church.church)).toBeDefined()
  })

  it('D3-6-21 the owner never leaves (409) and the team keeps its owner', async () => {
    const response = await post(t, 'leave-team', c.owner.token, { team_id: c.church })
    expect(response.statusCode).toBe(409)
    expect(body(response).code).toBe('conflict')
    expect((await membershipOf(c.owner.id, c.church))?.role).toBe('owner')
    // A second owner: the named owner still cannot leave, the other owner neither.
    const second = await buildPerson(t)
    await addMember(t, second.id, c.church, 'owner')
    expect((await post(t, 'leave-team', second.token, { team_id: c.church })).statusCode).toBe(409)
  })

  it('another team is 404; a site admin without a membership has nothing to leave (409, said why)', async () => {
    expect((await post(t, 'leave-team', c.member.token, { team_id: other.church })).statusCode).toBe(404)
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const response = await post(t, 'leave-team', admin.token, { team_id: c.church })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('You are not a member of this team, so there is nothing to leave.')
  })
})

describe('POST manage-teams/add and add-sub-team', () => {
  const church = { title: 'New Life Church', acms_id: 'NL-1', address_place_id: 'place-1', address_formatted: '5 Hill St, Ryde NSW 2112, Australia' }

  it('D3-7.6-02 adds a sub-team to the conference with an activity row', async () => {
    const response = await post(t, 'manage-teams/add', conferenceOwner.token, { team_id: c.conference, ...church })
    expect(response.statusCode, response.body).toBe(200)
    const { id } = body(response)
    expect(body(response).success_message).toBe('Saved')
    const [row] = await t.db.select().from(teams).where(eq(teams.id, id))
    expect(row).toMatchObject({ kind: 'team', parent_id: c.conference, title: 'New Life Church', acms_id: 'NL-1', address_place_id: 'place-1' })
    expect(await activityCount('team', id)).toBe(1)
  })

  it('D3-7.6-03 D3-8-06 add-sub-team with a taken name (any case) is 409 name_taken', async () => {
    const response = await post(t, 'add-sub-team', conferenceOwner.token, { team_id: c.conference, ...church, title: 'new life CHURCH' })
    expect(response.statusCode).toBe(409)
    expect(body(response)).toMatchObject({ code: 'name_taken', message: 'This name is already used.' })
    const typed = await post(t, 'add-sub-team', conferenceOwner.token, {
      team_id: c.conference,
      title: 'Typed Church',
      acms_id: 'T-1',
      address_manual_input: 1,
      address_street: '1 Road',
      address_city: 'Town',
    })
    expect(typed.statusCode, typed.body).toBe(200)
  })

  it('D3-8-06 two adds of the same name at once: one succeeds, the other is name_taken', async () => {
    const results = await Promise.all(
      [1, 2].map(() => post(t, 'manage-teams/add', conferenceOwner.token, { team_id: c.conference, ...church, title: 'Twin Church', acms_id: 'TW-1' })),
    )
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409])
    expect(body(results.find((result) => result.statusCode === 409)!).code).toBe('name_taken')
  })

  it('D3-8-07 D3-5-13 without an address is require_address; without acms_id is 400; without a title is 400', async () => {
    const noAddress = await post(t, 'manage-teams/add', conferenceOwner.token, { team_id: c.conference, title: 'Nowhere', acms_id: 'N-1' })
    expect(noAddress.statusCode).toBe(400)
    expect(body(noAddress)).toMatchObject({ code: 'require_address', message: 'An address is required.' })
    const noAcms = await post(t, 'manage-teams/add', conferenceOwner.token, { team_id: c.conference, ...church, title: 'No Acms', acms_id: '' })
    expect(noAcms.statusCode).toBe(400)
    expect(body(noAcms).data.errors.acms_id).toBe('Required')
    const noTitle = await post(t, 'manage-teams/add', conferenceOwner.token, { team_id: c.conference, ...church, title: '' })
    expect(noTitle.statusCode).toBe(400)
    expect(body(noTitle).data.errors.title).toBeTruthy()
  })

  it('D3-6-10 a church (not a conference) is 403, a conference member without update_team is 403, another conference is 404', async () => {
    expect((await post(t, 'manage-teams/add', c.owner.token, { team_id: c.church, ...church, title: 'A' })).statusCode).toBe(403)
    const plain = await buildPerson(t)
    await addMember(t, plain.id, c.conference, 'member')
    expect((await post(t, 'manage-teams/add', plain.token, { team_id: c.conference, ...church, title: 'B' })).statusCode).toBe(403)
    expect((await post(t, 'add-sub-team', conferenceOwner.token, { team_id: other.conference, ...church, title: 'C' })).statusCode).toBe(404)
  })

  it('an ACMS id another sub-team holds (any case) is refused on add and on edit, naming that sub-team; nothing changes (issue 35)', async () => {
    const subTeams = async () => t.db.select({ id: teams.id, title: teams.title, acms_id: teams.acms_id }).from(teams).where(eq(teams.parent_id, c.conference))
    const before = await subTeams()
    const added = await post(t, 'manage-teams/add', conferenceOwner.token, { team_id: c.conference, ...church, title: 'Renamed Plant', acms_id: ' nl-1 ' })
    expect(added.statusCode).toBe(409)
    expect(body(added)).toMatchObject({
      code: 'acms_id_taken',
      data: { team: 'New Life Church', errors: { acms_id: 'This ACMS ID is already used by New Life Church.' } },
    })
    const edited = await post(t, 'update-team', conferenceOwner.token, {
      team_id: c.conference,
      sub_team_id: c.church,
      title: 'Hope Street Church',
      acms_id: 'NL-1',
    })
    expect(edited.statusCode).toBe(409)
    expect(body(edited).data.errors).toEqual({ acms_id: 'This ACMS ID is already used by New Life Church.' })
    expect(await subTeams()).toEqual(before)
    // Its own id stays with a sub-team that is renamed; another conference's churches are another list.
    const renamed = await post(t, 'update-team', conferenceOwner.token, {
      team_id: c.conference,
      sub_team_id: c.church,
      title: 'Hope Street Chapel',
      acms_id: 'ac-1',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const elsewhere = await buildPerson(t)
    await addMember(t, elsewhere.id, other.conference, 'owner')
    expect((await post(t, 'manage-teams/add', elsewhere.token, { team_id: other.conference, ...church })).statusCode).toBe(200)
  })

  it('two adds of one ACMS id at once under different names: one succeeds, the other is acms_id_taken (issue 35)', async () => {
    const results = await Promise.all(
      ['First Plant', 'Second Plant'].map((title) =>
        post(t, 'add-sub-team', conferenceOwner.token, { team_id: c.conference, ...church, title, acms_id: 'PLANT-1' }),
      ),
    )
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409])
    expect(body(results.find((result) => result.statusCode === 409)!).code).toBe('acms_id_taken')
    const holders = await t.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.parent_id, c.conference), eq(teams.acms_id, 'PLANT-1')))
    expect(holders).toHaveLength(1)
  })

  it('renaming a sub-team to a sibling name is name_taken', async () => {
    const response = await post(t, 'update-team', conferenceOwner.token, {
      team_id: c.conference,
      sub_team_id: c.church,
      title: 'NEW LIFE church',
      acms_id: 'AC-1',
    })
    expect(response.statusCode).toBe(409)
    expect(body(response).code).toBe('name_taken')
  })
})
