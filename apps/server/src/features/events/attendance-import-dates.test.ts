import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import type { ImportAttendanceResult, ImportUsersResult } from '@crm/domain'
import { eventAttendance, eventAttendanceCounts, events, people } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, post, type Church } from '../../../test/contact-factories'

// Another system's attendance export (issue 41 item 4): each row carries the date the person
// came, and their id in that system; the rows make past attendance of the event on those
// dates, matched to the contacts a contact import of the same system tied to the ids.

let t: TestApp
let c: Church
let event: number
const ids: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  c = await buildChurch(t)
  const [row] = await t.db
    .insert(events)
    .values({
      team_id: c.church,
      title: 'Sunday service',
      start_date: '2026-11-01',
      end_date: '2026-11-01',
      span_days: 1,
      is_recurring: true,
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
    })
    .returning({ id: events.id })
  event = row!.id
  // The people came in first, from the same system's people export.
  const imported = await post(t, 'import-users', c.leader.token, {
    team_id: c.church,
    group_id: c.church,
    source_system: 'planning_center',
    data: [
      { first_name: 'Amy', last_name: 'Dated', gender: 'female', source_id: '1001' },
      { first_name: 'Ben', last_name: 'Dated', gender: 'male', source_id: '1002' },
      { first_name: 'Dana', last_name: 'Dated', gender: 'female' },
    ],
  })
  expect(body<ImportUsersResult>(imported)).toMatchObject({ count_successful: 3 })
  for (const person of await t.db.select({ id: people.id, first_name: people.first_name }).from(people).where(eq(people.last_name, 'Dated')))
    ids[person.first_name] = person.id
})
afterAll(async () => t.close())

/** Planning Center Check-Ins' rows, as the dialog sends them: the person's id, name and the date they came. */
const checkIns: Array<Record<string, string>> = [
  { source_id: '1001', first_name: 'Amy', last_name: 'Dated', date: '2026-11-01 09:28' },
  // The team is in Australia: a written date is day first.
  { source_id: '1001', first_name: 'Amy', last_name: 'Dated', date: '08/11/2026' },
  { source_id: '1001', first_name: 'Amy', last_name: 'Dated', date: '2026-11-08' },
  // A Tuesday: the event does not happen then.
  { source_id: '1002', first_name: 'Ben', last_name: 'Dated', date: '2026-11-03' },
  { first_name: 'Dana', last_name: 'Dated', gender: 'female', date: '2026-11-15' },
  // An id no import tied, and no gender to make a contact of.
  { source_id: '9999', first_name: 'Nobody', last_name: 'Known', date: '2026-11-01' },
  { first_name: 'Newt', last_name: 'Comer', gender: 'male', date: '2026-11-01' },
  { first_name: 'Newt', last_name: 'Comer', gender: 'male', date: '2026-11-08' },
  { first_name: 'Ola', last_name: 'Dated', gender: 'female', date: '31/02/2026' },
]

function importRows(data: Array<Record<string, string>>, extra: Record<string, unknown> = {}) {
  return post(t, 'import-event-attendance', c.leader.token, {
    team_id: c.church,
    event_id: event,
    event_date: '2026-11-22',
    unmatched: 'contact',
    data,
    ...extra,
  })
}

async function attendance() {
  const rows = await t.db
    .select({ date: eventAttendance.event_date, person: people.first_name })
    .from(eventAttendance)
    .innerJoin(people, eq(people.id, eventAttendance.person_id))
    .where(eq(eventAttendance.event_id, event))
    .orderBy(asc(eventAttendance.event_date), asc(people.first_name))
  return rows.map((row) => `${row.date} ${row.person}`)
}

