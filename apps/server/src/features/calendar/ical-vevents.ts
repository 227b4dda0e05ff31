import { escape } from 'ical-generator'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { addDays, zonedInstant, type OccurrenceException } from '@crm/domain'
import type { events } from '../../db/schema/index'
import type { PersonGate } from '../../platform/child-gate'
import { fullName } from '../../platform/format'

// The calendar feed's text: each event and interaction written as a VEVENT (RFC 5545), and
// lines folded at 75 octets, as ical-generator writes them (decisions.md, "VEVENTs written directly").

export type FeedEventRow = Pick<
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
export interface FeedInteractionRow {
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
export function feedZone(timeZone: string): string | null {
  const component = getVtimezoneComponent(timeZone)
  return component ? (/^TZID:(.+)$/m.exec(component)?.[1]?.trim() ?? null) : null
}

export interface FeedContext {
  /** The team's zone, in which every stored date and time is read. */
  timeZone: string
  /** The TZID written (null: floating times, for a zone without a VTIMEZONE). */
  tzid: string | null
  host: string
  publicUrl: string
}

/** A moment of a VEVENT: a DATE, or a wall-clock time of the team's zone. */
type Moment = { date: string; time: string | null }

interface VeventFields {
  uid: string
  stamp: Date
  start: Moment
  end: Moment | null
  /** RRULE and EXDATE lines of a series. */
  rule?: string[]
  recurrenceId?: Moment
  summary: string
  location?: string | null
  url?: string
}

/**
 * One VEVENT, written as ical-generator writes one (property order, all-day marks, escapes),
 * without its event object per row, whose construction and checks took half of a large feed's
 * time (issue 39). Times are wall clocks with the zone's TZID, or floating without one.
 */
function vevent(fields: VeventFields, tzid: string | null): string {
  const at = (name: string, moment: Moment) =>
    moment.time === null
      ? `${name};VALUE=DATE:${compact(moment.date)}`
      : `${name}${tzid ? `;TZID=${tzid}` : ''}:${compact(moment.date)}T${moment.time.replace(':', '')}00`
  const lines = ['BEGIN:VEVENT', `UID:${fields.uid}`, 'SEQUENCE:0', `DTSTAMP:${fields.stamp.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`]
  lines.push(at('DTSTART', fields.start))
  if (fields.end) lines.push(at('DTEND', fields.end))
  if (fields.start.time === null) lines.push('X-MICROSOFT-CDO-ALLDAYEVENT:TRUE', 'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE')
  if (fields.rule) lines.push(...fields.rule)
  if (fields.recurrenceId) lines.push(at('RECURRENCE-ID', fields.recurrenceId))
  lines.push(`SUMMARY:${escape(fields.summary, false)}`)
  if (fields.location) lines.push(`LOCATION:${escape(fields.location, false)}`)
  if (fields.url) lines.push(`URL;VALUE=URI:${escape(fields.url, false)}`)
  lines.push('END:VEVENT', '')
  return lines.join('\r\n')
}

/** One event: its series (or its one date), and an override for each moved occurrence. */
export function addEvent(vevents: string[], row: FeedEventRow, exceptions: readonly OccurrenceException[], context: FeedContext): void {
  const span = Math.max(row.span_days, 1)
  const rule = row.is_recurring && row.rrule ? row.rrule : null
  const startTime = row.start_hour ?? '00:00'
  const allDay = row.is_all_day || !row.start_hour
  /** Start and end of the occurrence starting on `date`. */
  const times = (date: string): { start: Moment; end: Moment | null } => {
    if (allDay) return { start: { date, time: null }, end: { date: addDays(date, span), time: null } }
    const endHour = row.end_hour ?? (span > 1 ? '23:59' : null)
    const start = { date, time: startTime }
    const end = endHour ? { date: addDays(date, span - 1), time: endHour } : null
    // An end that is not after the start is left out (ical-generator would swap the two).
    return { start, end: end && `${end.date}T${end.time}` > `${start.date}T${start.time}` ? end : null }
  }
  const common = {
    uid: `event-${row.id}@${context.host}`,
    summary: row.title,
    location: row.no_address ? null : row.address_formatted || null,
    url: `${context.publicUrl}/events/view/${row.id}`,
    stamp: row.updated_at,
  }
  const byOriginal = new Map(exceptions.map((exception) => [exception.original_date, exception]))
  if (!rule) {
    // A one-off event: its one date, moved or cancelled.
    const exception = byOriginal.get(row.start_date)
    if (exception?.is_cancelled) return
    vevents.push(vevent({ ...common, ...times(exception?.event_date ?? row.start_date) }, context.tzid))
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
  vevents.push(vevent({ ...common, ...times(row.start_date), rule: lines }, context.tzid))
  for (const exception of exceptions) {
    if (exception.is_cancelled || exception.event_date === exception.original_date) continue
    const recurrenceId = { date: exception.original_date, time: allDay ? null : startTime }
    vevents.push(vevent({ ...common, ...times(exception.event_date), recurrenceId }, context.tzid))
  }
}

/** One upcoming interaction of the user: the type and the contact (no child's name under the gate). */
export function addInteraction(
  vevents: string[],
  row: FeedInteractionRow,
  context: FeedContext & { typeTitle: (type: string) => string; gate: PersonGate },
): void {
  const type = row.type === 'other' && row.type_other ? row.type_other : context.typeTitle(row.type)
  const hidesName = context.gate.hides(row)
  const summary = hidesName ? type : `${type}: ${fullName(row.first_name, row.last_name)}`
  const times = row.time
    ? { start: { date: row.date, time: row.time }, end: addMinutes(row.date, row.time, 60) }
    : { start: { date: row.date, time: null }, end: { date: addDays(row.date, 1), time: null } }
  vevents.push(vevent({ uid: `interaction-${row.id}@${context.host}`, summary, stamp: row.updated_at, ...times }, context.tzid))
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
