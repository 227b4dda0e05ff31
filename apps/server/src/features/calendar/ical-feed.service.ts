import { and, asc, desc, eq, gt, gte, lt, or, isNull, sql } from 'drizzle-orm'
import ical, { escape, type ICalCalendar, type ICalDayJsStub } from 'ical-generator'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { addDays, hasCapability, icalPastDays, zonedDate, zonedInstant, type OccurrenceException } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, eventOccurrences, events, icalFeeds, interactions, people } from '../../db/schema/index'
import { loadTeamScope, type TeamScope } from '../../platform/access'
import { personGate, type PersonGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { hashToken } from '../../platform/tokens'
import { loadInteractionLookups } from '../interactions/interaction-view'

// The calendar feed /ical/{token}.ics (issue 14 item 4, decisions.md "Calendar urls"): the
// team's events with their rule and exceptions, and the user's own upcoming interactions, as
// RFC 5545 text. Dates and times are the wall clock of the team's zone, written with its TZID
// and VTIMEZONE, so a calendar app repeats a 10:00 service at 10:00 across daylight-saving
// changes, as the app's own expansion (rules/recurrence.ts) does.

/** The feed carries at most this many events (most recent last occurrence first; never-ending first). */
export const maxFeedEvents = 2000
/** And at most this many of the user's upcoming interactions, within this many days. */
export const maxFeedInteractions = 500
export const feedInteractionDays = 365

/** What the feed reads of an event row. */
type FeedEventRow = Pick<
  typeof events.$inferSelect,
  | 'id'
  | 'title'
  | 'no_address'
  | 'address_formatted'
  | 'is_recurring'
  | 'rrule'
  | 'is_all_day'
  | 'start_date'
  | 'span_days'
  | 'start_hour'
  | 'end_hour'
  | 'updated_at'
>

/** An upcoming interaction of the user, with the contact it is on. */
interface FeedInteractionRow {
  id: number
  type: string
  type_other: string | null
  date: string
  time: string | null
  first_name: string
  last_name: string | null
  dob_year: number | null
  dob_month: number | null
  updated_at: Date
}

/**
 * A wall-clock time of the team's zone as ical-generator takes a zoned value (its dayjs
 * shape): written as the wall clock reads it, with the event's TZID. ical-generator only
 * orders an event's start and end by toDate(), both in the one zone: the wall clock read as
 * UTC orders them as their instants do, without converting thousands of times per feed.
 */
class WallTime implements ICalDayJsStub {
  private readonly wall: Date
  constructor(
    private readonly date: string,
    private readonly time: string,
    /** Written as a DATE however it is asked for (a RECURRENCE-ID of an all-day event). */
    private readonly dateOnly = false,
  ) {
    this.wall = new Date(`${date}T${time}:00Z`)
  }
  format(format?: string): string {
    if (format === 'YYYYMMDD') return this.date.replaceAll('-', '')
    if (format === 'HHmmss') return this.dateOnly ? dateOnlyMark : `${this.time.replace(':', '')}00`
    return this.toJSON()
  }
  isValid(): boolean {
    return !Number.isNaN(this.wall.getTime())
  }
  /** The wall clock as if UTC: for ordering within the zone only. */
  toDate(): Date {
    return new Date(this.wall)
  }
  toJSON(): string {
    return `${this.date}T${this.time}:00`
  }
  tz(): ICalDayJsStub {
    return this
  }
  /** Reached only by floating and date values (every other value carries its TZID): the wall clock stays. */
  utc(): ICalDayJsStub {
    return this
  }
}

// ical-generator writes a RECURRENCE-ID as a date-time; an all-day event's must be a DATE.
const dateOnlyMark = 'DATEONLY'
const dateOnlyRecurrenceId = new RegExp(`^RECURRENCE-ID(?:;TZID=[^:\\r\\n]*)?:(\\d{8})T${dateOnlyMark}Z?$`, 'gm')

/** YYYYMMDD of a calendar date. */
const compact = (date: string) => date.replaceAll('-', '')

/** HH:MM plus `minutes`, with the days it passes into. */
function addMinutes(date: string, time: string, minutes: number): { date: string; time: string } {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const total = hour * 60 + minute + minutes
  const days = Math.floor(total / 1440)
  const rest = total - days * 1440
  return { date: addDays(date, days), time: `${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}` }
}

/**
 * The stored rule as the feed writes it. RFC 5545 wants UNTIL in UTC when DTSTART has a TZID:
 * the end of the UNTIL day in the team's zone (the app counts that whole day); an all-day
 * event's UNTIL stays a DATE.
 */
export function feedRule(rule: string, allDay: boolean, timeZone: string): string {
  return rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')
    .map((part) => {
      const [name, value] = part.split('=') as [string, string | undefined]
      if (name.trim().toUpperCase() !== 'UNTIL' || !value) return part.trim()
      const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
      if (allDay) return `UNTIL=${compact(day)}`
      const end = new Date(zonedInstant(addDays(day, 1), '00:00', timeZone).getTime() - 1000)
      return `UNTIL=${end.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`
    })
    .join(';')
}

/** The TZID the feed writes: the zone's VTIMEZONE names it (UTC is Etc/UTC there); null when there is none. */
function feedZone(timeZone: string): string | null {
  const component = getVtimezoneComponent(timeZone)
  return component ? (/^TZID:(.+)$/m.exec(component)?.[1]?.trim() ?? null) : null
}

interface FeedContext {
  /** The team's zone, in which every stored date and time is read. */
  timeZone: string
  /** The TZID written (null: floating times, for a zone without a VTIMEZONE). */
  tzid: string | null
  host: string
  publicUrl: string
}

/** One event: its series (or its one date), and an override for each moved occurrence. */
function addEvent(calendar: ICalCalendar, row: FeedEventRow, exceptions: readonly OccurrenceException[], context: FeedContext): void {
  const span = Math.max(row.span_days, 1)
  const rule = row.is_recurring && row.rrule ? row.rrule : null
  const startTime = row.start_hour ?? '00:00'
  const allDay = row.is_all_day || !row.start_hour
  const at = (date: string, time: string, dateOnly = false) => new WallTime(date, time, dateOnly)
  /** Start and end of the occurrence starting on `date`. */
  const times = (date: string) => {
    if (allDay) return { start: at(date, '00:00'), end: at(addDays(date, span), '00:00') }
    const endHour = row.end_hour ?? (span > 1 ? '23:59' : null)
    const start = at(date, startTime)
    const end = endHour ? at(addDays(date, span - 1), endHour) : null
    return { start, end: end && end.toDate() > start.toDate() ? end : null }
  }
  const common = {
    id: `event-${row.id}@${context.host}`,
    summary: row.title,
    location: row.no_address ? null : row.address_formatted || null,
    url: `${context.publicUrl}/events/view/${row.id}`,
    stamp: row.updated_at,
    allDay,
    // Every value carries the zone's TZID (a DATE ignores it); without a VTIMEZONE, floating wall-clock times.
    ...(context.tzid ? { timezone: context.tzid } : { floating: !allDay }),
  }
  const byOriginal = new Map(exceptions.map((exception) => [exception.original_date, exception]))
  if (!rule) {
    // A one-off event: its one date, moved or cancelled.
    const exception = byOriginal.get(row.start_date)
    if (exception?.is_cancelled) return
    calendar.createEvent({ ...common, ...times(exception?.event_date ?? row.start_date) })
    return
  }
  const lines = [`RRULE:${feedRule(rule, allDay, context.timeZone)}`]
  // A cancelled occurrence is excluded; a moved one is replaced by its override below
  // (RFC 5545: an EXDATE would take it out of the set the override belongs to).
  const cancelled = exceptions.filter((exception) => exception.is_cancelled).map((exception) => exception.original_date)
  if (cancelled.length > 0) {
    lines.push(
      allDay
        ? `EXDATE;VALUE=DATE:${cancelled.map(compact).join(',')}`
        : `EXDATE${context.tzid ? `;TZID=${context.tzid}` : ''}:${cancelled.map((date) => `${compact(date)}T${startTime.replace(':', '')}00`).join(',')}`,
    )
  }
  calendar.createEvent({ ...common, ...times(row.start_date), repeating: lines.join('\r\n') })
  for (const exception of exceptions) {
    if (exception.is_cancelled || exception.event_date === exception.original_date) continue
    calendar.createEvent({
      ...common,
      ...times(exception.event_date),
      recurrenceId: allDay ? at(exception.original_date, '00:00', true) : at(exception.original_date, startTime),
    })
  }
}

/** One upcoming interaction of the user: the type and the contact (no child's name under the gate). */
function addInteraction(
  calendar: ICalCalendar,
  row: FeedInteractionRow,
  context: FeedContext & { typeTitle: (type: string) => string; gate: PersonGate },
): void {
  const type = row.type === 'other' && row.type_other ? row.type_other : context.typeTitle(row.type)
  const hidesName = context.gate.hides(row)
  const summary = hidesName ? type : `${type}: ${fullName(row.first_name, row.last_name)}`
  const at = (date: string, time: string) => new WallTime(date, time)
  const timed = row.time
    ? (() => {
        const end = addMinutes(row.date, row.time, 60)
        return { start: at(row.date, row.time), end: at(end.date, end.time), ...(context.tzid ? { timezone: context.tzid } : { floating: true }) }
      })()
    : { start: at(row.date, '00:00'), end: at(addDays(row.date, 1), '00:00'), allDay: true }
  calendar.createEvent({ id: `interaction-${row.id}@${context.host}`, summary, stamp: row.updated_at, ...timed })
}

/**
 * The feed's owner, team and their role there now, or null when the url no longer opens. The
 * feed is found by the token's hash on its unique index (only the hash is stored, and a
 * lookup's timing says nothing about the token), and not once it has expired.
 */
async function feedScope(db: Executor, token: string, now: Date): Promise<{ userId: number; scope: TeamScope; locale: string } | null> {
  const [feed] = await db
    .select({ user_id: icalFeeds.user_id, team_id: icalFeeds.team_id, site_role: accounts.site_role, locale: accounts.locale, is_locked: accounts.is_locked })
    .from(icalFeeds)
    .innerJoin(accounts, eq(accounts.person_id, icalFeeds.user_id))
    .where(and(eq(icalFeeds.token_hash, hashToken(token)), or(isNull(icalFeeds.expires_at), gt(icalFeeds.expires_at, now))))
  if (!feed || feed.is_locked) return null
  // The role is resolved as every call resolves it: a member removed since reads nothing.
  const viewer = { personId: feed.user_id, email: '', isSiteAdmin: feed.site_role === 'admin', sessionId: 0, locale: feed.locale }
  const scope = await loadTeamScope(db, viewer, feed.team_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null
    throw error
  })
  if (!scope || scope.role === 'member_request' || !hasCapability(scope.role, 'read_event')) return null
  return { userId: feed.user_id, scope, locale: feed.locale }
}

