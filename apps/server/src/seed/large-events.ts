import { sql } from 'drizzle-orm'
import { addDays, lastOccurrence, occurrencesBetween, zonedDate } from '@crm/domain'
import type { Db } from '../db/client'
import { events } from '../db/schema/index'
import { defaultTimeZone } from '../platform/format'

export interface LargeEvents {
  teamId: number
  total: number
  recurring: number
  /** Of the recurring ones: never ending, and lasting more than one day. */
  neverEnding: number
  multiDay: number
  /** The weekly event whose latest date carries `attendance` records (the attendance page). */
  attendanceEventId: number
  attendanceDate: string
  attendance: number
  seconds: number
}

/** Titles of the events; search finds 'camp' in one event in twelve. */
const titles = [
  'Sunday service',
  'Youth night',
  'Bible study',
  'Prayer meeting',
  'Youth camp',
  'Working bee',
  'Potluck lunch',
  'Choir practice',
  'Health expo',
  'Community dinner',
  'Leaders meeting',
  'Baptism class',
]

/** The rules of the recurring events, in turn; null ends: never. */
function ruleOf(i: number, start: string): { rrule: string; span: number; allDay: boolean } {
  const weekday = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][i % 7]!
  switch (i % 5) {
    case 0:
      return { rrule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=${weekday}`, span: 1, allDay: false }
    case 1:
      return { rrule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=${weekday};COUNT=${10 + (i % 40)}`, span: 1, allDay: false }
    case 2:
      return { rrule: `FREQ=MONTHLY;INTERVAL=1;BYDAY=MO;BYSETPOS=-1;UNTIL=${addDays(start, 730).replaceAll('-', '')}`, span: 1, allDay: false }
    case 3:
      return { rrule: `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=${1 + (i % 28)}`, span: 3, allDay: true }
    default:
      return { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=50', span: 1, allDay: false }
  }
}

/**
 * `total` events in one church (`npm run bench`, issue 14 "Speed"): `recurring` of them
 * repeat (a fifth never ending, a fifth multi-day and all-day), the rest are one-off events
 * spread over the last nine years and the next one. A weekly never-ending event has
 * `attendance` contacts of the team marked on its latest date. Set-based: the one-off events
 * are one statement, the recurring ones (whose last date the rule module works out) one more.
 */
export async function seedLargeEvents(
  db: Db,
  options: { teamId: number; createdById: number; total?: number; recurring?: number; attendance?: number; today?: string },
): Promise<LargeEvents> {
  const started = performance.now()
  const { teamId, createdById } = options
  const total = options.total ?? 5000
  const recurringCount = Math.min(options.recurring ?? 500, total - 1)
  const today = options.today ?? zonedDate(new Date(), defaultTimeZone)
  const titleArray = sql.raw(`array['${titles.join("','")}']`)

  // One-off events: n = 1..(total − recurring), a date every ~18 hours from nine years ago.
  const oneOff = total - recurringCount - 1
  const firstDay = addDays(today, -9 * 365)
  await db.execute(sql`
    insert into events (team_id, created_by_id, title, is_public, no_address, address_formatted, is_recurring, is_all_day, is_multi_day,
                        start_date, end_date, span_days, start_hour, end_hour, last_date, created_at)
    select ${teamId}, ${createdById}, (${titleArray})[1 + n % ${titles.length}] || ' ' || n, n % 4 = 0,
           n % 3 = 0, case when n % 3 = 0 then null else n || ' Church Street, Parramatta NSW 2150' end,
           false, n % 10 = 0, n % 25 = 0,
           d, d + (case when n % 25 = 0 then 2 else 0 end), case when n % 25 = 0 then 3 else 1 end,
           case when n % 10 = 0 then null else lpad((8 + n % 12)::text, 2, '0') || ':00' end,
           case when n % 10 = 0 then null else lpad((9 + n % 12)::text, 2, '0') || ':30' end,
           d, now() - (${oneOff}::int - n) * interval '17 hours'
    from (select n, ${firstDay}::date + (n * 3650 / ${Math.max(oneOff, 1)}::int)::int as d from generate_series(1, ${oneOff}::int) n) s`)

  // Recurring events, started over the last three years (and the next two months).
  const recurringRows: Array<typeof events.$inferInsert> = []
  let neverEnding = 0
  let multiDay = 0
  for (let i = 0; i < recurringCount; i++) {
    const start = addDays(today, -1095 + Math.floor((i * 1155) / recurringCount))
    const { rrule, span, allDay } = ruleOf(i, start)
    const last = lastOccurrence({ start, rrule, span_days: span })
    if (last === null) neverEnding += 1
    if (span > 1) multiDay += 1
    recurringRows.push({
      team_id: teamId,
      created_by_id: createdById,
      title: `${titles[i % titles.length]} (series ${i + 1})`,
      is_public: i % 3 === 0,
      no_address: i % 4 === 0,
      address_formatted: i % 4 === 0 ? null : `${i} Church Street, Parramatta NSW 2150`,
      is_recurring: true,
      rrule,
      is_all_day: allDay,
      is_multi_day: span > 1,
      start_date: start,
      end_date: addDays(start, span - 1),
      span_days: span,
      start_hour: allDay ? null : `${String(7 + (i % 13)).padStart(2, '0')}:00`,
      end_hour: allDay ? null : `${String(8 + (i % 13)).padStart(2, '0')}:30`,
      last_date: last,
    })
  }
  if (recurringRows.length > 0) await db.insert(events).values(recurringRows)

  // The attendance page's event: weekly on Sundays, never ending, a year old.
  const serviceStart = addDays(today, -371)
  const [service] = await db
    .insert(events)
    .values({
      team_id: teamId,
      created_by_id: createdById,
      title: 'Bench Sunday service',
      is_recurring: true,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU',
      start_date: serviceStart,
      end_date: serviceStart,
      start_hour: '10:00',
      end_hour: '11:30',
      last_date: null,
    })
    .returning({ id: events.id })
  const schedule = { start: serviceStart, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU', span_days: 1 }
  const attendanceDate = occurrencesBetween(schedule, addDays(today, -7), today).at(-1)!
  const wanted = options.attendance ?? 2000
  await db.execute(sql`
    insert into event_attendance (event_id, team_id, event_date, person_id, created_by_id)
    select ${service!.id}, ${teamId}, ${attendanceDate}, tc.person_id, ${createdById}
    from team_contacts tc where tc.team_id = ${teamId} and tc.archived_at is null
    order by tc.person_id limit ${wanted}::int`)
  const [marked] = (
    (await db.execute(sql`select count(*)::int as n from event_attendance where event_id = ${service!.id}`)) as unknown as { rows: Array<{ n: number }> }
  ).rows
  await db.execute(sql`analyze events`)
  await db.execute(sql`analyze event_attendance`)
  return {
    teamId,
    total: oneOff + recurringRows.length + 1,
    recurring: recurringRows.length + 1,
    neverEnding: neverEnding + 1,
    multiDay,
    attendanceEventId: service!.id,
    attendanceDate,
    attendance: marked?.n ?? 0,
    seconds: (performance.now() - started) / 1000,
  }
}
