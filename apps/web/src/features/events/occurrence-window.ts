import { addDays, maxOccurrenceWindowDays, zonedDate, type Occurrence } from '@crm/domain'

/** The server's window by default: from 8 weeks ago to 8 weeks ahead (eventQuery). */
export const windowHalfDays = 56

export interface OccurrenceWindow {
  from: string
  to: string
}

/** Today in the team's time zone (YYYY-MM-DD). */
export function teamToday(timeZone: string, now = new Date()): string {
  try {
    return zonedDate(now, timeZone)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))

/** The window of the URL (`from`, `to`) if it is a sound one, else none (the server's default). */
export function windowOf(params: URLSearchParams): OccurrenceWindow | undefined {
  const from = params.get('from')
  const to = params.get('to')
  if (!isDate(from) || !isDate(to) || to < from || to > addDays(from, maxOccurrenceWindowDays - 1)) return undefined
  return { from, to }
}

/** The window around today, as the server reads it by default. */
export function defaultWindow(today: string): OccurrenceWindow {
  return { from: addDays(today, -windowHalfDays), to: addDays(today, windowHalfDays) }
}

/** The window before (-1) or after (1) this one, of the same length. */
export function shiftWindow(window: OccurrenceWindow, direction: -1 | 1): OccurrenceWindow {
  const length = Math.round((Date.parse(window.to) - Date.parse(window.from)) / 86_400_000) + 1
  return { from: addDays(window.from, direction * length), to: addDays(window.to, direction * length) }
}

/**
 * The chosen date by default: the latest that has begun (today's, or the meeting just held,
 * whose attendance is the one to take), else the next one (issue 37). A cancelled date was
 * not held: it is passed over while the window holds another.
 */
export function defaultOccurrence(occurrences: readonly Occurrence[], today: string): Occurrence | undefined {
  const held = occurrences.filter((each) => !each.is_cancelled)
  const pool = held.length > 0 ? held : occurrences
  let begun: Occurrence | undefined
  let next: Occurrence | undefined
  for (const each of pool) {
    if (each.event_date <= today) {
      if (!begun || each.event_date > begun.event_date) begun = each
    } else if (!next || each.event_date < next.event_date) next = each
  }
  return begun ?? next
}

export { isDate }
