import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { eventAttendance, events, people } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

// Attendance under the child data gate (spec 2 §5; DESIGN.md §6; issue 33): a caller without
// both a Working with Children Check and AdSafe training is not given a child's records, and
// every write that would touch a child's attendance is refused with nothing changed.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const sunday = '2026-11-01'
const nextSunday = '2026-11-08'
const monday = '2026-11-02'

interface Setup {
  c: Church
  event: number
  child: number
  adult: number
  /** A leader with neither check. */
  uncheckedLeader: TestPerson
  /** The child's record on `sunday`, marked by the owner. */
  childRecord: number
}

/** A weekly event with the child, an adult and a visitor marked on `sunday` by the owner. */
async function setup(): Promise<Setup> {
  const c = await buildChurch(t)
  const [row] = await t.db
    .insert(events)
    .values({ team_id: c.church, title: 'Kids club', start_date: sunday, end_date: sunday, span_days: 1, is_recurring: true, rrule: 'FREQ=WEEKLY;BYDAY=SU' })
    .returning({ id: events.id })
  const event = row!.id
  const uncheckedLeader = await buildPerson(t)
  await addMember(t, uncheckedLeader.id, c.church, 'leader')
  const child = await buildContact(t, {
    teamId: c.church,
    person: { first_name: 'Kid', last_name: 'Young', gender: 'male', email: 'kid@example.org', phone: '+61412555666', ...bornYearsAgo(t, 10) },
  })
  const adult = await buildContact(t, { teamId: c.church, person: { first_name: 'Ada', last_name: 'Adult', gender: 'female' } })
  for (const contactId of [child, adult]) await assignContact(t, { teamId: c.church, contactId, toId: c.member.id })
  const scope = { team_id: c.church, event_id: event, event_date: sunday }
  const marked = await post(t, 'add-event-attendance', c.owner.token, { ...scope, user_id: child, notes: 'Pick-up by aunt' })
  expect(marked.statusCode).toBe(200)
  await post(t, 'add-event-attendance', c.owner.token, { ...scope, user_id: adult })
  await post(t, 'add-event-attendance', c.owner.token, { ...scope, is_visitor: 1, visitor_info_name: 'Vic Visitor' })
  return { c, event, child, adult, uncheckedLeader, childRecord: body(marked).id }
}

function attendance(s: Setup, token: string, extra: Record<string, string | number> = {}) {
  return get(t, `event-attendance/${s.event}`, token, { team_id: s.c.church, event_date: sunday, ...extra })
}

function names(response: { json(): unknown }): string[] {
  return (response.json() as { items: Array<{ name: string }> }).items.map((item) => item.name)
}

/** Every attendance row of the event, as stored: a refused write leaves them exactly so. */
async function rowsOf(event: number) {
  return t.db.select().from(eventAttendance).where(eq(eventAttendance.event_id, event)).orderBy(asc(eventAttendance.id))
}

/** The callers under the gate: a member and a leader, neither with a check. */
const gatedCallers = (s: Setup): Array<[string, TestPerson]> => [
  ['member', s.c.member],
  ['leader', s.uncheckedLeader],
]

describe('GET event-attendance/{id} under the child data gate', () => {
  it('leaves the child out of the page and its count, and says how many children were left out', async () => {
    const s = await setup()
    for (const [who, person] of gatedCallers(s)) {
      const response = await attendance(s, person.token)
      expect(response.statusCode, who).toBe(200)
      expect(names(response), who).toEqual(['Ada Adult', 'Vic Visitor'])
      expect(body(response), who).toMatchObject({ count: 2, max_pages: 1, hidden_children: 1 })
      expect(response.body, who).not.toMatch(/Kid|Young|kid@example|Pick-up/)
      expect(JSON.stringify(body(response).items), who).not.toContain(`"user_id":${s.child}`)
      // The contacts only: the child is one of them; the visitors only: no child among them.
      expect(body(await attendance(s, person.token, { is_visitor: 0 })), who).toMatchObject({ count: 1, hidden_children: 1 })
      expect(body(await attendance(s, person.token, { is_visitor: 1 })), who).toMatchObject({ count: 1, hidden_children: 0 })
    }
  })

  it('D3-7.1-03 applies to the names of a call that names no team: the event’s team decides the gate', async () => {
    const s = await setup()
    const gated = await get(t, `event-attendance/${s.event}`, s.c.member.token, { event_date: sunday })
    expect(gated.statusCode).toBe(200)
    expect(names(gated)).toEqual(['Ada Adult', 'Vic Visitor'])
    expect(body(gated)).toMatchObject({ count: 2, hidden_children: 1 })
    expect(gated.body).not.toMatch(/Kid|Young/)
    const checked = await get(t, `event-attendance/${s.event}`, s.c.leader.token, { event_date: sunday })
    expect(names(checked)).toEqual(['Ada Adult', 'Kid Young', 'Vic Visitor'])
  })

  it('pages over the records shown: the child takes no place on a page', async () => {
    const s = await setup()
    for (const name of ['Zed One', 'Zed Two', 'Zed Three']) {
      await post(t, 'add-event-attendance', s.c.owner.token, {
        team_id: s.c.church,
        event_id: s.event,
        event_date: sunday,
        is_visitor: 1,
        visitor_info_name: name,
      })
    }
    for (const [who, person] of gatedCallers(s)) {
      const first = await attendance(s, person.token, { page: 1, per_page: 4 })
      expect(body(first), who).toMatchObject({ count: 5, max_pages: 2, hidden_children: 1 })
      expect(names(first), who).toEqual(['Ada Adult', 'Vic Visitor', 'Zed One', 'Zed Three'])
      expect(names(await attendance(s, person.token, { page: 2, per_page: 4 })), who).toEqual(['Zed Two'])
    }
  })

  it('a checked leader and the owner see the child, with the record’s notes; no hidden_children', async () => {
    const s = await setup()
    for (const person of [s.c.leader, s.c.owner]) {
      const response = await attendance(s, person.token)
      expect(names(response)).toEqual(['Ada Adult', 'Kid Young', 'Vic Visitor'])
      expect(body(response).count).toBe(3)
      expect(body(response)).not.toHaveProperty('hidden_children')
      expect(body(response).items[1]).toMatchObject({ user_id: s.child, notes: 'Pick-up by aunt' })
    }
  })

  it('the event page’s attendance total for the date stays the real number', async () => {
    const s = await setup()
    const view = await get(t, `event/${s.event}`, s.c.member.token, { team_id: s.c.church, from: sunday, to: sunday })
    expect(view.statusCode).toBe(200)
    const occurrence = body(view).occurrences.find((o: { event_date: string }) => o.event_date === sunday)
    expect(occurrence.attendance_count).toBe(3)
  })
})