/** The feed of a token as iCalendar text, or null (404) for an unknown or expired token or a user who may no longer read the team's events. */
export async function buildIcalFeed(deps: Deps, token: string): Promise<string | null> {
  const now = deps.now()
  const found = await feedScope(deps.db, token, now)
  if (!found) return null
  const { scope, userId } = found
  const timeZone = scope.settings.timeZone
  const today = zonedDate(now, timeZone)
  const eventWhere = and(eq(events.team_id, scope.team.id), or(isNull(events.last_date), gte(events.last_date, addDays(today, -icalPastDays))))
  const [eventRows, exceptionRows, interactionRows, lookups] = await Promise.all([
    deps.db
      .select({
        id: events.id,
        title: events.title,
        no_address: events.no_address,
        address_formatted: events.address_formatted,
        is_recurring: events.is_recurring,
        rrule: events.rrule,
        is_all_day: events.is_all_day,
        start_date: events.start_date,
        span_days: events.span_days,
        start_hour: events.start_hour,
        end_hour: events.end_hour,
        updated_at: events.updated_at,
      })
      .from(events)
      .where(eventWhere)
      .orderBy(sql`${events.last_date} desc nulls first`, desc(events.id))
      .limit(maxFeedEvents),
    deps.db
      .select({
        event_id: eventOccurrences.event_id,
        original_date: eventOccurrences.original_date,
        event_date: eventOccurrences.event_date,
        is_cancelled: eventOccurrences.is_cancelled,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.event_id))
      .where(and(eventWhere, or(eq(eventOccurrences.is_cancelled, true), sql`${eventOccurrences.event_date} <> ${eventOccurrences.original_date}`))),
    deps.db
      .select({
        id: interactions.id,
        type: interactions.type,
        type_other: interactions.type_other,
        date: interactions.date,
        time: interactions.time,
        first_name: people.first_name,
        last_name: people.last_name,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
        updated_at: interactions.updated_at,
      })
      .from(interactions)
      .innerJoin(people, eq(people.id, interactions.contact_id))
      .where(
        and(
          eq(interactions.by_person_id, userId),
          eq(interactions.team_id, scope.team.id),
          eq(interactions.is_completed, false),
          gte(interactions.occurs_at, now),
          lt(interactions.occurs_at, new Date(now.getTime() + feedInteractionDays * 86_400_000)),
        ),
      )
      .orderBy(asc(interactions.occurs_at), asc(interactions.id))
      .limit(maxFeedInteractions),
    loadInteractionLookups(deps.db, found.locale),
  ])
  const exceptionsOf = new Map<number, OccurrenceException[]>()
  for (const { event_id, ...exception } of exceptionRows) exceptionsOf.set(event_id, [...(exceptionsOf.get(event_id) ?? []), exception])

  const tzid = feedZone(timeZone)
  const context: FeedContext = { timeZone, tzid, host: new URL(deps.config.publicUrl).host, publicUrl: deps.config.publicUrl }
  // The calendar: its name, the team's zone (X-WR-TIMEZONE) and that zone's VTIMEZONE.
  const shell = ical({ name: escape(scope.team.title, false), prodId: { company: deps.config.siteName, product: 'calendar', language: 'EN' } })
  if (tzid) shell.timezone({ name: tzid, generator: getVtimezoneComponent })
  else shell.x('X-WR-TIMEZONE', timeZone)
  // The events, in a calendar of their own without a zone, so that DTSTAMP is written in UTC
  // as RFC 5545 wants (ical-generator writes it in the calendar's zone); each carries its TZID.
  const calendar = ical()
  for (const row of eventRows) addEvent(calendar, row, exceptionsOf.get(row.id) ?? [], context)
  for (const row of interactionRows) addInteraction(calendar, row, { ...context, typeTitle: lookups.typeTitle, gate: personGate(scope, now) })
  const vevents = calendar
    .events()
    .map((event) => event.toString())
    .join('')
    .replace(dateOnlyRecurrenceId, 'RECURRENCE-ID;VALUE=DATE:$1')
  return shell.toString().replace(/END:VCALENDAR(\r\n)?$/, () => `${foldLines(vevents)}END:VCALENDAR\r\n`)
}

/** UTF-8 octets of a code point. */
const octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4)

/**
 * Lines longer than 75 octets folded (RFC 5545 §3.1) as ical-generator folds them (at 74),
 * without its encoder per character, which took most of a large feed's time.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      if (line.length <= 74 && /^[\x20-\x7e]*$/.test(line)) return line
      let folded = ''
      let count = 0
      for (const char of line) {
        const size = octets(char.codePointAt(0)!)
        count += size
        if (count > 74) {
          folded += '\r\n '
          count = size
        }
        folded += char
      }
      return folded
    })
    .join('\r\n')
}
