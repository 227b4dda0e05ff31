import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { eventAttendance, events, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

// Attendance of an event's dates (spec 3 §2.1, §3, §6, §7 Events; spec 2 §7.1, §9).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const sunday = '2026-11-01'
const nextSunday = '2026-11-08'
const monday = '2026-11-02'

/** An event of the team, weekly on Sundays from `sunday` (the events calls are another part's). */
async function buildEvent(teamId: number, values: Partial<typeof events.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(events)
    .values({
      team_id: teamId,
      title: 'Sunday service',
      start_date: sunday,
      end_date: sunday,
      span_days: 1,
      is_recurring: true,
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      ...values,
    })
    .returning({ id: events.id })
  return row!.id
}

interface Setup {
  c: Church
  event: number
}

async function setup(): Promise<Setup> {
  const c = await buildChurch(t)
  return { c, event: await buildEvent(c.church) }
}

function attendance(s: Setup, token: string, date: string, extra: Record<string, string | number> = {}) {
  return get(t, `event-attendance/${s.event}`, token, { team_id: s.c.church, event_date: date, ...extra })
}

function mark(s: Setup, token: string, payload: Record<string, unknown>, date = sunday) {
  return post(t, 'add-event-attendance', token, { team_id: s.c.church, event_id: s.event, event_date: date, ...payload })
}

function names(response: { json(): unknown }): string[] {
  return (response.json() as { items: Array<{ name: string }> }).items.map((item) => item.name)
}

async function rowsOf(event: number) {
  return t.db.select().from(eventAttendance).where(eq(eventAttendance.event_id, event))
}

describe('marking contacts', () => {
  it('D3-2.1-20 toggles a contact attended on one date; the other dates are unaffected', async () => {
    const s = await setup()
    const x = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Xavier', last_name: 'Cole' } })
    for (const date of [sunday, nextSunday]) expect((await mark(s, s.c.leader.token, { user_id: x }, date)).statusCode).toBe(200)
    expect(names(await attendance(s, s.c.member.token, sunday))).toEqual(['Xavier Cole'])

    const off = await post(t, 'delete-event-attendance', s.c.leader.token, { team_id: s.c.church, event_id: s.event, event_date: sunday, user_id: x })
    expect(off.statusCode).toBe(200)
    expect(names(await attendance(s, s.c.member.token, sunday))).toEqual([])
    expect(names(await attendance(s, s.c.member.token, nextSunday))).toEqual(['Xavier Cole'])
    // Unmarking again changes nothing.
    expect(
      (await post(t, 'delete-event-attendance', s.c.leader.token, { team_id: s.c.church, event_id: s.event, event_date: sunday, user_id: x })).statusCode,
    ).toBe(200)
  })

  it('D3-2.1-20 marks a contact once when two clicks arrive at once: both answer the one record', async () => {
    const s = await setup()
    const x = await buildContact(t, { teamId: s.c.church })
    const responses = await Promise.all(Array.from({ length: 8 }, () => mark(s, s.c.leader.token, { user_id: x })))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    const ids = new Set(responses.map((r) => body(r).id))
    expect(ids.size).toBe(1)
    expect(await rowsOf(s.event)).toHaveLength(1)
  })

  it('marks only a contact the caller can read in the team: another team’s or an unassigned one is 404 for a member', async () => {
    const s = await setup()
    const other = await buildChurch(t, { conference: s.c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await mark(s, s.c.leader.token, { user_id: theirs })).statusCode).toBe(404)
    const unassigned = await buildContact(t, { teamId: s.c.church })
    expect((await mark(s, s.c.member.token, { user_id: unassigned })).statusCode).toBe(404)
    await assignContact(t, { teamId: s.c.church, contactId: unassigned, toId: s.c.member.id })
    expect((await mark(s, s.c.member.token, { user_id: unassigned })).statusCode).toBe(200)
  })
})

describe('GET event-attendance/{id}', () => {
  it('D3-3-16 D3-7.1-03 answers the records of the date only, with the record’s keys, a page at a time', async () => {
    const s = await setup()
    for (let i = 0; i < 5; i += 1) {
      const contact = await buildContact(t, { teamId: s.c.church, person: { first_name: `Page${i}`, last_name: 'Person' } })
      await mark(s, s.c.leader.token, { user_id: contact })
    }
    await mark(s, s.c.leader.token, { is_visitor: 1, visitor_info_name: 'Other Day' }, nextSunday)
    const first = await attendance(s, s.c.leader.token, sunday, { page: 1, per_page: 4 })
    expect(first.statusCode).toBe(200)
    expect(body(first)).toMatchObject({ count: 5, max_pages: 2 })
    expect(Object.keys(body(first).items[0]).sort()).toEqual(
      [
        'id',
        'event_id',
        'event_date',
        'user_id',
        'name',
        'is_visitor',
        'visitor_info_name',
        'visitor_info_phone',
        'visitor_info_email',
        'visitor_info_is_new',
        'visitor_info_create_contact',
        'notes',
      ].sort(),
    )
    const second = await attendance(s, s.c.leader.token, sunday, { page: 2, per_page: 4 })
    expect(names(second)).toEqual(['Page4 Person'])
    expect(body(second).items[0].event_date).toBe(sunday)
  })

  it('D3-7.1-03 takes event_date and paging alone: the event’s own team is the scope, and its members only read it', async () => {
    const s = await setup()
    await mark(s, s.c.leader.token, { is_visitor: 1, visitor_info_name: 'Vera Visitor' })
    const url = `event-attendance/${s.event}`
    const answer = await get(t, url, s.c.member.token, { event_date: sunday, page: 1, per_page: 20 })
    expect(answer.statusCode).toBe(200)
    expect(body(answer)).toMatchObject({ count: 1, max_pages: 1 })
    expect(names(answer)).toEqual(['Vera Visitor'])
    // Somebody of another church (even its owner), and a signed-in person of no team: not found.
    const other = await setup()
    const stranger = await buildPerson(t)
    for (const token of [other.c.owner.token, stranger.token]) {
      const refused = await get(t, url, token, { event_date: sunday })
      expect(refused.statusCode).toBe(404)
      expect(refused.body).not.toContain('Vera')
    }
    // Another team's id beside the event is not found either; an event that does not exist is 404.
    expect((await get(t, url, other.c.owner.token, { team_id: other.c.church, event_date: sunday })).statusCode).toBe(404)
    expect((await get(t, 'event-attendance/99999999', s.c.member.token, { event_date: sunday })).statusCode).toBe(404)
    // The date is still checked against the event's dates.
    const offDate = await get(t, url, s.c.member.token, { event_date: monday })
    expect(offDate.statusCode).toBe(400)
    expect(body(offDate).data.errors.event_date).toBeTruthy()
  })

  it('D2-9-05 lists by name A to Z by default, contacts and visitors together', async () => {
    const s = await setup()
    for (const first_name of ['Zed', 'amy']) {
      await mark(s, s.c.leader.token, { user_id: await buildContact(t, { teamId: s.c.church, person: { first_name, last_name: 'Lane' } }) })
    }
    await mark(s, s.c.leader.token, { is_visitor: 1, visitor_info_name: 'Mike Visitor' })
    expect(names(await attendance(s, s.c.leader.token, sunday))).toEqual(['amy Lane', 'Mike Visitor', 'Zed Lane'])
    expect(names(await attendance(s, s.c.leader.token, sunday, { order_by: 'name', order: 'desc' }))).toEqual(['Zed Lane', 'Mike Visitor', 'amy Lane'])
  })

  it('D3-6-03 needs read_event_attendance: a pending member is refused (403)', async () => {
    const s = await setup()
    const pending = await buildPerson(t)
    await addMember(t, pending.id, s.c.church, 'member_request')
    expect((await attendance(s, pending.token, sunday)).statusCode).toBe(403)
    expect((await attendance(s, s.c.member.token, sunday)).statusCode).toBe(200)
  })

  it('a date that is not one of the event’s is 400 naming event_date, on every call that takes one', async () => {
    const s = await setup()
    const x = await buildContact(t, { teamId: s.c.church })
    const responses = [
      await attendance(s, s.c.leader.token, monday),
      await mark(s, s.c.leader.token, { user_id: x }, monday),
      await get(t, 'contacts-for-attendance', s.c.leader.token, { team_id: s.c.church, group_id: s.c.church, event_id: s.event, event_date: monday }),
      await post(t, 'import-event-attendance', s.c.leader.token, {
        team_id: s.c.church,
        event_id: s.event,
        event_date: monday,
        data: [{ first_name: 'A', last_name: 'B', gender: 'male' }],
      }),
    ]
    for (const response of responses) {
      expect(response.statusCode).toBe(400)
      expect(body(response).data.errors.event_date).toBeTruthy()
    }
  })

  it("another team's event or record is 404", async () => {
    const s = await setup()
    const other = await setup()
    await mark(other, other.c.leader.token, { is_visitor: 1, visitor_info_name: 'Theirs' })
    const [theirs] = await rowsOf(other.event)
    const mine = { team_id: s.c.church }
    expect((await get(t, `event-attendance/${other.event}`, s.c.leader.token, { ...mine, event_date: sunday })).statusCode).toBe(404)
    expect(
      (await post(t, 'add-event-attendance', s.c.leader.token, { ...mine, event_id: other.event, event_date: sunday, is_visitor: 1, visitor_info_name: 'V' }))
        .statusCode,
    ).toBe(404)
    expect((await post(t, 'update-event-attendance', s.c.leader.token, { ...mine, id: theirs!.id, visitor_info_name: 'Mine now' })).statusCode).toBe(404)
    expect((await post(t, 'delete-event-attendance', s.c.leader.token, { ...mine, id: theirs!.id })).statusCode).toBe(404)
    expect(await rowsOf(other.event)).toHaveLength(1)
    expect((await rowsOf(other.event))[0]!.visitor_name).toBe('Theirs')
  })
})

describe('visitors', () => {
  it('D3-2.1-21 adds a visitor with its details; asked to, the visitor becomes a contact of the team (name only without consent)', async () => {
    const s = await setup()
    const response = await mark(s, s.c.leader.token, {
      is_visitor: 1,
      visitor_info_name: 'Vera  de la Cruz',
      visitor_info_phone: '0412 345 999',
      visitor_info_email: 'Vera@Example.org',
      visitor_info_is_new: 1,
      visitor_info_create_contact: 1,
      notes: 'Came with Ann',
    })
    expect(response.statusCode).toBe(200)
    const { user_id, fields_not_kept } = body(response)
    expect(user_id).toBeGreaterThan(0)
    expect(fields_not_kept.sort()).toEqual(['email', 'phone'])
    const [person] = await t.db.select().from(people).where(eq(people.id, user_id))
    expect(person).toMatchObject({ first_name: 'Vera de la', last_name: 'Cruz', is_visitor: true, phone: null, email: null, created_by_id: s.c.leader.id })
    const [held] = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, user_id))
    expect(held).toMatchObject({ team_id: s.c.church, is_owner: true, sort_name: 'vera de la cruz' })
    expect((await activityOf(t, user_id)).map((row) => row.action)).toEqual(['add'])

    const [item] = body(await attendance(s, s.c.leader.token, sunday)).items
    expect(item).toMatchObject({
      user_id,
      name: 'Vera de la Cruz',
      is_visitor: true,
      visitor_info_name: 'Vera  de la Cruz',
      visitor_info_phone: '+61 412 345 999',
      visitor_info_email: 'vera@example.org',
      visitor_info_is_new: true,
      visitor_info_create_contact: true,
      notes: 'Came with Ann',
    })
  })

  it('a member adds a visitor but may not make it a contact without create_contact (403, nothing saved)', async () => {
    const s = await setup()
    const refused = await mark(s, s.c.member.token, { is_visitor: 1, visitor_info_name: 'No Contact', visitor_info_create_contact: 1 })
    expect(refused.statusCode).toBe(403)
    expect(body(refused).message).toMatch(/right to add contacts/)
    expect(await rowsOf(s.event)).toHaveLength(0)
    expect((await mark(s, s.c.member.token, { is_visitor: 1, visitor_info_name: 'Just Visiting' })).statusCode).toBe(200)
    const [row] = await rowsOf(s.event)
    const update = await post(t, 'update-event-attendance', s.c.member.token, { team_id: s.c.church, id: row!.id, visitor_info_create_contact: 1 })
    expect(update.statusCode).toBe(403)
    expect((await rowsOf(s.event))[0]!.person_id).toBeNull()
  })

  it('a visitor who matches a contact of the team is linked to it, not duplicated', async () => {
    const s = await setup()
    const known = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Known', last_name: 'Person', email: 'known@example.org' } })
    const response = await mark(s, s.c.leader.token, {
      is_visitor: 1,
      visitor_info_name: 'K P',
      visitor_info_email: 'KNOWN@example.org',
      visitor_info_create_contact: 1,
    })
    expect(response.statusCode).toBe(200)
    expect(body(response).user_id).toBe(known)
    expect(await t.db.select().from(people).where(eq(people.email, 'known@example.org'))).toHaveLength(1)
    expect(names(await attendance(s, s.c.leader.token, sunday))).toEqual(['Known Person'])
    // The same visitor again: the contact is marked once on the date.
    const again = await mark(s, s.c.leader.token, {
      is_visitor: 1,
      visitor_info_name: 'K P',
      visitor_info_email: 'known@example.org',
      visitor_info_create_contact: 1,
    })
    expect(body(again).id).toBe(body(response).id)
    expect(await rowsOf(s.event)).toHaveLength(1)
  })

  it("a visitor who matches another team's contact is kept without a contact, and says so", async () => {
    const s = await setup()
    const other = await buildChurch(t, { conference: s.c.conference })
    await buildContact(t, { teamId: other.church, person: { phone: '+61412000111' } })
    const response = await mark(s, s.c.leader.token, {
      is_visitor: 1,
      visitor_info_name: 'Phone Match',
      visitor_info_phone: '0412 000 111',
      visitor_info_create_contact: 1,
    })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toMatchObject({ user_id: null, success_message: expect.stringMatching(/without a contact/) })
    expect(await t.db.select().from(people).where(eq(people.first_name, 'Phone'))).toHaveLength(0)
    expect((await rowsOf(s.event))[0]).toMatchObject({ person_id: null, is_visitor: true, visitor_phone: '+61412000111' })
  })

  it('refuses a visitor’s phone that is not a number, a name with a control character (400 naming them)', async () => {
    const s = await setup()
    const response = await mark(s, s.c.leader.token, { is_visitor: 1, visitor_info_name: 'Bad Phone', visitor_info_phone: '12' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors.visitor_info_phone).toBe('Invalid phone number')
    const tab = await mark(s, s.c.leader.token, { is_visitor: 1, visitor_info_name: 'Bad\u0007Name', visitor_info_create_contact: 1 })
    expect(tab.statusCode).toBe(400)
    expect(body(tab).data.errors.visitor_info_name).toBeTruthy()
    expect(await rowsOf(s.event)).toHaveLength(0)
  })

  it('D3-2.1-22 edits a visitor; made a contact on update; D3-2.1-23 removes a visitor', async () => {
    const s = await setup()
    const added = await mark(s, s.c.leader.token, { is_visitor: 1, visitor_info_name: 'V' })
    const id = body(added).id
    const edit = await post(t, 'update-event-attendance', s.c.leader.token, { team_id: s.c.church, id, visitor_info_name: 'V2 Smith', notes: 'Prayer' })
    expect(edit.statusCode).toBe(200)
    expect(body(await attendance(s, s.c.leader.token, sunday)).items[0]).toMatchObject({
      name: 'V2 Smith',
      visitor_info_name: 'V2 Smith',
      notes: 'Prayer',
      user_id: null,
    })

    const convert = await post(t, 'update-event-attendance', s.c.leader.token, { team_id: s.c.church, id, visitor_info_create_contact: 1 })
    expect(convert.statusCode).toBe(200)
    const userId = body(convert).user_id
    const [person] = await t.db.select().from(people).where(eq(people.id, userId))
    expect(person).toMatchObject({ first_name: 'V2', last_name: 'Smith', is_visitor: true })

    const removed = await post(t, 'delete-event-attendance', s.c.leader.token, { team_id: s.c.church, id, event_date: sunday })
    expect(removed.statusCode).toBe(200)
    expect(names(await attendance(s, s.c.leader.token, sunday))).toEqual([])
  })
})