describe('GET contacts-for-attendance under the child data gate', () => {
  it('answers the child’s row as the contacts list does, without its mark; a checked leader sees the mark', async () => {
    const s = await setup()
    const query = { team_id: s.c.church, group_id: s.c.church, event_id: s.event, event_date: sunday }
    for (const [who, person] of gatedCallers(s)) {
      const response = await get(t, 'contacts-for-attendance', person.token, query)
      expect(response.statusCode, who).toBe(200)
      const items = body(response).items as Array<{ id: number; is_restricted: boolean; attended: boolean; attendance_id: number | null }>
      expect(
        items.find((item) => item.id === s.adult),
        who,
      ).toMatchObject({ attended: true })
      expect(
        items.find((item) => item.id === s.child),
        who,
      ).toMatchObject({ is_restricted: true, attended: false, attendance_id: null })
      expect(response.body, who).not.toMatch(/Kid|kid@example/)
      // Never found by a detail the gate withholds.
      expect(names(await get(t, 'contacts-for-attendance', person.token, { ...query, gender: 'male' })), who).toEqual([])
      expect(names(await get(t, 'contacts-for-attendance', person.token, { ...query, search: 'kid@example' })), who).toEqual([])
    }
    const checked = body(await get(t, 'contacts-for-attendance', s.c.leader.token, query)).items
    expect(checked.find((item: { id: number }) => item.id === s.child)).toMatchObject({ name: 'Kid Young', attended: true, attendance_id: s.childRecord })
  })

  it('the events a child attended are refused on the child’s Events tab', async () => {
    const s = await setup()
    const tab = await get(t, `contact-event-attendance/${s.child}`, s.c.member.token, { team_id: s.c.church, group_id: s.c.church })
    expect(tab.statusCode).toBe(403)
    expect(body(tab).code).toBe('child_data_gate')
  })
})

