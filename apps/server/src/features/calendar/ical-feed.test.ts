import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { foldLines as generatorFold } from 'ical-generator'
import { addDays, occurrencesBetween, zonedDate, zonedInstant, type OccurrenceException } from '@crm/domain'
import { eventOccurrences, events, icalFeedTexts, icalFeeds, interactions, memberships, teams } from '../../db/schema/index'
import { hashToken, newToken } from '../../platform/tokens'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildContact } from '../../../test/contacts'
import { feedRule, foldLines } from './ical-vevents'

// The calendar feed (issue 14 item 4): parsed with a real iCalendar parser (ical.js), its
// expanded occurrences for the next 12 months equal the app's own (rules/recurrence.ts).

const zone = 'Australia/Sydney'
const log: string[] = []
let t: TestApp
let leader: TestPerson
let church: number

beforeAll(async () => {
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  t = await createTestApp({ logLevel: 'info' }, { logStream })
  leader = await buildPerson(t)
  church = await buildTeam(t, { title: 'St Mark; Parramatta, Hills' })
  await t.db
    .update(teams)
    .set({ settings: { time_zone: zone } })
    .where(eq(teams.id, church))
  await addMember(t, leader.id, church, 'leader')
})
afterAll(async () => t.close())

interface EventSeed {
  title: string
  start: string
  rrule?: string
  span?: number
  allDay?: boolean
  startHour?: string
  endHour?: string
  address?: string
  exceptions?: OccurrenceException[]
  teamId?: number
}

const seeded: Array<{ id: number; seed: EventSeed }> = []

async function addEvent(seed: EventSeed): Promise<number> {
  const span = seed.span ?? 1
  const [row] = await t.db
    .insert(events)
    .values({
      team_id: seed.teamId ?? church,
      title: seed.title,
      is_recurring: Boolean(seed.rrule),
      rrule: seed.rrule ?? null,
      is_all_day: seed.allDay ?? false,
      is_multi_day: span > 1,
      start_date: seed.start,
      end_date: addDays(seed.start, span - 1),
      span_days: span,
      start_hour: seed.allDay ? null : (seed.startHour ?? '10:00'),
      end_hour: seed.allDay ? null : (seed.endHour ?? '11:30'),
      no_address: !seed.address,
      address_formatted: seed.address ?? null,
      last_date: null,
    })
    .returning({ id: events.id })
  for (const exception of seed.exceptions ?? []) await t.db.insert(eventOccurrences).values({ event_id: row!.id, ...exception })
  if ((seed.teamId ?? church) === church) seeded.push({ id: row!.id, seed })
  return row!.id
}

async function urlOf(person: TestPerson, teamId = church): Promise<string> {
  const response = await t.call({ method: 'GET', url: `/api/v1/ical-url?team_id=${teamId}`, token: person.token })
  expect(response.statusCode).toBe(200)
  return body<{ url: string }>(response).url
}

/** The secret token of a feed url. */
const tokenOf = (url: string) => /\/ical\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!

/** Every stored column of a person's feeds, as the database holds them. */
async function storedFeeds(personId: number): Promise<string> {
  const result = await t.db.execute(sql`select coalesce(json_agg(f), '[]'::json)::text as rows from ical_feeds f where f.user_id = ${personId}`)
  return (result as unknown as { rows: Array<{ rows: string }> }).rows[0]!.rows
}

/** GET of a feed url through the app (its path; the host is the configured public url). */
function fetchFeed(url: string) {
  return t.call({ method: 'GET', url: new URL(url).pathname })
}

/** The first weekday `day` (0 = Sunday) on or after `date`. */
function nextWeekday(date: string, day: number): string {
  let value = date
  while (new Date(`${value}T00:00:00Z`).getUTCDay() !== day) value = addDays(value, 1)
  return value
}

/** 'YYYY-MM-DD HH:MM' of an instant in the team's zone, or 'YYYY-MM-DD' for a date. */
function localKey(time: ICAL.Time): string {
  if (time.isDate) return time.toString()
  const instant = new Date(time.toUnixTime() * 1000)
  const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant)
  return `${zonedDate(instant, zone)} ${hhmm}`
}

