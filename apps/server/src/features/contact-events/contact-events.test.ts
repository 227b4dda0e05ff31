import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { activityLog, contactEvents, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function scope(c: Church, contact: number) {
  return { team_id: c.church, group_id: c.church, user_id: contact }
}

function add(c: Church, token: string, contact: number, fields: Record<string, unknown>) {
  return post(t, 'add-contact-event', token, { ...scope(c, contact), type: 'decision-for-bible-studies', date: '2026-03-01', ...fields })
}

async function added(c: Church, token: string, contact: number, fields: Record<string, unknown>): Promise<number> {
  const response = await add(c, token, contact, fields)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).id as number
}

function update(c: Church, token: string, contact: number, id: number, fields: Record<string, unknown>) {
  return post(t, 'update-contact-event', token, { ...scope(c, contact), id, ...fields })
}

function remove(c: Church, token: string, contact: number, id: number) {
  return post(t, 'delete-contact-event', token, { ...scope(c, contact), id })
}

async function list(c: Church, token: string, contact: number, query: Record<string, string | number> = {}) {
  const response = await get(t, `contact-events/${contact}`, token, { team_id: c.church, group_id: c.church, ...query })
  expect(response.statusCode, response.body).toBe(200)
  return body(response)
}

async function eventCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(contactEvents)
  return row!.n
}

async function eventActivity(contact: number) {
  return t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.contact_id, contact), eq(activityLog.subject_type, 'user_event')))
    .orderBy(activityLog.id)
}

