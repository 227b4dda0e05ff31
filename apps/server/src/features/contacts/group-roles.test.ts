import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { capabilityMap } from '@crm/domain'
import { activityLog, assignments, groupContacts, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

// Issue 8 item 2: a group role governs who is in the group, never what the team does with a
// contact. Team-wide actions read the caller's team role on the contact.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function teamRow(teamId: number, personId: number) {
  const [row] = await t.db
    .select()
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, teamId), eq(teamContacts.person_id, personId)))
  return row!
}

async function snapshot(contact: number) {
  return {
    teamContacts: await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, contact)),
    groups: await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact)),
    assignments: await t.db.select().from(assignments).where(eq(assignments.contact_id, contact)),
    person: await t.db.select().from(people).where(eq(people.id, contact)),
    log: await t.db.select().from(activityLog).where(eq(activityLog.contact_id, contact)),
  }
}

/** A member of the church who made a private group, and so owns it. */
async function privateGroupOf(c: Church) {
  const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: c.member.id })
  await addMember(t, c.member.id, group, 'owner')
  return group
}

describe('a member who owns a private group', () => {
  it('cannot put a team contact they may not read into it', async () => {
    const c = await buildChurch(t)
    const group = await privateGroupOf(c)
    const contact = await buildContact(t, { teamId: c.church })
    const before = await snapshot(contact)
    expect((await post(t, 'add-existing-user', c.member.token, { team_id: c.church, group_id: group, user_id: contact })).statusCode).toBe(403)
    expect((await post(t, 'add-user-to-group', c.member.token, { team_id: c.church, group_id: group, user_id: contact })).statusCode).toBe(403)
    expect(await snapshot(contact)).toEqual(before)
  })

  it('cannot archive, restore, remove, edit, assign or take ownership of a contact in it', async () => {
    const c = await buildChurch(t)
    const group = await privateGroupOf(c)
    // A contact the member added: they read it, and it is in their group.
    const contact = await buildContact(t, { teamId: c.church, addedById: c.member.id, groupIds: [group] })
    const archived = await buildContact(t, { teamId: c.church, addedById: c.member.id, groupIds: [group], archived: true })
    const unowned = await buildContact(t, { teamId: c.church, addedById: c.member.id, groupIds: [group], isOwner: false })
    const scope = { team_id: c.church, group_id: group }
    const before = [await snapshot(contact), await snapshot(archived), await snapshot(unowned)]

    expect((await post(t, 'archive-user', c.member.token, { ...scope, user_id: contact })).statusCode).toBe(403)
    expect((await post(t, 'unarchive-user', c.member.token, { ...scope, user_id: archived })).statusCode).toBe(403)
    expect((await post(t, 'remove-contact-from-team', c.member.token, { ...scope, user_id: contact })).statusCode).toBe(403)
    expect((await post(t, 'update-user', c.member.token, { ...scope, user_id: contact, first_name: 'Changed' })).statusCode).toBe(403)
    expect((await post(t, 'add-contact-assignment', c.member.token, { ...scope, user_id: contact, to_user_id: c.leader.id })).statusCode).toBe(403)
    expect((await post(t, `contact/${unowned}/take-ownership`, c.member.token, scope)).statusCode).toBe(403)
    expect([await snapshot(contact), await snapshot(archived), await snapshot(unowned)]).toEqual(before)

    // It still reads the contact there, and the item says what the team lets them do.
    const item = await get(t, `contact/${contact}`, c.member.token, scope)
    expect(item.statusCode).toBe(200)
    expect(body(item).auth).toMatchObject({ user_role: 'member', user_capabilities: capabilityMap('member'), fields: [] })
  })

  it('may follow up a contact the team lets them read, not one only the group shows them', async () => {
    const c = await buildChurch(t)
    const group = await privateGroupOf(c)
    const added = await buildContact(t, { teamId: c.church, addedById: c.member.id, groupIds: [group] })
    // Put into the group by a site admin, say: readable in the group, not in the team.
    const onlyInGroup = await buildContact(t, { teamId: c.church, groupIds: [group] })
    const scope = { team_id: c.church, group_id: group }
    expect((await get(t, `contact/${onlyInGroup}`, c.member.token, scope)).statusCode).toBe(200)
    expect((await post(t, 'add-contact-assignment', c.member.token, { ...scope, user_id: onlyInGroup, to_self: 1 })).statusCode).toBe(403)
    expect(await t.db.select().from(assignments).where(eq(assignments.contact_id, onlyInGroup))).toHaveLength(0)
    expect((await post(t, 'add-contact-assignment', c.member.token, { ...scope, user_id: added, to_self: 1 })).statusCode).toBe(200)
  })
})

describe('a leader who owns a public group', () => {
  it('cannot archive or remove a team contact through it', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    await addMember(t, c.leader.id, group, 'owner')
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    const before = await snapshot(contact)
    const payload = { team_id: c.church, group_id: group, user_id: contact }
    expect((await post(t, 'archive-user', c.leader.token, payload)).statusCode).toBe(403)
    expect((await post(t, 'remove-contact-from-team', c.leader.token, payload)).statusCode).toBe(403)
    expect(await snapshot(contact)).toEqual(before)
    expect(body(await get(t, `contact/${contact}`, c.leader.token, { team_id: c.church, group_id: group })).auth).toMatchObject({
      user_role: 'leader',
      user_capabilities: capabilityMap('leader'),
    })
    // The team's owner archives from the group as from the team.
    expect((await post(t, 'archive-user', c.owner.token, payload)).statusCode).toBe(200)
    expect((await teamRow(c.church, contact)).archived_at).toBeInstanceOf(Date)
  })
})

describe('assignments under the child data gate', () => {
  it('assign nobody to a child when the caller may not see the child', async () => {
    const c = await buildChurch(t)
    const gated = await buildPerson(t)
    await addMember(t, gated.id, c.church, 'leader', { has_wwcc: true })
    const child = await buildContact(t, {
      teamId: c.church,
      person: { ...bornYearsAgo(t, 9), consent_type: 'verbal', parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' },
    })
    const payload = { team_id: c.church, group_id: c.church, user_id: child }
    const toOther = await post(t, 'add-contact-assignment', gated.token, { ...payload, to_user_id: c.member.id })
    expect(toOther.statusCode).toBe(403)
    expect(body(toOther).code).toBe('child_data_gate')
    expect(body(await post(t, 'add-contact-assignment', gated.token, { ...payload, to_self: 1 })).code).toBe('child_data_gate')
    expect(await t.db.select().from(assignments).where(eq(assignments.contact_id, child))).toHaveLength(0)
    // A leader with both checks may.
    expect((await post(t, 'add-contact-assignment', c.leader.token, { ...payload, to_user_id: c.member.id })).statusCode).toBe(200)
  })
})
