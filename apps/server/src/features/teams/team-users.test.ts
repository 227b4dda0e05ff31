import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, assignments, churchRosterMembers, invites, memberships, people } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, linkIn, mailTo, strongPassword, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
let conference: number
let church: number
let otherChurch: number
let group: number
let entityAdmin: TestPerson
let owner: TestPerson
let leader: TestPerson
let member: TestPerson
let outsider: TestPerson

beforeAll(async () => {
  t = await createTestApp()
  conference = await buildTeam(t, { kind: 'conference', title: 'North Conference' })
  church = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Grace Church' })
  const otherConference = await buildTeam(t, { kind: 'conference', title: 'South Conference' })
  otherChurch = await buildTeam(t, { kind: 'team', parentId: otherConference, title: 'Other Church' })
  group = await buildTeam(t, { kind: 'group', parentId: church, title: 'Youth' })
  entityAdmin = await buildPerson(t, { firstName: 'Erin', lastName: 'Admin' })
  owner = await buildPerson(t, { firstName: 'Olive', lastName: 'Owner' })
  leader = await buildPerson(t)
  member = await buildPerson(t)
  outsider = await buildPerson(t)
  await addMember(t, entityAdmin.id, conference, 'entity_admin')
  await addMember(t, owner.id, church, 'owner')
  await addMember(t, leader.id, church, 'leader')
  await addMember(t, member.id, church, 'member')
  await addMember(t, outsider.id, otherChurch, 'owner')
})
afterAll(async () => t.close())