/** Every VEVENT of a feed by UID: the master and its overrides. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone)
  const byUid = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>()
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid'))
    const entry = byUid.get(uid) ?? { overrides: [] }
    if (vevent.hasProperty('recurrence-id')) entry.overrides.push(vevent)
    else entry.master = vevent
    byUid.set(uid, entry)
  }
  return { calendar, byUid }
}

/** The feed's occurrences of one event from `from` to `to` (start dates), as ical.js expands them. */
function icalOccurrences(entry: { master?: ICAL.Component; overrides: ICAL.Component[] }, from: string, to: string): string[] {
  const event = new ICAL.Event(entry.master!, { exceptions: entry.overrides.map((override) => new ICAL.Event(override)) })
  const keys: string[] = []
  const inWindow = (time: ICAL.Time) => {
    const key = localKey(time)
    if (key.slice(0, 10) >= from && key.slice(0, 10) <= to) keys.push(key)
  }
  if (!event.isRecurring()) {
    inWindow(event.startDate)
    return keys
  }
  const iterator = event.iterator()
  const stop = addDays(to, 60)
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (localKey(next).slice(0, 10) > stop) break
    inWindow(event.getOccurrenceDetails(next).startDate)
  }
  return keys.sort()
}

/** The app's occurrences of a seeded event in the same window and the same form. */
function appOccurrences(seed: EventSeed, from: string, to: string): string[] {
  const schedule = { start: seed.start, rrule: seed.rrule ?? null, span_days: seed.span ?? 1, exceptions: seed.exceptions ?? [] }
  return occurrencesBetween(schedule, from, to, 2000).map((date) => (seed.allDay ? date : `${date} ${seed.startHour ?? '10:00'}`))
}

