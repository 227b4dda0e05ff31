import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { activityLog, assignments } from '../../db/schema/index'
import { minorWithoutConsentMessage } from '../../platform/contact-access'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function assign(c: Church, token: string, contact: number, extra: Record<string, unknown>) {
  return post(t, 'add-contact-assignment', token, { team_id: c.church, group_id: c.church, user_id: contact, ...extra })
}

function unassign(c: Church, token: string, contact: number, id: number) {
  return post(t, 'delete-contact-assignment', token, { team_id: c.church, group_id: c.church, user_id: contact, id })
}

async function assignedTo(contact: number) {
  const rows = await t.db.select().from(assignments).where(eq(assignments.contact_id, contact))
  return rows.map((row) => row.to_person_id).sort((a, b) => a - b)
}

describe('GET /api/v1/contact-assignments/{id}', () => {
  it('lists who follows the contact up, newest first, paged (D2-3.7-01, D2-9-04)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const helpers = []
    for (let i = 0; i < 5; i++) {
      const helper = await buildPerson(t, { firstName: `Helper${i}`, lastName: 'Smith' })
      await addMember(t, helper.id, c.church, 'member')
      const id = await assignContact(t, { teamId: c.church, contactId: contact, toId: helper.id, byId: c.owner.id })
      await t.db
        .update(assignments)
        .set({ created_at: new Date(Date.UTC(2026, 0, 10 + i, 3)) })
        .where(eq(assignments.id, id))
      helpers.push({ ...helper, assignment: id })
    }
    const first = body(await get(t, `contact-assignments/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church, per_page: 4 }))
    expect(first).toMatchObject({ count: 5, max_pages: 2 })
    expect(first.items.map((item: any) => item.to_user_name)).toEqual(['Helper4 Smith', 'Helper3 Smith', 'Helper2 Smith', 'Helper1 Smith'])
    expect(first.items[0]).toEqual({
      id: helpers[4]!.assignment,
      to_user_id: helpers[4]!.id,
      by_user_name: 'Olive Owner',
      created_display: '14 Jan 2026',
      to_user_name: 'Helper4 Smith',
      to_user_email: helpers[4]!.email,
    })
    const second = body(await get(t, `contact-assignments/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church, per_page: 4, page: 2 }))
    expect(second.items.map((item: any) => item.to_user_name)).toEqual(['Helper0 Smith'])
  })

  it("answers 404 for another team's contact and 403 to a member who cannot read it (D2-6-11)", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    const query = { team_id: c.church, group_id: c.church }
    expect((await get(t, `contact-assignments/${theirs}`, c.leader.token, query)).statusCode).toBe(404)
    const contact = await buildContact(t, { teamId: c.church })
    expect((await get(t, `contact-assignments/${contact}`, c.member.token, query)).statusCode).toBe(403)
  })
})