describe('update-event-attendance', () => {
  it("edits a contact's record by user_id, event_id and event_date; the visitor fields are a visitor's only", async () => {
    const s = await setup()
    const x = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Noted', last_name: 'Person' } })
    await mark(s, s.c.leader.token, { user_id: x })
    const response = await post(t, 'update-event-attendance', s.c.leader.token, {
      team_id: s.c.church,
      event_id: s.event,
      event_date: sunday,
      user_id: x,
      notes: 'Brought a friend',
      visitor_info_name: 'Ignored',
    })
    expect(response.statusCode).toBe(200)
    expect(body(await attendance(s, s.c.leader.token, sunday)).items[0]).toMatchObject({
      name: 'Noted Person',
      notes: 'Brought a friend',
      visitor_info_name: null,
    })
    const missing = await post(t, 'update-event-attendance', s.c.leader.token, {
      team_id: s.c.church,
      event_id: s.event,
      event_date: nextSunday,
      user_id: x,
      notes: 'n',
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('delete-event-attendance', () => {
  it('removes only the record named, by id', async () => {
    const s = await setup()
    const x = await buildContact(t, { teamId: s.c.church })
    const first = body(await mark(s, s.c.leader.token, { user_id: x })).id
    await mark(s, s.c.leader.token, { user_id: x }, nextSunday)
    expect((await post(t, 'delete-event-attendance', s.c.leader.token, { team_id: s.c.church, id: first })).statusCode).toBe(200)
    const left = await t.db
      .select()
      .from(eventAttendance)
      .where(and(eq(eventAttendance.event_id, s.event), eq(eventAttendance.person_id, x)))
    expect(left.map((row) => row.event_date)).toEqual([nextSunday])
  })
})
