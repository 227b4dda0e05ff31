import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, assignments, groupContacts, people, teamContacts } from '../../db/schema/index'
import { body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, addToTeam, assignContact, buildChurch, buildContact, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function call(path: string, c: Church, token: string, contact: number, groupId = c.church) {
  return post(t, path, token, { team_id: c.church, group_id: groupId, user_id: contact })
}

async function teamRow(teamId: number, personId: number) {
  const [row] = await t.db
    .select()
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, teamId), eq(teamContacts.person_id, personId)))
  return row
}

describe('archive-user and unarchive-user (spec 2 §4)', () => {
  it('archives and restores the contact in the team, from any group (D2-4.1-01, D2-4.1-02)', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    const archived = await call('archive-user', c, c.owner.token, contact, group)
    expect(archived.statusCode).toBe(200)
    expect(body(archived)).toEqual({ success: true })
    expect((await teamRow(c.church, contact))!.archived_at).toBeInstanceOf(Date)
    // Archiving again changes nothing.
    expect((await call('archive-user', c, c.owner.token, contact)).statusCode).toBe(200)

    expect((await call('unarchive-user', c, c.owner.token, contact)).statusCode).toBe(200)
    expect((await teamRow(c.church, contact))!.archived_at).toBeNull()
    const log = await activityOf(t, contact)
    expect(log.map((entry) => `${entry.subject_type}:${entry.action}`)).toEqual(['team_contacts:update', 'team_contacts:update'])
    expect(log[0]!.before).toEqual({ archived_at: null })
    expect(log[1]!.after).toEqual({ archived_at: null })
  })

  it('needs delete_contact (D2-6-08)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    for (const path of ['archive-user', 'unarchive-user', 'remove-contact-from-team']) {
      expect((await call(path, c, c.leader.token, contact)).statusCode, path).toBe(403)
    }
    expect(await teamRow(c.church, contact)).toMatchObject({ archived_at: null })
    expect(await activityOf(t, contact)).toHaveLength(0)
  })

  it('refuses a request without a valid contact: 400 naming user_id, no change', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const archived = await buildContact(t, { teamId: c.church })
    expect((await call('archive-user', c, c.owner.token, archived)).statusCode).toBe(200)
    for (const path of ['archive-user', 'unarchive-user']) {
      for (const payload of [
        { team_id: c.church, group_id: c.church },
        { team_id: c.church, group_id: c.church, user_id: 'abc' },
        { team_id: c.church, group_id: c.church, user_id: 0 },
      ]) {
        const response = await post(t, path, c.owner.token, payload)
        expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400)
        expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors: { user_id: expect.any(String) } } })
      }
    }
    expect(await teamRow(c.church, contact)).toMatchObject({ archived_at: null })
    expect((await teamRow(c.church, archived))!.archived_at).toBeInstanceOf(Date)
    expect(await activityOf(t, contact)).toHaveLength(0)
    expect(await activityOf(t, archived)).toHaveLength(1)
  })

  it("answers 404 for another team's contact", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const contact = await buildContact(t, { teamId: other.church })
    for (const path of ['archive-user', 'unarchive-user', 'remove-contact-from-team']) {
      expect((await call(path, c, c.owner.token, contact)).statusCode, path).toBe(404)
    }
  })
})

describe('remove-contact-from-team', () => {
  it("removes only the group's row when asked in a group", async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    expect((await call('remove-contact-from-team', c, c.owner.token, contact, group)).statusCode).toBe(200)
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))).toHaveLength(0)
    expect(await teamRow(c.church, contact)).toBeDefined()
    // Not in the group any more.
    expect((await call('remove-contact-from-team', c, c.owner.token, contact, group)).statusCode).toBe(404)
  })

  it("takes the contact out of the team, its groups and assignments; another team's hold stays", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    const otherGroup = await buildTeam(t, { kind: 'group', parentId: other.church })
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    await addToTeam(t, contact, { teamId: other.church, isOwner: false, groupIds: [otherGroup] })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    await assignContact(t, { teamId: other.church, contactId: contact, toId: other.member.id })

    expect((await call('remove-contact-from-team', c, c.owner.token, contact)).statusCode).toBe(200)
    expect(await teamRow(c.church, contact)).toBeUndefined()
    expect(await teamRow(other.church, contact)).toBeDefined()
    expect((await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))).map((r) => r.group_id)).toEqual([otherGroup])
    expect((await t.db.select().from(assignments).where(eq(assignments.contact_id, contact))).map((r) => r.team_id)).toEqual([other.church])
    expect(await t.db.select().from(people).where(eq(people.id, contact))).toHaveLength(1)
    const log = await activityOf(t, contact)
    expect(log.at(-1)).toMatchObject({ subject_type: 'team_contacts', action: 'delete', team_id: c.church })
  })

  it('deletes a person no team holds any more, unless they have an account', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    expect((await call('remove-contact-from-team', c, c.owner.token, contact)).statusCode).toBe(200)
    expect(await t.db.select().from(people).where(eq(people.id, contact))).toHaveLength(0)
    // The team's log keeps the removal.
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, c.church), eq(activityLog.action, 'delete')))
    expect(entry).toMatchObject({ subject_type: 'team_contacts', contact_id: null, after: { person_deleted: true } })

    const user = await buildPerson(t)
    await addToTeam(t, user.id, { teamId: c.church })
    expect((await call('remove-contact-from-team', c, c.owner.token, user.id)).statusCode).toBe(200)
    expect(await t.db.select().from(people).where(eq(people.id, user.id))).toHaveLength(1)
  })
})