describe('POST /api/v1/add-contact-assignment', () => {
  it('lets a reader assign themselves, and update_contact assign a user of the team', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, addedById: c.member.id })
    const self = await assign(c, c.member.token, contact, { to_self: 1 })
    expect(self.statusCode).toBe(200)
    expect(body(self).id).toBeGreaterThan(0)
    const other = await assign(c, c.leader.token, contact, { to_user_id: c.owner.id })
    expect(other.statusCode).toBe(200)
    expect(await assignedTo(contact)).toEqual([c.owner.id, c.member.id].sort((a, b) => a - b))
    const log = await activityOf(t, contact)
    expect(log.map((entry) => `${entry.subject_type}:${entry.action}`)).toEqual(['user_assignment:add', 'user_assignment:add'])
    expect(log[1]!.after).toEqual({ to_user_id: c.owner.id, by_user_id: c.leader.id })
  })

  it('refuses someone else without update_contact, a non-user of the team and a second assignment', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    expect((await assign(c, c.member.token, contact, { to_user_id: c.leader.id })).statusCode).toBe(403)
    const outsider = await buildPerson(t)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect(body(await assign(c, c.leader.token, contact, { to_user_id: outsider.id })).data.errors).toHaveProperty('to_user_id')
    expect((await assign(c, c.leader.token, contact, { to_user_id: pending.id })).statusCode).toBe(400)
    expect((await assign(c, c.leader.token, contact, {})).statusCode).toBe(400)
    const twice = await assign(c, c.leader.token, contact, { to_user_id: c.member.id })
    expect(twice.statusCode).toBe(409)
    expect(body(twice).code).toBe('conflict')
    expect(await assignedTo(contact)).toEqual([c.member.id])
    expect(await t.db.select().from(activityLog).where(eq(activityLog.contact_id, contact))).toHaveLength(0)
  })

  it('assigns no one to a minor without consent on record (D1-1-03)', async () => {
    const c = await buildChurch(t)
    const parent = { parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' }
    const minor = await buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 14), ...parent } })
    const refused = await assign(c, c.leader.token, minor, { to_self: 1 })
    expect(refused.statusCode).toBe(400)
    expect(body(refused)).toMatchObject({
      code: 'invalid_request',
      message: minorWithoutConsentMessage,
      data: { reason: 'minor_without_consent', errors: { user_id: minorWithoutConsentMessage } },
    })
    expect(await assignedTo(minor)).toEqual([])
    const withConsent = await buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 14), ...parent, consent_type: 'verbal' } })
    expect((await assign(c, c.leader.token, withConsent, { to_self: 1 })).statusCode).toBe(200)
    const adult = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 30) })
    expect((await assign(c, c.leader.token, adult, { to_self: 1 })).statusCode).toBe(200)
  })

  it("answers 404 for another team's contact", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await assign(c, c.leader.token, theirs, { to_self: 1 })).statusCode).toBe(404)
  })
})

describe('POST /api/v1/delete-contact-assignment', () => {
  it("removes one's own assignment, or any with update_contact", async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const members = await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const owners = await assignContact(t, { teamId: c.church, contactId: contact, toId: c.owner.id })
    expect((await unassign(c, c.member.token, contact, owners)).statusCode).toBe(403)
    expect((await unassign(c, c.member.token, contact, members)).statusCode).toBe(200)
    expect((await unassign(c, c.leader.token, contact, owners)).statusCode).toBe(200)
    expect(await assignedTo(contact)).toEqual([])
    const log = await activityOf(t, contact)
    expect(log.map((entry) => `${entry.subject_type}:${entry.action}`)).toEqual(['user_assignment:delete', 'user_assignment:delete'])
    expect(log[0]!.before).toEqual({ to_user_id: c.member.id, by_user_id: null })
  })

  it('leaves a child’s assignments to callers who pass the child data gate', async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 10), consent_type: 'verbal' } })
    const gatedLeader = await buildPerson(t)
    await addMember(t, gatedLeader.id, c.church, 'leader')
    const members = await assignContact(t, { teamId: c.church, contactId: child, toId: c.member.id })
    const leaders = await assignContact(t, { teamId: c.church, contactId: child, toId: gatedLeader.id })
    for (const [person, id] of [
      [c.member, members],
      [gatedLeader, leaders],
      [gatedLeader, members],
    ] as const) {
      const response = await unassign(c, person.token, child, id)
      expect([response.statusCode, body(response).code]).toEqual([403, 'child_data_gate'])
    }
    expect(await assignedTo(child)).toEqual([c.member.id, gatedLeader.id].sort((a, b) => a - b))
    expect(await activityOf(t, child)).toEqual([])
    expect((await unassign(c, c.leader.token, child, members)).statusCode).toBe(200)
    expect(await assignedTo(child)).toEqual([gatedLeader.id])
  })

  it("answers 404 for an unknown assignment or another team's", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const contact = await buildContact(t, { teamId: c.church })
    const theirs = await assignContact(t, { teamId: other.church, contactId: contact, toId: other.member.id })
    expect((await unassign(c, c.leader.token, contact, theirs)).statusCode).toBe(404)
    expect((await unassign(c, c.leader.token, contact, 99999999)).statusCode).toBe(404)
    expect(await assignedTo(contact)).toEqual([other.member.id])
  })
})
