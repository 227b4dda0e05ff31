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

/** The chosen date by default: today's occurrence if any, else the next one, else the last (spec 3 §2.1). */
export function defaultOccurrence(occurrences: readonly Occurrence[], today: string): Occurrence | undefined {
  return (
    occurrences.find((each) => each.event_date <= today && each.end_date >= today) ??
    occurrences.find((each) => each.event_date > today) ??
    occurrences[occurrences.length - 1]
  )
}

export { isDate }
