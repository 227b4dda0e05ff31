import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { capabilityMap } from '@crm/domain'
import { groupContacts, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, get, post } from '../../../test/contact-factories'
import { matchToken } from './match-token'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function groupsOf(contact: number) {
  const rows = await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))
  return rows.map((row) => row.group_id).sort((a, b) => a - b)
}

describe('GET /api/v1/contact-groups/{id}', () => {
  it('lists the groups holding the contact that the caller can see, with the caller’s capabilities (D2-3.6-01)', async () => {
    const c = await buildChurch(t)
    const choir = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'B Choir', isPublic: true })
    const youth = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'A Youth', isPublic: true })
    const someoneElse = await buildPerson(t)
    const theirs = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'C Private', isPublic: false, isolatedOwnerId: someoneElse.id })
    await addMember(t, someoneElse.id, theirs, 'owner')
    const mine = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'D Mine', isPublic: false, isolatedOwnerId: c.leader.id })
    await addMember(t, c.leader.id, mine, 'owner')
    const contact = await buildContact(t, { teamId: c.church, groupIds: [choir, youth, theirs, mine] })

    const response = await get(t, `contact-groups/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church })
    expect(response.statusCode).toBe(200)
    const list = body(response)
    expect(list.count).toBe(3)
    expect(list.max_pages).toBe(1)
    expect(list.items.map((item: any) => item.title)).toEqual(['A Youth', 'B Choir', 'D Mine'])
    expect(list.items[0]).toEqual({ id: youth, title: 'A Youth', is_public: true, is_active: true, user_capabilities: capabilityMap('leader') })
    // The team role's powers on the contact; owning the group only lets the leader say who is in it.
    expect(list.items[2]).toMatchObject({ id: mine, is_public: false, user_capabilities: capabilityMap('leader') })

    const paged = body(await get(t, `contact-groups/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church, per_page: 4, page: 9 }))
    expect(paged).toMatchObject({ count: 3, max_pages: 1 })
    expect(paged.items).toHaveLength(3)
  })

  it('gives an assigned member the assigned role in a group', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    expect((await get(t, `contact-groups/${contact}`, c.member.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(403)
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const list = body(await get(t, `contact-groups/${contact}`, c.member.token, { team_id: c.church, group_id: c.church }))
    expect(list.items[0].user_capabilities).toEqual(capabilityMap('assigned_member'))
  })

  it("answers 404 for another team's contact and 403 to a pending member (D2-6-10)", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await get(t, `contact-groups/${theirs}`, c.leader.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(404)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    const contact = await buildContact(t, { teamId: c.church })
    expect((await get(t, `contact-groups/${contact}`, pending.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(403)
  })
})

describe('add-user-to-group and remove-user-from-group', () => {
  it('puts the contact into a group of the team and takes it out, once each', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const contact = await buildContact(t, { teamId: c.church })
    const payload = { team_id: c.church, group_id: group, user_id: contact }
    expect(body(await post(t, 'add-user-to-group', c.leader.token, payload))).toEqual({ success: true })
    expect((await post(t, 'add-user-to-group', c.leader.token, payload)).statusCode).toBe(200)
    expect(await groupsOf(contact)).toEqual([group])
    expect((await post(t, 'remove-user-from-group', c.leader.token, payload)).statusCode).toBe(200)
    expect((await post(t, 'remove-user-from-group', c.leader.token, payload)).statusCode).toBe(200)
    expect(await groupsOf(contact)).toEqual([])
    const log = await activityOf(t, contact)
    expect(log.map((entry) => entry.after)).toEqual([
      { group_id: group, in_group: true },
      { group_id: group, in_group: false },
    ])
  })

  it('refuses a request without a valid contact or group: 400 naming the field, no change', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    const other = await buildContact(t, { teamId: c.church })
    for (const path of ['add-user-to-group', 'remove-user-from-group']) {
      for (const [payload, field] of [
        [{ team_id: c.church, group_id: group }, 'user_id'],
        [{ team_id: c.church, group_id: group, user_id: 'abc' }, 'user_id'],
        [{ team_id: c.church, group_id: group, user_id: -1 }, 'user_id'],
        [{ team_id: c.church, user_id: other }, 'group_id'],
      ] as const) {
        const response = await post(t, path, c.leader.token, payload)
        expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400)
        expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors: { [field]: expect.any(String) } } })
      }
    }
    expect(await groupsOf(contact)).toEqual([group])
    expect(await groupsOf(other)).toEqual([])
    expect(await activityOf(t, contact)).toHaveLength(0)
    expect(await activityOf(t, other)).toHaveLength(0)
  })

  it('needs set_user_public_group (D2-6-09)', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const response = await post(t, 'add-user-to-group', c.member.token, { team_id: c.church, group_id: group, user_id: contact })
    expect(response.statusCode).toBe(403)
    expect(await groupsOf(contact)).toEqual([])
  })

  it("is the group's role to give: a member who owns a private group manages it, a leader who is only a member of one does not (issue 8 item 2)", async () => {
    const c = await buildChurch(t)
    const mine = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: c.member.id })
    await addMember(t, c.member.id, mine, 'owner')
    await addMember(t, c.leader.id, mine, 'member')
    const assigned = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: assigned, toId: c.member.id })
    const unreadable = await buildContact(t, { teamId: c.church })
    const payload = (userId: number) => ({ team_id: c.church, group_id: mine, user_id: userId })
    // The group's owner may put in a contact the team lets them read, and take it out again …
    expect((await post(t, 'add-user-to-group', c.member.token, payload(assigned))).statusCode).toBe(200)
    expect(await groupsOf(assigned)).toEqual([mine])
    // … but not a contact of the team they may not read.
    expect((await post(t, 'add-user-to-group', c.member.token, payload(unreadable))).statusCode).toBe(403)
    expect(await groupsOf(unreadable)).toEqual([])
    // A leader of the team who is a plain member of the private group does not manage it.
    expect((await post(t, 'remove-user-from-group', c.leader.token, payload(assigned))).statusCode).toBe(403)
    expect(await groupsOf(assigned)).toEqual([mine])
    // contact-groups says the same: the group's owner may take the contact out, the leader not.
    const ownerView = body(await get(t, `contact-groups/${assigned}`, c.member.token, { team_id: c.church, group_id: c.church }))
    expect(ownerView.items[0].user_capabilities).toMatchObject({ set_user_public_group: true, delete_contact: false, update_contact: false })
    const leaderView = body(await get(t, `contact-groups/${assigned}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(leaderView.items[0].user_capabilities).toMatchObject({ set_user_public_group: false, update_contact: true })
    expect((await post(t, 'remove-user-from-group', c.member.token, payload(assigned))).statusCode).toBe(200)
    expect(await groupsOf(assigned)).toEqual([])
  })

  it('refuses the primary group, a group the caller cannot see and a contact of another team', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const someoneElse = await buildPerson(t)
    const theirs = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: someoneElse.id })
    const otherGroup = await buildTeam(t, { kind: 'group', parentId: other.church, isPublic: true })
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const contact = await buildContact(t, { teamId: c.church })
    const elsewhere = await buildContact(t, { teamId: other.church })
    const add = (groupId: number, userId = contact) => post(t, 'add-user-to-group', c.leader.token, { team_id: c.church, group_id: groupId, user_id: userId })
    expect(body(await add(c.church)).data.errors).toHaveProperty('group_id')
    expect((await add(theirs)).statusCode).toBe(404)
    expect((await add(otherGroup)).statusCode).toBe(404)
    expect((await add(group, elsewhere)).statusCode).toBe(404)
    expect(await groupsOf(contact)).toEqual([])
    expect(await groupsOf(elsewhere)).toEqual([])
  })
})

describe('under the child data gate (spec 2 §5)', () => {
  it('a caller without the checks puts no child into a group, takes none out and adds none to the team (child_data_gate); the checked leader does', async () => {
    const c = await buildChurch(t)
    const youth = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const choir = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const child = await buildContact(t, { teamId: c.church, groupIds: [youth], person: bornYearsAgo(t, 10) })
    // A child of another church of the conference, shown to the caller by a duplicate answer.
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church, person: bornYearsAgo(t, 8) })
    const gated = await buildPerson(t)
    await addMember(t, gated.id, c.church, 'leader', { has_wwcc: true })
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.member.id })
    const token = (personId: number) => matchToken(t.app.deps, { personId, teamId: c.church, contactId: theirs })
    const calls = (person: { id: number; token: string }): Array<[string, Record<string, unknown>]> => [
      ['add-existing-user', { team_id: c.church, group_id: choir, user_id: child }],
      ['add-existing-user', { team_id: c.church, group_id: choir, user_id: theirs, match_token: token(person.id) }],
      ['add-user-to-group', { team_id: c.church, group_id: choir, user_id: child }],
      ['remove-user-from-group', { team_id: c.church, group_id: youth, user_id: child }],
    ]
    const held = async () =>
      JSON.stringify([await groupsOf(child), await groupsOf(theirs), await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, theirs))])
    const before = await held()
    for (const [path, payload] of calls(gated)) {
      const response = await post(t, path, gated.token, payload)
      expect([path, response.statusCode, body(response).code]).toEqual([path, 403, 'child_data_gate'])
    }
    // The member (without the checks either) may not put the child into the group it holds.
    const member = await post(t, 'add-existing-user', c.member.token, { team_id: c.church, group_id: youth, user_id: child })
    expect([member.statusCode, body(member).code]).toEqual([403, 'child_data_gate'])
    expect(await held()).toBe(before)
    expect(await activityOf(t, child)).toEqual([])

    for (const [path, payload] of calls(c.leader)) expect((await post(t, path, c.leader.token, payload)).statusCode, path).toBe(200)
    expect(await groupsOf(child)).toEqual([choir])
    expect(await groupsOf(theirs)).toEqual([choir])
  })
})