describe('GET ical-url and the feed', () => {
  const today = zonedDate(new Date(), zone)
  const from = today
  const to = addDays(today, 365)
  let feedUrl: string
  let feedText: string

  beforeAll(async () => {
    const monday = nextWeekday(addDays(today, -20), 1)
    const wednesday = nextWeekday(today, 3)
    await addEvent({
      title: 'Sunday service',
      start: nextWeekday(addDays(today, -60), 0),
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU',
      address: '1 Church St, Parramatta NSW',
    })
    await addEvent({
      title: 'Bible study (fortnightly)',
      start: nextWeekday(today, 2),
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
      startHour: '19:30',
      endHour: '21:00',
    })
    await addEvent({ title: 'Leaders meeting', start: monday, rrule: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO;BYSETPOS=-1' })
    await addEvent({
      title: 'Month end prayer',
      start: `${today.slice(0, 7)}-01`,
      rrule: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31',
      startHour: '06:00',
      endHour: '07:00',
    })
    await addEvent({ title: 'Church anniversary', start: '2019-04-07', rrule: 'FREQ=YEARLY;INTERVAL=1', startHour: '02:30', endHour: '04:00' })
    await addEvent({
      title: 'Spring camp',
      start: addDays(today, 3),
      rrule: `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=${Number(addDays(today, 3).slice(8, 10))};UNTIL=${addDays(today, 300).replaceAll('-', '')}`,
      allDay: true,
      span: 3,
    })
    await addEvent({
      title: 'Youth night',
      start: wednesday,
      rrule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=${addDays(wednesday, 7 * 20).replaceAll('-', '')}`,
      startHour: '18:00',
      endHour: '20:00',
      exceptions: [
        { original_date: addDays(wednesday, 14), event_date: addDays(wednesday, 14), is_cancelled: true },
        { original_date: addDays(wednesday, 28), event_date: addDays(wednesday, 30), is_cancelled: false },
      ],
    })
    await addEvent({
      title: 'Family day',
      start: nextWeekday(today, 6),
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA;COUNT=12',
      allDay: true,
      exceptions: [
        { original_date: addDays(nextWeekday(today, 6), 7), event_date: addDays(nextWeekday(today, 6), 7), is_cancelled: true },
        { original_date: addDays(nextWeekday(today, 6), 21), event_date: addDays(nextWeekday(today, 6), 22), is_cancelled: false },
      ],
    })
    await addEvent({ title: 'Working bee', start: addDays(today, 10), startHour: '08:00', endHour: '12:00' })
    await addEvent({
      title: 'Moved concert',
      start: addDays(today, 12),
      exceptions: [{ original_date: addDays(today, 12), event_date: addDays(today, 13), is_cancelled: false }],
    })
    await addEvent({
      title: 'Cancelled fete',
      start: addDays(today, 15),
      exceptions: [{ original_date: addDays(today, 15), event_date: addDays(today, 15), is_cancelled: true }],
    })
    await addEvent({ title: 'Mission trip', start: addDays(today, 40), span: 4, startHour: '09:00', endHour: '17:00' })
    feedUrl = await urlOf(leader)
    const response = await fetchFeed(feedUrl)
    expect(response.statusCode).toBe(200)
    feedText = response.body
  })

  it('D1-7-11 answers a url string starting with http(s): /ical/{token}.ics on the public url, the same on every ask', async () => {
    expect(feedUrl).toMatch(/^https?:\/\//)
    expect(feedUrl).toMatch(/^http:\/\/crm\.test\/ical\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(await urlOf(leader)).toBe(feedUrl)
  })

  it('makes one url when two first asks come at once', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const [a, b] = await Promise.all([urlOf(person), urlOf(person)])
    expect(a).toBe(b)
  })

  it('is text/calendar, kept privately for 5 minutes, inline', async () => {
    const response = await fetchFeed(feedUrl)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers['cache-control']).toBe('private, max-age=300')
    expect(response.headers['content-disposition']).toMatch(/^inline; filename=".+\.ics"$/)
  })

  it("names the calendar after the team, in the team's time zone with its VTIMEZONE", () => {
    const { calendar } = parseFeed(feedText)
    // TEXT values escape ';' and ',' (RFC 5545 §3.3.11).
    expect(feedText).toContain('X-WR-CALNAME:St Mark\\; Parramatta\\, Hills\r\n')
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(zone)
    expect(calendar.getAllSubcomponents('vtimezone').map((vtimezone) => vtimezone.getFirstPropertyValue('tzid'))).toEqual([zone])
    expect(feedText).toContain(`DTSTART;TZID=${zone}:`)
  })

  it('writes each event with its title, address, stable UID and the stored rule (UNTIL in UTC for a timed event, a DATE for an all-day one)', () => {
    const { byUid } = parseFeed(feedText)
    const service = seeded.find((event) => event.seed.title === 'Sunday service')!
    const master = byUid.get(`event-${service.id}@crm.test`)!.master!
    expect(master.getFirstPropertyValue('summary')).toBe('Sunday service')
    expect(master.getFirstPropertyValue('location')).toBe('1 Church St, Parramatta NSW')
    expect(feedText).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=SU\r\n')
    expect(feedText).toMatch(/RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=\d{8}T\d{6}Z/)
    expect(feedText).toMatch(/RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=\d+;UNTIL=\d{8}\r\n/)
    // 23:59:59 of the UNTIL day in Sydney is 12:59:59 or 13:59:59 UTC the same day.
    expect(feedRule('FREQ=WEEKLY;BYDAY=WE;UNTIL=20270120', false, zone)).toBe('FREQ=WEEKLY;BYDAY=WE;UNTIL=20270120T125959Z')
    expect(feedRule('FREQ=WEEKLY;BYDAY=WE;UNTIL=20270720', false, zone)).toBe('FREQ=WEEKLY;BYDAY=WE;UNTIL=20270720T135959Z')
    expect(feedRule('FREQ=WEEKLY;BYDAY=WE;UNTIL=20270720', true, zone)).toBe('FREQ=WEEKLY;BYDAY=WE;UNTIL=20270720')
  })

  it('writes an all-day event as DATE values with an exclusive end, and a multi-day one over its days', () => {
    const { byUid } = parseFeed(feedText)
    const camp = seeded.find((event) => event.seed.title === 'Spring camp')!
    const master = byUid.get(`event-${camp.id}@crm.test`)!.master!
    const start = master.getFirstPropertyValue('dtstart') as ICAL.Time
    const end = master.getFirstPropertyValue('dtend') as ICAL.Time
    expect(start.isDate).toBe(true)
    expect(start.toString()).toBe(camp.seed.start)
    expect(end.toString()).toBe(addDays(camp.seed.start, 3))
    const trip = seeded.find((event) => event.seed.title === 'Mission trip')!
    const tripEvent = new ICAL.Event(byUid.get(`event-${trip.id}@crm.test`)!.master!)
    expect(localKey(tripEvent.startDate)).toBe(`${trip.seed.start} 09:00`)
    expect(localKey(tripEvent.endDate)).toBe(`${addDays(trip.seed.start, 3)} 17:00`)
  })

  it("issue 14 item 4: the feed expanded by ical.js equals the app's occurrences for the next 12 months, Sydney's April and October changes included", () => {
    const { byUid } = parseFeed(feedText)
    for (const { id, seed } of seeded) {
      const entry = byUid.get(`event-${id}@crm.test`)
      const expected = appOccurrences(seed, from, to)
      if (expected.length === 0 && !entry) continue
      expect(entry, seed.title).toBeDefined()
      expect(icalOccurrences(entry!, from, to), seed.title).toEqual(expected)
    }
    // The weekly service runs across both changes, at 10:00 every time.
    const service = seeded.find((event) => event.seed.title === 'Sunday service')!
    const sundays = icalOccurrences(byUid.get(`event-${service.id}@crm.test`)!, from, to)
    expect(sundays.length).toBeGreaterThanOrEqual(52)
    expect(new Set(sundays.map((key) => key.slice(11)))).toEqual(new Set(['10:00']))
    const offsets = new Set(sundays.map((key) => zonedInstant(key.slice(0, 10), '10:00', zone).getUTCHours()))
    expect(offsets).toEqual(new Set([23, 0]))
  })

  it('excludes a cancelled occurrence (EXDATE) and moves a moved one (RECURRENCE-ID with the original date and time)', () => {
    const { byUid } = parseFeed(feedText)
    const youth = seeded.find((event) => event.seed.title === 'Youth night')!
    const entry = byUid.get(`event-${youth.id}@crm.test`)!
    const [cancelled, moved] = youth.seed.exceptions!
    expect(feedText).toContain(`EXDATE;TZID=${zone}:${cancelled!.original_date.replaceAll('-', '')}T180000`)
    expect(entry.overrides).toHaveLength(1)
    const override = new ICAL.Event(entry.overrides[0]!)
    expect(localKey(override.recurrenceId)).toBe(`${moved!.original_date} 18:00`)
    expect(localKey(override.startDate)).toBe(`${moved!.event_date} 18:00`)
    const occurrences = icalOccurrences(entry, from, to)
    expect(occurrences).not.toContain(`${cancelled!.original_date} 18:00`)
    expect(occurrences).not.toContain(`${moved!.original_date} 18:00`)
    expect(occurrences).toContain(`${moved!.event_date} 18:00`)
    const family = seeded.find((event) => event.seed.title === 'Family day')!
    expect(feedText).toContain(`EXDATE;VALUE=DATE:${family.seed.exceptions![0]!.original_date.replaceAll('-', '')}`)
    expect(feedText).toContain(`RECURRENCE-ID;VALUE=DATE:${family.seed.exceptions![1]!.original_date.replaceAll('-', '')}`)
  })

  it("never carries another team's events, nor events that ended more than a year ago", async () => {
    const other = await buildTeam(t, { title: 'Other church' })
    await addMember(t, leader.id, other, 'leader')
    await addEvent({ title: 'Other church picnic', start: addDays(today, 5), teamId: other })
    const old = await addEvent({ title: 'Long gone', start: addDays(today, -800) })
    await t.db
      .update(events)
      .set({ last_date: addDays(today, -800) })
      .where(eq(events.id, old))
    const text = (await fetchFeed(await urlOf(leader))).body
    expect(text).toContain('SUMMARY:Sunday service')
    expect(text).not.toContain('Other church picnic')
    expect(text).not.toContain('Long gone')
    const otherText = (await fetchFeed(await urlOf(leader, other))).body
    expect(otherText).toContain('Other church picnic')
    expect(otherText).not.toContain('Sunday service')
  })
})

describe("the user's own upcoming interactions", () => {
  it('are in the feed; a minor is not named to a user under the child data gate', async () => {
    const member = await buildPerson(t)
    await addMember(t, member.id, church, 'member')
    const now = new Date()
    const year = now.getFullYear()
    const adult = await buildContact(t, { teamId: church, first_name: 'Margaret', last_name: 'Adultson', dob_year: year - 40 })
    const child = await buildContact(t, { teamId: church, first_name: 'Timmy', last_name: 'Minorson', dob_year: year - 10 })
    const later = addDays(zonedDate(now, zone), 5)
    const add = (contactId: number, values: Partial<typeof interactions.$inferInsert>) =>
      t.db.insert(interactions).values({
        contact_id: contactId,
        team_id: church,
        by_person_id: member.id,
        author_id: member.id,
        type: 'visit',
        date: later,
        time: '14:00',
        occurs_at: zonedInstant(later, '14:00', zone),
        ...values,
      })
    await add(adult, {})
    await add(child, { type: 'phone-call' })
    await add(adult, { date: addDays(later, -30), occurs_at: zonedInstant(addDays(later, -30), '14:00', zone), content: 'Past visit' })
    await add(adult, { by_person_id: leader.id, author_id: leader.id, time: '16:00', occurs_at: zonedInstant(later, '16:00', zone) })

    const text = (await fetchFeed(await urlOf(member))).body
    const { byUid } = parseFeed(text)
    const mine = [...byUid.entries()].filter(([uid]) => uid.startsWith('interaction-')).map(([, entry]) => new ICAL.Event(entry.master!))
    expect(mine).toHaveLength(2)
    expect(mine.map((event) => localKey(event.startDate))).toEqual([`${later} 14:00`, `${later} 14:00`])
    expect(text).toContain('Margaret Adultson')
    expect(text).not.toContain('Timmy')
    expect(text).not.toContain('Minorson')

    // With the checks, the same member sees the child's name.
    await t.db
      .update(memberships)
      .set({ has_wwcc: true, has_adsafe: true })
      .where(and(eq(memberships.person_id, member.id), eq(memberships.team_id, church)))
    expect((await fetchFeed(await urlOf(member))).body).toContain('Timmy Minorson')
  })
})

describe('entity tags: a calendar app that has the feed is answered 304 (issue 39)', () => {
  let parish: number
  let url: string
  let tag: string
  const today = zonedDate(new Date(), zone)
  const sunday = nextWeekday(addDays(today, 7), 0)

  beforeAll(async () => {
    parish = await buildTeam(t, { title: 'St Luke' })
    await t.db
      .update(teams)
      .set({ settings: { time_zone: zone } })
      .where(eq(teams.id, parish))
    await addMember(t, leader.id, parish, 'leader')
    url = await urlOf(leader, parish)
    tag = (await fetchFeed(url)).headers.etag as string
  })

  const conditional = (ifNoneMatch: string, feedUrl = url) =>
    t.call({ method: 'GET', url: new URL(feedUrl).pathname, headers: { 'if-none-match': ifNoneMatch } })
  const post = (path: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `/api/v1/${path}`, token: leader.token, payload: { team_id: parish, ...payload } })

  /**
   * After a change: the tag held so far answers 200 with the whole feed and a new tag, which
   * answers 304 from then on. The feed's text is returned.
   */
  async function changed(what: string): Promise<string> {
    const response = await conditional(tag)
    expect(response.statusCode, what).toBe(200)
    expect(response.body, what).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/)
    const next = response.headers.etag as string
    expect(next, what).not.toBe(tag)
    tag = next
    expect((await conditional(tag)).statusCode, what).toBe(304)
    return response.body
  }

  it('answers the same weak tag on every ask while nothing changes; If-None-Match with it is 304 without a body', async () => {
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
    const again = await fetchFeed(url)
    expect(again.statusCode).toBe(200)
    expect(again.headers.etag).toBe(tag)
    const held = await conditional(tag)
    expect(held.statusCode).toBe(304)
    expect(held.body).toBe('')
    expect(held.headers.etag).toBe(tag)
    expect(held.headers['cache-control']).toBe('private, max-age=300')
    // Weak comparison, a list of tags, and any tag at all.
    expect((await conditional(tag.slice(2))).statusCode).toBe(304)
    expect((await conditional(`"other", ${tag}`)).statusCode).toBe(304)
    expect((await conditional('*')).statusCode).toBe(304)
    expect((await conditional('W/"other"')).statusCode).toBe(200)
  })

  it('a new tag and the whole feed after each change of what it shows', async () => {
    const added = await post('create-event', {
      title: 'Evening prayer',
      start_time: sunday,
      start_time_hour: '18:00',
      is_recurring: 1,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU',
    })
    expect(added.statusCode, added.body).toBe(200)
    const id = body(added).id as number
    expect(await changed('an event added')).toContain('SUMMARY:Evening prayer')

    expect((await post(`update-event/${id}`, { title: 'Compline' })).statusCode).toBe(200)
    expect(await changed('an event edited')).toContain('SUMMARY:Compline')

    const cancelled = addDays(sunday, 7)
    expect((await post('update-event-occurance', { event_id: id, event_date: cancelled, is_cancelled: true })).statusCode).toBe(200)
    expect(await changed('an occurrence cancelled')).toContain(`EXDATE;TZID=${zone}:${cancelled.replaceAll('-', '')}T180000`)

    const moved = addDays(sunday, 14)
    expect((await post('update-event-occurance', { event_id: id, event_date: moved, move_to: addDays(moved, 1) })).statusCode).toBe(200)
    expect(await changed('an occurrence moved')).toContain(`RECURRENCE-ID;TZID=${zone}:${moved.replaceAll('-', '')}T180000`)

    // The same edit written twice within the clock's millisecond (updated_at unchanged) still shows.
    const [{ updated_at } = { updated_at: new Date() }] = await t.db.select({ updated_at: events.updated_at }).from(events).where(eq(events.id, id))
    await t.db.update(events).set({ title: 'Vespers', updated_at }).where(eq(events.id, id))
    expect(await changed('a title written without a new updated_at')).toContain('SUMMARY:Vespers')

    expect((await post('delete-event', { id })).statusCode).toBe(200)
    expect(await changed('an event deleted')).not.toContain('Vespers')
  })

  it('keeps the text it built under its tag: an app asking again without the tag is sent it unbuilt, and a change builds it again', async () => {
    const kept = () =>
      t.db
        .select({ etag: icalFeedTexts.etag, text: icalFeedTexts.text })
        .from(icalFeedTexts)
        .where(and(eq(icalFeedTexts.user_id, leader.id), eq(icalFeedTexts.team_id, parish)))
    const first = await fetchFeed(url)
    expect((await kept())[0]).toEqual({ etag: first.headers.etag, text: first.body })
    // Marked where it is kept: the next answer is the kept text, not a new build.
    await t.db
      .update(icalFeedTexts)
      .set({ text: first.body.replace('END:VCALENDAR', 'X-KEPT:1\r\nEND:VCALENDAR') })
      .where(and(eq(icalFeedTexts.user_id, leader.id), eq(icalFeedTexts.team_id, parish)))
    const again = await fetchFeed(url)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.body).toContain('X-KEPT:1')
    // A change makes a new tag: the feed is built again, without the mark, and kept anew.
    expect((await post('create-event', { title: 'Morning prayer', start_time: sunday, start_time_hour: '07:00' })).statusCode).toBe(200)
    const rebuilt = await fetchFeed(url)
    expect(rebuilt.headers.etag).not.toBe(first.headers.etag)
    expect(rebuilt.body).toContain('SUMMARY:Morning prayer')
    expect(rebuilt.body).not.toContain('X-KEPT')
    expect(await kept()).toEqual([{ etag: rebuilt.headers.etag, text: rebuilt.body }])
    tag = rebuilt.headers.etag as string
    // Gone with the url.
    expect((await t.call({ method: 'POST', url: '/api/v1/reset-ical-urls', token: leader.token, payload: {} })).statusCode).toBe(200)
    expect(await kept()).toEqual([])
    url = await urlOf(leader, parish)
    expect((await fetchFeed(url)).headers.etag).toBe(tag)
  })

  it("a new tag when the team's zone or name, the user's interactions, or the caller's access change", async () => {
    await t.db
      .update(teams)
      .set({ settings: { time_zone: 'Australia/Perth' } })
      .where(eq(teams.id, parish))
    expect(await changed("the team's time zone")).toContain('X-WR-TIMEZONE:Australia/Perth')
    await t.db.update(teams).set({ title: 'St Luke Perth' }).where(eq(teams.id, parish))
    expect(await changed("the team's name")).toContain('X-WR-CALNAME:St Luke Perth')

    const contact = await buildContact(t, { teamId: parish, first_name: 'Agnes', last_name: 'Visited', dob_year: 1950 })
    const later = addDays(zonedDate(new Date(), 'Australia/Perth'), 3)
    await t.db.insert(interactions).values({
      contact_id: contact,
      team_id: parish,
      by_person_id: leader.id,
      author_id: leader.id,
      type: 'visit',
      date: later,
      time: '14:00',
      occurs_at: zonedInstant(later, '14:00', 'Australia/Perth'),
    })
    expect(await changed('an interaction planned')).toContain('Agnes Visited')
    await t.db.execute(sql`update people set last_name = 'Revisited' where id = ${contact}`)
    expect(await changed("the contact's name")).toContain('Agnes Revisited')

    await t.db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.person_id, leader.id), eq(memberships.team_id, parish)))
    await changed("the caller's role")
  })

  it('a wrong, reset or expired token is 404 without a tag, whatever tag is sent', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, parish, 'member')
    const own = await urlOf(person, parish)
    const held = (await fetchFeed(own)).headers.etag as string
    expect(held).not.toBe(tag)
    const token = tokenOf(own)
    const wrong = `/ical/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.ics`
    const refusals = [await t.call({ method: 'GET', url: wrong, headers: { 'if-none-match': held } })]
    await t.db.update(icalFeeds).set({ expires_at: t.clock.now() }).where(eq(icalFeeds.user_id, person.id))
    refusals.push(await conditional(held, own))
    expect((await t.call({ method: 'POST', url: '/api/v1/reset-ical-urls', token: person.token, payload: {} })).statusCode).toBe(200)
    refusals.push(await conditional(held, own), await conditional('*', own))
    for (const response of refusals) {
      expect(response.statusCode).toBe(404)
      expect(response.headers.etag).toBeUndefined()
      expect(response.body).toBe('Not found')
    }
  })
})

describe('folding', () => {
  it('folds long lines at the octets ical-generator folds them at (accents, CJK, emoji, short lines untouched)', () => {
    const lines = [
      'SUMMARY:Short',
      `SUMMARY:${'Reunión de oración y café '.repeat(8)}`,
      `LOCATION:${'教会の集まり🙏'.repeat(20)}`,
      `EXDATE;TZID=${zone}:${Array.from({ length: 30 }, (_, i) => `2027${String((i % 12) + 1).padStart(2, '0')}01T100000`).join(',')}`,
    ]
    const text = `${lines.join('\r\n')}\r\n`
    expect(foldLines(text)).toBe(generatorFold(text))
  })
})

describe('only the hash of the token is stored (DESIGN.md §6, issue 33)', () => {
  it("no row holds the url's token; the url is shown again and serves the calendar", async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const url = await urlOf(person)
    const token = tokenOf(url)
    const stored = await storedFeeds(person.id)
    expect(stored).not.toContain(token)
    expect(JSON.parse(stored)).toEqual([expect.objectContaining({ user_id: person.id, team_id: church, token_hash: hashToken(token), expires_at: null })])
    expect(Object.keys(JSON.parse(stored)[0]).sort()).toEqual(['created_at', 'expires_at', 'key_nonce', 'team_id', 'token_hash', 'user_id'])
    expect(await urlOf(person)).toBe(url)
    const response = await fetchFeed(url)
    expect(response.statusCode).toBe(200)
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(response.body).toContain('SUMMARY:Sunday service')
  })

  it('404 for a wrong token: one character off, or the stored hash itself', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const token = tokenOf(await urlOf(person))
    const [row] = await t.db.select({ token_hash: icalFeeds.token_hash }).from(icalFeeds).where(eq(icalFeeds.user_id, person.id))
    const oneOff = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const wrong of [oneOff, row!.token_hash]) {
      const response = await t.call({ method: 'GET', url: `/ical/${wrong}.ics` })
      expect(response.statusCode, wrong).toBe(404)
      expect(response.body).toBe('Not found')
    }
  })

  it('a url made before tokens were hashed keeps opening until its owner asks again, then is replaced', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    // As migration 0029 leaves such a feed: the hash of a random token, no nonce.
    const legacy = newToken()
    await t.db.insert(icalFeeds).values({ user_id: person.id, team_id: church, token_hash: hashToken(legacy) })
    expect((await t.call({ method: 'GET', url: `/ical/${legacy}.ics` })).statusCode).toBe(200)
    const url = await urlOf(person)
    expect(tokenOf(url)).not.toBe(legacy)
    expect((await fetchFeed(url)).statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: `/ical/${legacy}.ics` })).statusCode).toBe(404)
    expect(await urlOf(person)).toBe(url)
  })

  it('an expired url answers 404; the next ask makes a new one that works', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const url = await urlOf(person)
    const later = new Date(t.clock.now().getTime() + 60_000)
    await t.db.update(icalFeeds).set({ expires_at: later }).where(eq(icalFeeds.user_id, person.id))
    expect((await fetchFeed(url)).statusCode).toBe(200)
    await t.db.update(icalFeeds).set({ expires_at: t.clock.now() }).where(eq(icalFeeds.user_id, person.id))
    expect((await fetchFeed(url)).statusCode).toBe(404)
    const fresh = await urlOf(person)
    expect(fresh).not.toBe(url)
    expect((await fetchFeed(fresh)).statusCode).toBe(200)
    expect((await fetchFeed(url)).statusCode).toBe(404)
  })
})

describe('the url dies', () => {
  it('404 for an unknown token, a malformed one, or none', async () => {
    for (const path of ['/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/ical/short.ics', '/ical/x', `/ical/${'a'.repeat(90)}.ics`]) {
      const response = await t.call({ method: 'GET', url: path })
      expect(response.statusCode, path).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
    }
  })

  it('after reset-ical-urls: the old url answers 404, the next ask makes a new one that works', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const old = await urlOf(person)
    expect((await fetchFeed(old)).statusCode).toBe(200)
    const reset = await t.call({ method: 'POST', url: '/api/v1/reset-ical-urls', token: person.token, payload: {} })
    expect(reset.statusCode).toBe(200)
    expect(body(reset)).toMatchObject({ success: true })
    expect((await fetchFeed(old)).statusCode).toBe(404)
    expect(await storedFeeds(person.id)).toBe('[]')
    const fresh = await urlOf(person)
    expect(fresh).not.toBe(old)
    expect((await fetchFeed(fresh)).statusCode).toBe(200)
    // The leader's url is not touched by another user's reset.
    expect((await fetchFeed(await urlOf(leader))).statusCode).toBe(200)
  })

  it('404 once the user is removed from the team', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const url = await urlOf(person)
    expect((await fetchFeed(url)).statusCode).toBe(200)
    await t.db.delete(memberships).where(and(eq(memberships.person_id, person.id), eq(memberships.team_id, church)))
    expect((await fetchFeed(url)).statusCode).toBe(404)
  })

  it('ical-url needs a member of the team (404 for another team) and a session', async () => {
    const stranger = await buildPerson(t)
    expect((await t.call({ method: 'GET', url: `/api/v1/ical-url?team_id=${church}`, token: stranger.token })).statusCode).toBe(404)
    expect((await t.call({ method: 'GET', url: `/api/v1/ical-url?team_id=${church}` })).statusCode).toBe(401)
    expect((await t.call({ method: 'POST', url: '/api/v1/reset-ical-urls', payload: {} })).statusCode).toBe(401)
  })

  it('the token never reaches the log', async () => {
    const url = await urlOf(leader)
    const token = /\/ical\/(.+)\.ics$/.exec(url)![1]!
    log.length = 0
    await fetchFeed(url)
    await t.call({ method: 'GET', url: `/ical/${token.slice(0, 40)}xyz.ics` })
    const written = log.join('')
    expect(written).toContain('/ical/[redacted]')
    expect(written).not.toContain(token)
    expect(written).not.toContain(token.slice(0, 40))
  })
})