const post = (path: string, who: TestPerson, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/v1/${path}`, payload, token: who.token })

let sequence = 0
const freshEmail = () => `new${++sequence}-${Date.now()}@crm.test`

async function openInvites(teamId: number, email: string) {
  return t.db
    .select()
    .from(invites)
    .where(and(eq(invites.team_id, teamId), eq(invites.email, email), eq(invites.status, 'pending')))
}

async function membership(personId: number, teamId: number) {
  const [row] = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  return row
}

/** The key of the newest invite mail to the address. */
async function mailedKey(email: string): Promise<string> {
  const mails = await mailTo(t, email)
  return linkIn(mails.at(-1)!.text_body, '/accept-invite').searchParams.get('key')!
}

describe('POST /api/v1/send-invite (a team)', () => {
  it('D3-7.4-03 D3-8-05 D3-2.4-27 invites by email, mails the link, records it; accepting lands the person in the team', async () => {
    const email = freshEmail()
    const response = await post('send-invite', owner, {
      team_id: church,
      first_name: 'Ann',
      last_name: 'New',
      email: email.toUpperCase(),
      role: 'leader',
      ignore_acms_check: 0,
    })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toMatchObject({ email, success_message: `An invite has been sent to ${email}.` })
    const [row] = await openInvites(church, email)
    expect(row).toMatchObject({ id: body(response).invite_id, role: 'leader', invited_by_id: owner.id })
    expect(row!.key_hash).toBeTruthy()
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeGreaterThanOrEqual(29 * 24 * 3600 * 1000)
    const [activity] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'user_invites'), eq(activityLog.subject_id, row!.id)))
    expect(activity).toMatchObject({ team_id: church, author_id: owner.id, action: 'add' })

    const activated = await t.call({
      method: 'POST',
      url: '/api/v1/activate-invite',
      payload: { key: await mailedKey(email), first_name: 'Ann', last_name: 'New', password: strongPassword },
    })
    expect(activated.statusCode).toBe(200)
    const [person] = await t.db.select().from(people).where(eq(people.email, email))
    expect((await membership(person!.id, church))?.role).toBe('leader')
    expect(await openInvites(church, email)).toHaveLength(0)
  })

  it('D3-5-01 needs a first name, an email and a role', async () => {
    const response = await post('send-invite', owner, { team_id: church, email: freshEmail(), role: 'member' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toEqual({ first_name: 'Required' })
    const noEmail = await post('send-invite', owner, { team_id: church, first_name: 'A', role: 'member' })
    expect(body(noEmail).data.errors).toEqual({ email: 'Required' })
    const noRole = await post('send-invite', owner, { team_id: church, first_name: 'A', email: freshEmail() })
    expect(noRole.statusCode).toBe(400)
    expect(Object.keys(body(noRole).data.errors)).toContain('role')
  })

  it('D3-8-02 refuses an email already in the team: in_team with the spec text', async () => {
    const response = await post('send-invite', owner, { team_id: church, first_name: 'M', email: member.email, role: 'member' })
    expect(response.statusCode).toBe(409)
    expect(body(response)).toMatchObject({ code: 'in_team', message: `The email ${member.email} is already in this team` })
    expect(await openInvites(church, member.email)).toHaveLength(0)
  })

  it('D3-6-11 a role the caller may not grant is 403 and changes nothing; a leader may not invite', async () => {
    const email = freshEmail()
    const asOwner = await post('send-invite', owner, { team_id: church, first_name: 'A', email, role: 'owner' })
    expect(asOwner.statusCode).toBe(403)
    const asLeader = await post('send-invite', leader, { team_id: church, first_name: 'A', email, role: 'member' })
    expect(asLeader.statusCode).toBe(403)
    expect(await openInvites(church, email)).toHaveLength(0)
    // An entity admin may make a church's owner.
    const asEntityAdmin = await post('send-invite', entityAdmin, { team_id: church, first_name: 'A', email, role: 'owner' })
    expect(asEntityAdmin.statusCode).toBe(200)
  })

  it("answers 404 for another team's id", async () => {
    const response = await post('send-invite', owner, { team_id: otherChurch, first_name: 'A', email: freshEmail(), role: 'member' })
    expect(response.statusCode).toBe(404)
  })

  it('replaces an open invite for the same email; two identical sends at once leave one open invite', async () => {
    const email = freshEmail()
    const first = await post('send-invite', owner, { team_id: church, first_name: 'A', email, role: 'member' })
    const firstKey = await mailedKey(email)
    const second = await post('send-invite', owner, { team_id: church, first_name: 'A', email, role: 'member' })
    expect(second.statusCode).toBe(200)
    const open = await openInvites(church, email)
    expect(open.map((row) => row.id)).toEqual([body(second).invite_id])
    expect(body(first).invite_id).not.toBe(body(second).invite_id)
    const check = await t.call({ method: 'POST', url: '/api/v1/check-invite-key', payload: { key: firstKey } })
    expect(body(check).code).toBe('key_invalid')

    const racing = freshEmail()
    const answers = await Promise.all([1, 2].map(() => post('send-invite', owner, { team_id: church, first_name: 'R', email: racing, role: 'member' })))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    expect(await openInvites(church, racing)).toHaveLength(1)
  })
})

describe('the church roster check (acms)', () => {
  beforeAll(async () => {
    const { teams } = await import('../../db/schema/index')
    await t.db.update(teams).set({ acms_id: 'GRACE-1' }).where(eq(teams.id, church))
    await t.db.insert(churchRosterMembers).values({ conference_id: conference, church_acms_id: 'GRACE-1', email: 'listed@crm.test', first_name: 'Lis' })
  })

  it('D3-8-03 D3-5-06 refuses a member not on the roster, unless ignore_acms_check', async () => {
    const email = freshEmail()
    const refused = await post('send-invite', owner, { team_id: church, first_name: 'A', email, role: 'member' })
    expect(refused.statusCode).toBe(409)
    expect(body(refused)).toMatchObject({ code: 'acms_not_in_church', message: `The email ${email} was not found as a member of this church.` })
    expect(await openInvites(church, email)).toHaveLength(0)
    const ignored = await post('send-invite', owner, { team_id: church, first_name: 'A', email, role: 'member', ignore_acms_check: 1 })
    expect(ignored.statusCode).toBe(200)
    const listed = await post('send-invite', owner, { team_id: church, first_name: 'L', email: 'listed@crm.test', role: 'member' })
    expect(listed.statusCode).toBe(200)
  })

  it('D3-8-04 a leader not on the roster invited by an owner needs the admin: the admin is mailed, ignoring does not help', async () => {
    const email = freshEmail()
    for (const ignore of [0, 1]) {
      const response = await post('send-invite', owner, {
        team_id: church,
        first_name: 'Lee',
        last_name: 'Der',
        email,
        role: 'leader',
        ignore_acms_check: ignore,
      })
      expect(response.statusCode).toBe(409)
      expect(body(response)).toMatchObject({
        code: 'acms_not_in_church_requires_admin',
        message: `The email ${email} cannot be added without admin approval. An email has been sent to the admin.`,
      })
    }
    expect(await openInvites(church, email)).toHaveLength(0)
    const mails = await mailTo(t, entityAdmin.email)
    expect(mails.at(-1)!.text_body).toContain(email)
    expect(mails.at(-1)!.text_body).toContain('Grace Church')
    expect(mails.at(-1)!.text_body).toContain('Olive Owner')
    // The entity admin may invite anyway.
    const asAdmin = await post('send-invite', entityAdmin, { team_id: church, first_name: 'Lee', email, role: 'leader', ignore_acms_check: 1 })
    expect(asAdmin.statusCode).toBe(200)
  })
})

describe('POST /api/v1/send-invite (a group)', () => {
  it('D3-5-02 needs a chosen team user; the accepted invite puts the person in the group with the role', async () => {
    await addMember(t, owner.id, group, 'owner')
    const missing = await post('send-invite', owner, { team_id: church, group_id: group, role: 'member' })
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors).toEqual({ invite_user_id: 'Required' })
    const stranger = await post('send-invite', owner, { team_id: church, group_id: group, invite_user_id: outsider.id, role: 'member' })
    expect(stranger.statusCode).toBe(404)

    const response = await post('send-invite', owner, { team_id: church, group_id: group, invite_user_id: member.id, role: 'owner' })
    expect(response.statusCode).toBe(200)
    const [row] = await openInvites(group, member.email)
    expect(row).toMatchObject({ role: 'owner', person_id: member.id })
    const activated = await t.call({ method: 'POST', url: '/api/v1/activate-invite', payload: { key: await mailedKey(member.email) } })
    expect(activated.statusCode).toBe(200)
    expect((await membership(member.id, group))?.role).toBe('owner')
    // In the group now: a second invite is in_team.
    const again = await post('send-invite', owner, { team_id: church, group_id: group, invite_user_id: member.id, role: 'member' })
    expect(body(again).code).toBe('in_team')
  })
})

describe('POST /api/v1/send-invite-conference-sub-team', () => {
  it('D3-7.4-04 D3-5-03 invites a new owner to the sub-team: the role is owner whatever is sent', async () => {
    const email = freshEmail()
    const response = await post('send-invite-conference-sub-team', entityAdmin, {
      team_id: conference,
      conference_team_id: conference,
      sub_team_id: church,
      first_name: 'Pat',
      email,
      role: 'member',
      ignore_acms_check: 1,
    })
    expect(response.statusCode).toBe(200)
    const [row] = await openInvites(church, email)
    expect(row!.role).toBe('owner')
  })

  it('refuses a conference id other than team_id (400) and a sub-team of another conference (404)', async () => {
    const base = { team_id: conference, first_name: 'P', email: freshEmail(), role: 'owner', ignore_acms_check: 1 }
    const mismatch = await post('send-invite-conference-sub-team', entityAdmin, { ...base, conference_team_id: church, sub_team_id: church })
    expect(mismatch.statusCode).toBe(400)
    const foreign = await post('send-invite-conference-sub-team', entityAdmin, { ...base, conference_team_id: conference, sub_team_id: otherChurch })
    expect(foreign.statusCode).toBe(404)
    const asChurchOwner = await post('send-invite-conference-sub-team', owner, { ...base, team_id: church, conference_team_id: church, sub_team_id: church })
    expect(asChurchOwner.statusCode).toBe(403)
  })
})

describe('POST /api/v1/delete-invite', () => {
  it('D3-2.4-28 cancels an open invite; its key stops working; another team cannot', async () => {
    const email = freshEmail()
    const sent = await post('send-invite', owner, { team_id: church, first_name: 'D', email, role: 'member', ignore_acms_check: 1 })
    const key = await mailedKey(email)
    const foreign = await post('delete-invite', outsider, { team_id: otherChurch, invite_id: body(sent).invite_id })
    expect(foreign.statusCode).toBe(404)
    const response = await post('delete-invite', owner, { team_id: church, invite_id: body(sent).invite_id })
    expect(response.statusCode).toBe(200)
    expect(await openInvites(church, email)).toHaveLength(0)
    const check = await t.call({ method: 'POST', url: '/api/v1/check-invite-key', payload: { key } })
    expect(check.statusCode).toBe(400)
    expect(body(check).code).toBe('key_invalid')
    const again = await post('delete-invite', owner, { team_id: church, invite_id: body(sent).invite_id })
    expect(again.statusCode).toBe(404)
  })
})

describe('POST /api/v1/update-user (a team user)', () => {
  it('D3-5-07 D3-7.4-05 needs a role; changes role and checks, records it', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const empty = await post('update-user', owner, { team_id: church, user_id: person.id, role: '', has_wwcc: 1 })
    expect(empty.statusCode).toBe(400)
    expect(Object.keys(body(empty).data.errors)).toEqual(['role'])
    const noRole = await post('update-user', owner, { team_id: church, user_id: person.id, has_wwcc: 1 })
    expect(body(noRole).data.errors).toEqual({ role: 'Required' })
    const response = await post('update-user', owner, {
      team_id: church,
      user_id: person.id,
      role: 'leader',
      has_wwcc: 1,
      has_adsafe: 1,
      hidden_in_contacts: 0,
    })
    expect(response.statusCode).toBe(200)
    expect(await membership(person.id, church)).toMatchObject({ role: 'leader', has_wwcc: true, has_adsafe: true, hidden_in_contacts: false })
    const [activity] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'user_invites'), eq(activityLog.subject_id, person.id), eq(activityLog.action, 'update')))
    expect(activity).toMatchObject({ team_id: church, author_id: owner.id })
    expect(activity!.after).toMatchObject({ role: 'leader', has_wwcc: true })
  })

  it('D3-6-11 a member may not; an owner may not make owners in a church (403, unchanged); 404 for a stranger', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    expect((await post('update-user', member, { team_id: church, user_id: person.id, role: 'leader' })).statusCode).toBe(403)
    expect((await post('update-user', owner, { team_id: church, user_id: person.id, role: 'owner' })).statusCode).toBe(403)
    expect((await membership(person.id, church))?.role).toBe('member')
    expect((await post('update-user', owner, { team_id: church, user_id: outsider.id, role: 'member' })).statusCode).toBe(404)
    expect((await post('update-user', owner, { team_id: otherChurch, user_id: outsider.id, role: 'member' })).statusCode).toBe(404)
  })

  it('D3-5-08 in a conference only the checks: role is refused (400), the checks are saved', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const scope = { team_id: conference, conference_team_id: conference, sub_team_id: church, user_id: person.id }
    const withRole = await post('update-user', entityAdmin, { ...scope, role: 'leader', has_wwcc: 1 })
    expect(withRole.statusCode).toBe(400)
    expect((await membership(person.id, church))?.has_wwcc).toBe(false)
    const checks = await post('update-user', entityAdmin, { ...scope, has_wwcc: 1, has_adsafe: 1 })
    expect(checks.statusCode).toBe(200)
    expect(await membership(person.id, church)).toMatchObject({ role: 'member', has_wwcc: true, has_adsafe: true })
  })

  it('never demotes the last owner; two demotions at once leave one owner', async () => {
    const solo = await buildTeam(t, { kind: 'team', parentId: conference })
    const only = await buildPerson(t)
    await addMember(t, only.id, solo, 'owner')
    const refused = await post('update-user', entityAdmin, { team_id: solo, user_id: only.id, role: 'leader' })
    expect(refused.statusCode).toBe(409)
    expect((await membership(only.id, solo))?.role).toBe('owner')

    const second = await buildPerson(t)
    await addMember(t, second.id, solo, 'owner')
    const answers = await Promise.all([only, second].map((person) => post('update-user', entityAdmin, { team_id: solo, user_id: person.id, role: 'member' })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const owners = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.team_id, solo), eq(memberships.role, 'owner')))
    expect(owners).toHaveLength(1)
  })
})

describe("a group's users (group_id)", () => {
  it("the group's owner, a member of the team, makes owners in the group and removes its users; never its last owner", async () => {
    const club = await buildTeam(t, { kind: 'group', parentId: church, title: 'Club' })
    const groupOwner = await buildPerson(t)
    const person = await buildPerson(t)
    await addMember(t, groupOwner.id, church, 'member')
    await addMember(t, person.id, church, 'member')
    await addMember(t, groupOwner.id, club, 'owner')
    await addMember(t, person.id, club, 'member')
    const promote = await post('update-user', groupOwner, { team_id: church, group_id: club, user_id: person.id, role: 'owner', has_wwcc: 1 })
    expect(promote.statusCode).toBe(200)
    expect(await membership(person.id, club)).toMatchObject({ role: 'owner', has_wwcc: true })
    // The team role is untouched.
    expect((await membership(person.id, church))?.role).toBe('member')
    // Not a team user edit: a member of the team may not edit team users.
    expect((await post('update-user', groupOwner, { team_id: church, user_id: person.id, role: 'leader' })).statusCode).toBe(403)

    expect((await post('remove-user-from-team', groupOwner, { team_id: church, group_id: club, user_id: person.id })).statusCode).toBe(200)
    expect(await membership(person.id, club)).toBeUndefined()
    expect((await membership(person.id, church))?.role).toBe('member')
    const last = await post('update-user', groupOwner, { team_id: church, group_id: club, user_id: groupOwner.id, role: 'member' })
    expect(last.statusCode).toBe(409)
    expect((await membership(groupOwner.id, club))?.role).toBe('owner')
  })
})

describe('POST /api/v1/remove-user-from-team', () => {
  it('D3-7.4-06 takes the person out of the team, its groups and their assignments there', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'leader')
    await addMember(t, person.id, group, 'member')
    const [contact] = await t.db.insert(people).values({ first_name: 'Assigned', last_name: 'Contact' }).returning({ id: people.id })
    await t.db.insert(assignments).values({ team_id: church, contact_id: contact!.id, to_person_id: person.id })
    const response = await post('remove-user-from-team', owner, { team_id: church, user_id: person.id })
    expect(response.statusCode).toBe(200)
    expect(await membership(person.id, church)).toBeUndefined()
    expect(await membership(person.id, group)).toBeUndefined()
    expect(await t.db.select().from(assignments).where(eq(assignments.to_person_id, person.id))).toHaveLength(0)
  })

  it('never removes the last owner (409); an owner does not remove a fellow owner of a church (403)', async () => {
    const solo = await buildTeam(t, { kind: 'team', parentId: conference })
    const only = await buildPerson(t)
    await addMember(t, only.id, solo, 'owner')
    const refused = await post('remove-user-from-team', entityAdmin, { team_id: solo, user_id: only.id })
    expect(refused.statusCode).toBe(409)
    expect(body(refused).code).toBe('conflict')
    expect(await membership(only.id, solo)).toBeDefined()
    const peer = await buildPerson(t)
    await addMember(t, peer.id, solo, 'owner')
    expect((await post('remove-user-from-team', peer, { team_id: solo, user_id: only.id })).statusCode).toBe(403)
  })

  it('D3-6-11 a member may not remove anyone', async () => {
    expect((await post('remove-user-from-team', member, { team_id: church, user_id: leader.id })).statusCode).toBe(403)
    expect(await membership(leader.id, church)).toBeDefined()
  })
})

describe('POST /api/v1/retire-user', () => {
  it('D3-6-13 without retire_user 403; the entity admin retires the person from every team of the conference', async () => {
    const person = await buildPerson(t)
    const secondChurch = await buildTeam(t, { kind: 'team', parentId: conference })
    await addMember(t, person.id, church, 'member')
    await addMember(t, person.id, secondChurch, 'leader')
    await addMember(t, person.id, otherChurch, 'member')
    const payload = { conference_team_id: conference, team_id: church, user_id: person.id }
    expect((await post('retire-user', owner, payload)).statusCode).toBe(404)
    const conferenceOwner = await buildPerson(t)
    await addMember(t, conferenceOwner.id, conference, 'owner')
    expect((await post('retire-user', conferenceOwner, payload)).statusCode).toBe(403)
    expect((await post('retire-user', entityAdmin, { ...payload, team_id: otherChurch })).statusCode).toBe(404)
    const response = await post('retire-user', entityAdmin, payload)
    expect(response.statusCode).toBe(200)
    expect(await membership(person.id, church)).toBeUndefined()
    expect(await membership(person.id, secondChurch)).toBeUndefined()
    // Another conference's team keeps them.
    expect(await membership(person.id, otherChurch)).toBeDefined()
  })

  it('never leaves a team of the conference without an owner: 409 and nothing changes', async () => {
    const solo = await buildTeam(t, { kind: 'team', parentId: conference })
    const pastor = await buildPerson(t)
    await addMember(t, pastor.id, solo, 'owner')
    await addMember(t, pastor.id, church, 'member')
    const response = await post('retire-user', entityAdmin, { conference_team_id: conference, team_id: church, user_id: pastor.id })
    expect(response.statusCode).toBe(409)
    expect((await membership(pastor.id, solo))?.role).toBe('owner')
    expect((await membership(pastor.id, church))?.role).toBe('member')
  })
})
