import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { assignments, groupContacts, teamContacts } from '../../db/schema/index'
import { body, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, addToTeam, assignContact, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function contactCall(action: string, c: Church, token: string, contact: number, extra: Record<string, unknown> = {}) {
  return post(t, `contact/${contact}/${action}`, token, { team_id: c.church, group_id: c.church, ...extra })
}

async function teamRow(teamId: number, personId: number) {
  const [row] = await t.db
    .select()
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, teamId), eq(teamContacts.person_id, personId)))
  return row
}

describe('POST /api/v1/contact/{id}/take-ownership', () => {
  it('lets the team own a contact nobody owns (D2-4.3-01)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, isOwner: false })
    const response = await contactCall('take-ownership', c, c.leader.token, contact, { the_user_id: contact })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect((await teamRow(c.church, contact))!.is_owner).toBe(true)
    const log = await activityOf(t, contact)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ subject_type: 'team_contacts', action: 'update', before: { is_owner: false }, after: { is_owner: true } })
    // Owned now: a second take is a conflict.
    expect((await contactCall('take-ownership', c, c.leader.token, contact)).statusCode).toBe(409)
  })

  it('is a conflict when another team owns the contact', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const contact = await buildContact(t, { teamId: other.church })
    await addToTeam(t, contact, { teamId: c.church, isOwner: false })
    const response = await contactCall('take-ownership', c, c.leader.token, contact)
    expect(response.statusCode).toBe(409)
    expect(body(response).code).toBe('conflict')
    expect((await teamRow(c.church, contact))!.is_owner).toBe(false)
    expect(await activityOf(t, contact)).toHaveLength(0)
  })

  it("needs update_contact, answers 404 for another team's contact and 400 for another the_user_id", async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, isOwner: false })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    expect((await contactCall('take-ownership', c, c.member.token, contact)).statusCode).toBe(403)
    const other = await buildChurch(t)
    const theirs = await buildContact(t, { teamId: other.church, isOwner: false })
    expect((await contactCall('take-ownership', c, c.leader.token, theirs)).statusCode).toBe(404)
    expect((await contactCall('take-ownership', c, c.leader.token, contact, { the_user_id: theirs })).statusCode).toBe(400)
  })
})

describe('POST /api/v1/contact/{id}/relinquish', () => {
  it('lets the assigned person give the contact up (D2-6-01)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.leader.id })
    const response = await contactCall('relinquish', c, c.member.token, contact)
    expect(response.statusCode).toBe(200)
    const left = await t.db.select().from(assignments).where(eq(assignments.contact_id, contact))
    expect(left.map((row) => row.to_person_id)).toEqual([c.leader.id])
    const log = await activityOf(t, contact)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ subject_type: 'user_assignment', action: 'delete', author_id: c.member.id })
    // No longer assigned, the member cannot read the contact at all.
    expect((await contactCall('relinquish', c, c.member.token, contact)).statusCode).toBe(403)
  })

  it('refuses anyone whose role on the contact is not assigned_ (D2-6-01)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    for (const person of [c.leader, c.owner]) {
      const response = await contactCall('relinquish', c, person.token, contact)
      expect(response.statusCode).toBe(403)
    }
    expect(await activityOf(t, contact)).toHaveLength(0)
  })
})

describe('accept- and reject-ownership-approval-request (spec 2 §4)', () => {
  async function requested() {
    const owner = await buildChurch(t)
    const asking = await buildChurch(t, { conference: owner.conference })
    const group = await buildTeam(t, { kind: 'group', parentId: asking.church })
    const contact = await buildContact(t, { teamId: owner.church })
    await addToTeam(t, contact, { teamId: asking.church, isOwner: false, state: 'awaiting_approval', requestedById: asking.member.id, groupIds: [group] })
    return { owner, asking, contact, group }
  }

  it('lets the owning team accept: the asking team works with the contact (D2-4.3-04)', async () => {
    const { owner, asking, contact } = await requested()
    const tab = () => get(t, `contact-groups/${contact}`, asking.leader.token, { team_id: asking.church, group_id: asking.church })
    expect((await tab()).statusCode).toBe(403)
    const response = await contactCall('accept-ownership-approval-request', owner, owner.leader.token, contact, { requesting_team_id: asking.church })
    expect(response.statusCode).toBe(200)
    expect(await teamRow(asking.church, contact)).toMatchObject({ state: 'active', is_owner: false })
    expect((await tab()).statusCode).toBe(200)
    const log = await activityOf(t, contact)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ subject_type: 'team_contacts', action: 'update', team_id: owner.church, after: { team_id: asking.church, state: 'active' } })
    // Decided: nothing more to accept.
    expect((await contactCall('accept-ownership-approval-request', owner, owner.leader.token, contact, { requesting_team_id: asking.church })).statusCode).toBe(
      404,
    )
  })

  it('lets the owning team reject: the request and its groups go (D2-4.3-05)', async () => {
    const { owner, asking, contact } = await requested()
    const response = await contactCall('reject-ownership-approval-request', owner, owner.owner.token, contact, { requesting_team_id: asking.church })
    expect(response.statusCode).toBe(200)
    expect(await teamRow(asking.church, contact)).toBeUndefined()
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))).toHaveLength(0)
    expect((await get(t, `contact-groups/${contact}`, asking.leader.token, { team_id: asking.church, group_id: asking.church })).statusCode).toBe(404)
    expect((await activityOf(t, contact)).map((entry) => entry.action)).toEqual(['delete'])
  })

  it('is for a team that owns the contact, with update_contact, about a real request', async () => {
    const { owner, asking, contact } = await requested()
    const payload = { requesting_team_id: asking.church }
    // The asking team cannot approve itself (its row awaits), nor can a member of the owner.
    expect((await contactCall('accept-ownership-approval-request', asking, asking.owner.token, contact, payload)).statusCode).toBe(403)
    await assignContact(t, { teamId: owner.church, contactId: contact, toId: owner.member.id })
    expect((await contactCall('accept-ownership-approval-request', owner, owner.member.token, contact, payload)).statusCode).toBe(403)
    // A sharing team that does not own the contact does not decide.
    const sharing = await buildChurch(t, { conference: owner.conference })
    await addToTeam(t, contact, { teamId: sharing.church, isOwner: false })
    expect((await contactCall('accept-ownership-approval-request', sharing, sharing.leader.token, contact, payload)).statusCode).toBe(403)
    expect(
      (await contactCall('reject-ownership-approval-request', owner, owner.leader.token, contact, { requesting_team_id: sharing.church })).statusCode,
    ).toBe(404)
    expect(await teamRow(asking.church, contact)).toMatchObject({ state: 'awaiting_approval' })
  })
})
