import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { LargeEvents } from '../seed/large-events'
import { browserGet, measure, rowsOf, type RecordResult } from './bench-measure'

// Events (issue 14 "Speed"), a section of `npm run bench` (BENCH_EVENTS=0 leaves it out): the
// events lists, the attendance page of one date, toggling one attendance and the calendar
// feed, over HTTP in the church seeded by seed/large-events.ts. Targets on PostgreSQL: lists
// p95 ≤ 50 ms, the attendance page ≤ 60 ms, a toggle ≤ 30 ms, the feed ≤ 200 ms; PGlite within 3×.

export const eventsOn = process.env.BENCH_EVENTS !== '0'

export interface EventsBench {
  base: string
  auth: Record<string, string>
  database: Database
  seeded: LargeEvents
  /** The team's primary group (contacts-for-attendance reads a group). */
  groupId: number
  rounds: number
}

async function checked(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
  return response
}

export async function measureEvents({ base, auth, database, seeded, groupId, rounds }: EventsBench): Promise<RecordResult[]> {
  const out: RecordResult[] = []
  const add = (result: { label: string; p50: number; p95: number }, key: string, kind: 'read' | 'write' = 'read') =>
    out.push({ ...result, key, sqlP50: Number.NaN, kind })
  const api = `${base}/api/v1`
  const team = seeded.teamId
  const counted = async (url: string) => ((await (await checked(url, { headers: auth })).json()) as { count: number }).count

  // The lists (spec 3 §2.1): today, future, past, and future with a search.
  const lists: Array<[string, string]> = [
    ['events, today', `type=today`],
    ['events, future', `type=future`],
    ['events, past', `type=past`],
    ["events, future, search 'camp'", `type=future&search=camp`],
  ]
  for (const [label, query] of lists) {
    const url = `${api}/events?team_id=${team}&${query}`
    const rows = await counted(url)
    add(await measure(`${label} — ${rows.toLocaleString('en')} rows`, rounds, () => browserGet(url, auth)), label)
  }

  // The attendance page of one date: its records and the contacts to mark (per_page 100).
  const date = seeded.attendanceDate
  const eventId = seeded.attendanceEventId
  const records = `${api}/event-attendance/${eventId}?team_id=${team}&event_date=${date}&per_page=100`
  add(
    await measure(`event-attendance of one date — ${seeded.attendance.toLocaleString('en')} records, per_page 100`, rounds, () => browserGet(records, auth)),
    'event-attendance, one date',
  )
  const marking = `${api}/contacts-for-attendance?team_id=${team}&group_id=${groupId}&event_id=${eventId}&event_date=${date}&per_page=100`
  const contacts = await counted(marking)
  add(
    await measure(`contacts-for-attendance of one date — ${contacts.toLocaleString('en')} contacts, per_page 100`, rounds, () => browserGet(marking, auth)),
    'contacts-for-attendance, one date',
  )

  // A toggle: marking a contact attended and taking the mark off, each round another adult;
  // contacts not marked yet if there are enough (marked on, then off), else marked ones (off, then on).
  const adults = (marked: boolean) =>
    database.db.execute(
      sql`select tc.person_id from team_contacts tc join people p on p.id = tc.person_id
          where tc.team_id = ${team} and tc.archived_at is null
            and (p.dob_year is null or p.dob_year < extract(year from now())::int - 19)
            and ${marked ? sql`exists` : sql`not exists`} (select 1 from event_attendance a where a.event_id = ${eventId} and a.event_date = ${date} and a.person_id = tc.person_id)
          order by tc.person_id desc limit ${rounds + 5}`,
    )
  let ids = rowsOf<{ person_id: number }>(await adults(false)).map((row) => row.person_id)
  const offFirst = ids.length < rounds + 5
  if (offFirst) ids = rowsOf<{ person_id: number }>(await adults(true)).map((row) => row.person_id)
  const post = (path: string, userId: number) =>
    fetch(`${api}/${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ team_id: team, event_id: eventId, event_date: date, user_id: userId }),
    })
  const toggles: Array<[string, string]> = [
    ['add-event-attendance', 'add-event-attendance (toggle on)'],
    ['delete-event-attendance', 'delete-event-attendance (toggle off)'],
  ]
  for (const [path, label] of offFirst ? toggles.reverse() : toggles) {
    let next = 0
    if (ids.length > 0) add(await measure(label, rounds, () => post(path, ids[next++ % ids.length]!)), path, 'write')
  }

  // The calendar feed of the church (its recurring events and the ones of the last year on).
  const { url } = (await (await checked(`${api}/ical-url?team_id=${team}`, { headers: auth })).json()) as { url: string }
  const feed = `${base}${new URL(url).pathname}`
  const first = await checked(feed)
  const vevents = ((await first.text()).match(/^BEGIN:VEVENT/gm) ?? []).length
  add(
    await measure(`GET /ical/{token}.ics — ${vevents.toLocaleString('en')} VEVENTs (${seeded.recurring} recurring events)`, rounds, () => browserGet(feed)),
    'ical feed',
  )
  // A calendar app that has the feed sends its entity tag back (issue 39): 304, nothing built.
  const held = { 'if-none-match': first.headers.get('etag') ?? '' }
  add(
    await measure('GET /ical/{token}.ics with If-None-Match (304)', rounds, async () => {
      const response = await browserGet(feed, held)
      if (response.status !== 304) throw new Error(`the feed's entity tag answered ${response.status}, not 304`)
      return new Response(null, { status: 200 })
    }),
    'ical feed, 304',
  )
  return out
}

export function printEvents(engine: string, seeded: LargeEvents, results: RecordResult[]): void {
  console.log(
    `\n${engine}: events (issue 14), ${seeded.total.toLocaleString('en')} events in one church (${seeded.recurring} recurring: ` +
      `${seeded.neverEnding} never ending, ${seeded.multiDay} multi-day), ${seeded.attendance.toLocaleString('en')} marked on ${seeded.attendanceDate}; seeded in ${seeded.seconds.toFixed(1)} s`,
  )
  console.log('| call | kind | p50 ms | p95 ms |\n|---|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.kind} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