describe('import-event-attendance with dates and source ids (issue 41 item 4)', () => {
  it('marks each row on its own date, the contacts known by their id or details, and refuses a date the event does not have', async () => {
    const dry = await importRows(checkIns, { dry_run: 1 })
    expect(dry.statusCode, dry.body).toBe(200)
    expect(await attendance()).toEqual([])

    const response = await importRows(checkIns)
    expect(response.statusCode, response.body).toBe(200)
    const report = body<ImportAttendanceResult>(response)
    expect(report).toMatchObject({ matched: 3, added: 2, already: 1, refused: 3 })
    // The dry run said the same, but made no contact.
    expect(body<ImportAttendanceResult>(dry).rows.map(({ row, status }) => [row, status])).toEqual(report.rows.map(({ row, status }) => [row, status]))
    expect(report.rows.map(({ row, status, matched_by, event_date }) => ({ row, status, matched_by, event_date }))).toEqual([
      { row: 1, status: 'matched', matched_by: 'source_id', event_date: '2026-11-01' },
      { row: 2, status: 'matched', matched_by: 'source_id', event_date: '2026-11-08' },
      { row: 3, status: 'already', matched_by: 'source_id', event_date: '2026-11-08' },
      { row: 4, status: 'refused', matched_by: null, event_date: undefined },
      { row: 5, status: 'matched', matched_by: 'name', event_date: '2026-11-15' },
      { row: 6, status: 'refused', matched_by: null, event_date: undefined },
      { row: 7, status: 'added', matched_by: null, event_date: '2026-11-01' },
      { row: 8, status: 'added', matched_by: null, event_date: '2026-11-08' },
      { row: 9, status: 'refused', matched_by: null, event_date: undefined },
    ])
    expect(report.rows[0]).toMatchObject({ user_id: ids.Amy, name: 'Amy Dated' })
    expect(report.rows[3]!.issues).toEqual([{ field: 'date', code: 'not_an_occurrence', value: '2026-11-03' }])
    expect(report.rows[5]!.issues).toEqual([{ field: 'gender', code: 'required' }])
    expect(report.rows[8]!.issues).toEqual([{ field: 'date', code: 'invalid_date', value: '31/02/2026', order: 'dmy' }])
    // One new contact for Newt, who came twice.
    expect(report.rows[6]!.user_id).toBe(report.rows[7]!.user_id)

    expect(await attendance()).toEqual(['2026-11-01 Amy', '2026-11-01 Newt', '2026-11-08 Amy', '2026-11-08 Newt', '2026-11-15 Dana'])
    const counts = await t.db
      .select({ date: eventAttendanceCounts.event_date, n: eventAttendanceCounts.n })
      .from(eventAttendanceCounts)
      .where(and(eq(eventAttendanceCounts.event_id, event)))
      .orderBy(asc(eventAttendanceCounts.event_date))
    expect(counts).toEqual([
      { date: '2026-11-01', n: 2 },
      { date: '2026-11-08', n: 2 },
      { date: '2026-11-15', n: 1 },
    ])
  })

  it('imports the same file again as already marked, adding nobody', async () => {
    const before = await attendance()
    const again = body<ImportAttendanceResult>(await importRows(checkIns))
    expect(again).toMatchObject({ matched: 0, added: 0, already: 6, refused: 3 })
    expect(await attendance()).toEqual(before)
  })

  it('matches no contact by an id two systems share, and reads a row without a date as the date the import is on', async () => {
    // Breeze's 1001 is another person than Planning Center's 1001.
    await post(t, 'import-users', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      source_system: 'breeze',
      data: [{ first_name: 'Cleo', last_name: 'Dated', gender: 'female', source_id: '1001' }],
    })
    const report = body<ImportAttendanceResult>(
      await importRows([{ source_id: '1001', first_name: 'Amy', last_name: 'Dated', gender: 'female' }], { unmatched: 'visitor' }),
    )
    // Known by her name and gender instead, on the import's own date.
    expect(report.rows).toEqual([expect.objectContaining({ status: 'matched', matched_by: 'name', user_id: ids.Amy, event_date: '2026-11-22' })])
  })
})