describe('writes on a child’s attendance under the child data gate', () => {
  /** The writes that touch the child's attendance, each a complete payload. */
  const writes = (s: Setup): Array<[string, string, Record<string, unknown>]> => {
    const scope = { team_id: s.c.church, event_id: s.event }
    return [
      ['mark the child', 'add-event-attendance', { ...scope, event_date: nextSunday, user_id: s.child, notes: 'came' }],
      ['mark the child on a date not of the event', 'add-event-attendance', { ...scope, event_date: monday, user_id: s.child }],
      ['edit the record by id', 'update-event-attendance', { team_id: s.c.church, id: s.childRecord, notes: 'changed' }],
      ['edit the record by contact and date', 'update-event-attendance', { ...scope, event_date: sunday, user_id: s.child, notes: 'changed' }],
      // Not marked on this date: the same answer, so it does not tell whether the child came.
      ['edit a record the child does not have', 'update-event-attendance', { ...scope, event_date: nextSunday, user_id: s.child, notes: 'changed' }],
      ['unmark the record by id', 'delete-event-attendance', { team_id: s.c.church, id: s.childRecord }],
      ['unmark the child on the date', 'delete-event-attendance', { ...scope, event_date: sunday, user_id: s.child }],
      ['unmark the child on a date not marked', 'delete-event-attendance', { ...scope, event_date: nextSunday, user_id: s.child }],
    ]
  }

  it('each answers 403 child_data_gate with the missing checks and the primary owner, and changes nothing', async () => {
    const s = await setup()
    const halfChecked = await buildPerson(t)
    await addMember(t, halfChecked.id, s.c.church, 'leader', { has_wwcc: true })
    const before = await rowsOf(s.event)
    for (const [who, person, missing] of [
      ...gatedCallers(s).map(([who, person]) => [who, person, ['wwcc', 'adsafe']] as const),
      ['leader with a WWCC only', halfChecked, ['adsafe']] as const,
    ]) {
      for (const [what, path, payload] of writes(s)) {
        const response = await post(t, path, person.token, payload)
        expect(response.statusCode, `${who}: ${what}`).toBe(403)
        expect(body(response), `${who}: ${what}`).toMatchObject({
          code: 'child_data_gate',
          data: { missing, primary_owner_name: 'Olive Owner', primary_owner_email: expect.any(String) },
        })
        expect(response.body, `${who}: ${what}`).not.toMatch(/Kid|Young|kid@example/)
      }
    }
    expect(await rowsOf(s.event)).toEqual(before)
  })

  it('a visitor made a contact who turns out to be the child is refused, and nothing is saved (add and update)', async () => {
    const s = await setup()
    const before = await rowsOf(s.event)
    const peopleBefore = await t.db.select({ id: people.id }).from(people)
    const scope = { team_id: s.c.church, event_id: s.event, event_date: nextSunday }
    for (const details of [{ visitor_info_email: 'KID@example.org' }, { visitor_info_phone: '0412 555 666' }]) {
      const response = await post(t, 'add-event-attendance', s.uncheckedLeader.token, {
        ...scope,
        is_visitor: 1,
        visitor_info_name: 'Some Name',
        visitor_info_create_contact: 1,
        ...details,
      })
      expect(response.statusCode).toBe(403)
      expect(body(response).code).toBe('child_data_gate')
      expect(response.body).not.toMatch(/Kid|Young/)
    }
    expect(await rowsOf(s.event)).toEqual(before)
    expect(await t.db.select({ id: people.id }).from(people)).toEqual(peopleBefore)

    // A visitor kept without a contact, then made one on update: the same refusal.
    const visitor = await post(t, 'add-event-attendance', s.uncheckedLeader.token, {
      ...scope,
      is_visitor: 1,
      visitor_info_name: 'Later Match',
      visitor_info_email: 'kid@example.org',
    })
    expect(visitor.statusCode).toBe(200)
    const kept = await rowsOf(s.event)
    const convert = await post(t, 'update-event-attendance', s.uncheckedLeader.token, {
      team_id: s.c.church,
      id: body(visitor).id,
      visitor_info_create_contact: 1,
      notes: 'now a contact',
    })
    expect(convert.statusCode).toBe(403)
    expect(body(convert).code).toBe('child_data_gate')
    expect(await rowsOf(s.event)).toEqual(kept)
  })

  it('a checked leader still marks, edits and unmarks the child, and links a visitor to the child', async () => {
    const s = await setup()
    const scope = { team_id: s.c.church, event_id: s.event }
    const token = s.c.leader.token
    const marked = await post(t, 'add-event-attendance', token, { ...scope, event_date: nextSunday, user_id: s.child })
    expect(marked.statusCode).toBe(200)
    expect(
      (await post(t, 'update-event-attendance', token, { ...scope, event_date: nextSunday, user_id: s.child, notes: 'Brought a friend' })).statusCode,
    ).toBe(200)
    const [record] = await t.db
      .select()
      .from(eventAttendance)
      .where(eq(eventAttendance.id, body(marked).id))
    expect(record).toMatchObject({ person_id: s.child, event_date: nextSunday, notes: 'Brought a friend' })
    expect((await post(t, 'delete-event-attendance', token, { team_id: s.c.church, id: body(marked).id })).statusCode).toBe(200)
    expect(
      await t.db
        .select()
        .from(eventAttendance)
        .where(eq(eventAttendance.id, body(marked).id)),
    ).toEqual([])

    const linked = await post(t, 'add-event-attendance', token, {
      ...scope,
      event_date: nextSunday,
      is_visitor: 1,
      visitor_info_name: 'K Y',
      visitor_info_email: 'kid@example.org',
      visitor_info_create_contact: 1,
    })
    expect(linked.statusCode).toBe(200)
    expect(body(linked).user_id).toBe(s.child)
  })

  it('a gated caller still marks an adult and adds a visitor', async () => {
    const s = await setup()
    const scope = { team_id: s.c.church, event_id: s.event, event_date: nextSunday }
    for (const [who, person] of gatedCallers(s)) {
      expect((await post(t, 'add-event-attendance', person.token, { ...scope, user_id: s.adult })).statusCode, who).toBe(200)
      expect((await post(t, 'delete-event-attendance', person.token, { ...scope, user_id: s.adult })).statusCode, who).toBe(200)
      expect((await post(t, 'add-event-attendance', person.token, { ...scope, is_visitor: 1, visitor_info_name: `Visitor of ${who}` })).statusCode, who).toBe(
        200,
      )
    }
  })
})