describe('add-contact-event and contact-events/{id}', () => {
  it('records decisions and events with the spec keys, newest first, a tab per kind (D2-3.10-01, D2-7.4-13, D2-9-04)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { member_status: 'lead-visited' } })
    const first = await added(c, c.leader.token, contact, {
      type: 'decision-to-follow-jesus',
      date: '2026-01-10',
      member_status: 'lead-visited',
      content: '<b>at the series</b>',
    })
    t.clock.advance(60_000)
    const second = await added(c, c.leader.token, contact, { type: 'other', date: '2026-02-01', grow_phase: 'plant', content: 'Came to the health seminar' })
    t.clock.advance(60_000)
    const third = await added(c, c.leader.token, contact, { type: 'prayer-request', date: '2025-12-01', grow_phase: 'plant' })

    const all = await list(c, c.leader.token, contact)
    expect(all.count).toBe(3)
    expect(all.items.map((item: any) => item.id)).toEqual([third, second, first])
    expect(all.items[2]).toEqual({
      id: first,
      type: 'decision-to-follow-jesus',
      type_display: 'Decision to follow Jesus',
      kind: 'decision',
      date: '2026-01-10',
      date_display: '10 Jan 2026',
      grow_phase: null,
      member_status: 'lead-visited',
      member_status_display: 'Lead (visited)',
      content: '<b>at the series</b>',
      author_id: c.leader.id,
      created_display: expect.any(String),
    })
    // The grow phase stays with type other alone (D2-3.10-02).
    expect(all.items[1].grow_phase).toBe('plant')
    expect(all.items[0].grow_phase).toBeNull()

    expect((await list(c, c.leader.token, contact, { kind: 'decision' })).items.map((item: any) => item.id)).toEqual([first])
    expect((await list(c, c.leader.token, contact, { kind: 'event' })).items.map((item: any) => item.id)).toEqual([third, second])
    expect((await list(c, c.leader.token, contact, { order_by: 'date', order: 'asc' })).items.map((item: any) => item.id)).toEqual([third, first, second])
    // A page past the last is reduced to the last (spec 2 §9).
    const paged = await list(c, c.leader.token, contact, { page: 2, per_page: 4 })
    expect(paged).toMatchObject({ count: 3, max_pages: 1 })
    expect(paged.items).toHaveLength(3)

    const rows = await eventActivity(contact)
    expect(rows.map((row) => row.action)).toEqual(['add', 'add', 'add'])
    expect(rows[0]!.after).toMatchObject({ type: 'decision-to-follow-jesus', date: '2026-01-10', content: '<b>at the series</b>' })
  })

  it('a baptism makes the contact a member in the same transaction, with the contact’s activity row, and the list filters on it (D2-4.5-01)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { member_status: 'baptismal-candidate' } })
    await added(c, c.leader.token, contact, { type: 'baptism', date: '2026-04-04', member_status: 'member' })
    const [person] = await t.db.select({ member_status: people.member_status }).from(people).where(eq(people.id, contact))
    expect(person!.member_status).toBe('member')
    const [readModel] = await t.db.select({ member_status: teamContacts.member_status }).from(teamContacts).where(eq(teamContacts.person_id, contact))
    expect(readModel!.member_status).toBe('member')
    const members = await get(t, 'contacts', c.owner.token, { team_id: c.church, group_id: c.church, member_status: 'member', per_page: 200 })
    expect(body(members).items.map((item: any) => item.id)).toContain(contact)
    const contactRows = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, contact), eq(activityLog.subject_type, 'user')))
    expect(contactRows).toHaveLength(1)
    expect(contactRows[0]!.before).toEqual({ member_status: 'baptismal-candidate' })
    expect(contactRows[0]!.after).toEqual({ member_status: 'member' })
    // The same status again changes nothing more on the contact.
    await added(c, c.leader.token, contact, { type: 'profession-of-faith', date: '2026-04-05', member_status: 'member' })
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.contact_id, contact), eq(activityLog.subject_type, 'user'))),
    ).toHaveLength(1)
  })

  it('bad input: 400 invalid_request naming each field, nothing written', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const before = await eventCount()
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ type: undefined, date: undefined }, ['type', 'date']],
      [{ type: 'not-a-type' }, ['type']],
      [{ type: 42 }, ['type']],
      [{ date: '2026-13-40' }, ['date']],
      [{ date: '1800-01-01' }, ['date']],
      [{ member_status: 'pope' }, ['member_status']],
      [{ grow_phase: 'bloom' }, ['grow_phase']],
      [{ content: 'x'.repeat(5001) }, ['content']],
      [{ type: 'x'.repeat(61) }, ['type']],
    ]
    for (const [fields, paths] of cases) {
      const response = await add(c, c.leader.token, contact, fields)
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(Object.keys(body(response).data.errors).sort(), JSON.stringify(fields)).toEqual(paths.sort())
    }
    const id = await added(c, c.leader.token, contact, {})
    for (const fields of [{ date: 'yesterday' }, { member_status: 'pope' }, { content: 'x'.repeat(5001) }]) {
      const response = await update(c, c.leader.token, contact, id, fields)
      expect(response.statusCode).toBe(400)
      expect(Object.keys(body(response).data.errors)).toHaveLength(1)
    }
    expect((await update(c, c.leader.token, contact, 'abc' as unknown as number, {})).statusCode).toBe(400)
    expect((await remove(c, c.leader.token, contact, 99_999_999_999 as number)).statusCode).toBe(400)
    expect(await eventCount()).toBe(before + 1)
    expect((await list(c, c.leader.token, contact)).items[0].date).toBe('2026-03-01')
  })

  it('is refused when the contact declined consent, and for a minor without consent (D2-4.2-13)', async () => {
    const c = await buildChurch(t)
    const declined = await buildContact(t, { teamId: c.church, person: { consent_declined: true } })
    const response = await add(c, c.leader.token, declined, {})
    expect(response.statusCode).toBe(400)
    expect(body(response).data.reason).toBe('consent_declined')
    const child = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 9) })
    const minor = await add(c, c.owner.token, child, {})
    expect(minor.statusCode).toBe(400)
    expect(body(minor).data.reason).toBe('minor_without_consent')
    await t.db.update(people).set({ consent_type: 'verbal' }).where(eq(people.id, child))
    expect((await add(c, c.owner.token, child, {})).statusCode).toBe(200)
  })
})

describe('update-contact-event and delete-contact-event', () => {
  it('edits the fields sent and logs before and after; a changed member status becomes the contact’s (D2-7.4-14)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { member_status: 'lead-visited' } })
    const id = await added(c, c.leader.token, contact, { type: 'other', grow_phase: 'cultivate', content: 'first' })
    const response = await update(c, c.leader.token, contact, id, { content: 'x', member_status: 'study-in-person' })
    expect(response.statusCode, response.body).toBe(200)
    const [item] = (await list(c, c.leader.token, contact)).items
    expect(item).toMatchObject({ id, type: 'other', grow_phase: 'cultivate', content: 'x', member_status: 'study-in-person' })
    const [person] = await t.db.select({ member_status: people.member_status }).from(people).where(eq(people.id, contact))
    expect(person!.member_status).toBe('study-in-person')
    // A type other than 'other' drops the grow phase and moves to the Decisions tab.
    expect((await update(c, c.leader.token, contact, id, { type: 'decision-for-service' })).statusCode).toBe(200)
    expect((await list(c, c.leader.token, contact, { kind: 'decision' })).items[0]).toMatchObject({ id, grow_phase: null, kind: 'decision' })
    const rows = await eventActivity(contact)
    expect(rows.map((row) => row.action)).toEqual(['add', 'update', 'update'])
    expect(rows[1]!.before).toMatchObject({ content: 'first' })
    expect(rows[1]!.after).toMatchObject({ content: 'x' })
  })

  it('deletes the event, logs it, and the contact keeps its member status (D2-7.4-15)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { member_status: 'baptismal-candidate' } })
    const id = await added(c, c.leader.token, contact, { type: 'baptism', member_status: 'member' })
    expect((await remove(c, c.leader.token, contact, id)).statusCode).toBe(200)
    expect((await list(c, c.leader.token, contact)).count).toBe(0)
    expect((await eventActivity(contact)).map((row) => row.action)).toEqual(['add', 'delete'])
    expect((await remove(c, c.leader.token, contact, id)).statusCode).toBe(404)
    const [person] = await t.db.select({ member_status: people.member_status }).from(people).where(eq(people.id, contact))
    expect(person!.member_status).toBe('member')
  })

  it("another team's contact or event is 404, nothing changed", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const theirs = await buildContact(t, { teamId: other.church })
    const id = await added(c, c.leader.token, contact, { content: 'ours' })
    // Their leader, on our contact through their team: the contact is not theirs.
    expect((await get(t, `contact-events/${contact}`, other.leader.token, { team_id: other.church, group_id: other.church })).statusCode).toBe(404)
    expect((await add(other, other.leader.token, contact, {})).statusCode).toBe(404)
    // Their contact, our event id: not an event of that contact in that team.
    const theirEvent = await added(other, other.leader.token, theirs, {})
    expect((await update(c, c.leader.token, contact, theirEvent, { content: 'mine now' })).statusCode).toBe(404)
    expect((await remove(c, c.leader.token, contact, theirEvent)).statusCode).toBe(404)
    expect((await update(other, other.leader.token, theirs, id, { content: 'theirs now' })).statusCode).toBe(404)
    expect((await remove(other, other.leader.token, theirs, id)).statusCode).toBe(404)
    // The same contact shared with both teams: each sees its own events.
    await post(t, 'add-existing-user', other.owner.token, { team_id: other.church, group_id: other.church, user_id: contact })
    const [row] = await t.db.select().from(contactEvents).where(eq(contactEvents.id, id))
    expect(row!.content).toBe('ours')
    const [theirRow] = await t.db.select().from(contactEvents).where(eq(contactEvents.id, theirEvent))
    expect(theirRow!.content).toBeNull()
  })
})

describe('capabilities (spec 2 §6)', () => {
  it('read_user_event reads, update_user_event adds and edits, delete_user_event deletes (D2-6-18..20)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const id = await added(c, c.leader.token, contact, {})
    // A member not assigned to the contact cannot read it at all.
    expect((await get(t, `contact-events/${contact}`, c.member.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(403)
    expect((await add(c, c.member.token, contact, {})).statusCode).toBe(403)
    // Assigned, a member reads, adds and edits (update_user_event), and may not delete.
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    expect((await list(c, c.member.token, contact)).count).toBe(1)
    const mine = await added(c, c.member.token, contact, { content: 'member' })
    expect((await update(c, c.member.token, contact, id, { content: 'edited by member' })).statusCode).toBe(200)
    const denied = await remove(c, c.member.token, contact, mine)
    expect(denied.statusCode).toBe(403)
    expect(body(denied).code).toBe('forbidden')
    expect((await list(c, c.leader.token, contact)).count).toBe(2)
    // A leader deletes (delete_user_event).
    expect((await remove(c, c.leader.token, contact, mine)).statusCode).toBe(200)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await get(t, `contact-events/${contact}`, pending.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(403)
  })

  it("a child's events are closed under the child data gate", async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, {
      teamId: c.church,
      person: { ...bornYearsAgo(t, 10), consent_type: 'direct', consent_date: '2026-01-01', consent_content: 'ok' },
    })
    const id = await added(c, c.owner.token, child, {})
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const gated = await get(t, `contact-events/${child}`, unchecked.token, { team_id: c.church, group_id: c.church })
    expect(gated.statusCode).toBe(403)
    expect(body(gated).code).toBe('child_data_gate')
    expect((await add(c, unchecked.token, child, {})).statusCode).toBe(403)
    expect((await update(c, unchecked.token, child, id, { content: 'x' })).statusCode).toBe(403)
    expect((await remove(c, unchecked.token, child, id)).statusCode).toBe(403)
    expect((await list(c, c.leader.token, child)).count).toBe(1)
  })
})
