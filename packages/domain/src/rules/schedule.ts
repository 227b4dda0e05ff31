import * as rruleModule from 'rrule'
import type { Options as RRuleOptions } from 'rrule'
import type { FieldError } from '../field-errors'
import { addDays, datesFromTo, fromUtcDate, toUtcDate, weekdayOf } from './calendar-dates'
import { lastAllowedUntil, maxOccurrencesPerExpansion, maxRecurrenceYears, parseParts, parseRRule, recurrenceRefusals } from './recurrence'

// Expanding an event's schedule (spec 3 §2.1, §3): its rule from its start date (DTSTART),
// with cancelled and moved occurrences and multi-day spans, on calendar dates in the team's
// time zone. Every expansion is bounded, so a never-ending rule costs what a page shows.

// Bundlers read rrule's ES build (named exports); Node's ESM loader reads its CommonJS build,
// whose exports sit under `default` (STACK.md).
const RRule = rruleModule.RRule ?? (Reflect.get(rruleModule, 'default') as typeof rruleModule).RRule

/** A per-occurrence exception: the occurrence of `original_date` is cancelled or moved to `event_date`. */
export interface OccurrenceException {
  original_date: string
  event_date: string
  is_cancelled: boolean
}

/** What expansion needs of an event. */
export interface Schedule {
  /** The first day of the event (DTSTART), YYYY-MM-DD. */
  start: string
  /** The rule text, or null for a one-off event. */
  rrule: string | null
  /** Days each occurrence lasts (1 unless multi-day). */
  span_days: number
  exceptions?: readonly OccurrenceException[]
}

/** A parsed rule, kept for the next call with the same start and text (a list page asks again and again). */
const rules = new Map<string, InstanceType<typeof RRule>>()
const maxCachedRules = 5000

function ruleOf(schedule: Schedule): InstanceType<typeof RRule> | null {
  if (!schedule.rrule) return null
  const key = `${schedule.start}|${schedule.rrule}`
  const cached = rules.get(key)
  if (cached) return cached
  const parsed = parseParts(schedule.rrule)
  if ('error' in parsed) throw new Error(`Invalid schedule: ${parsed.error.code}`)
  const options: Partial<RRuleOptions> = RRule.parseString([...parsed.parts].map(([name, value]) => `${name}=${value}`).join(';'))
  // UNTIL as a date includes its whole day.
  if (options.until) options.until = new Date(Date.UTC(options.until.getUTCFullYear(), options.until.getUTCMonth(), options.until.getUTCDate(), 23, 59, 59))
  const rule = new RRule({ ...options, dtstart: toUtcDate(schedule.start) })
  if (rules.size >= maxCachedRules) rules.delete(rules.keys().next().value!)
  rules.set(key, rule)
  return rule
}

/**
 * False when the rule cannot have `date`, read from its text alone: the day is before the
 * start, not one of its weekdays, not its day of the month or not the start's day of the year.
 * Deciding a single day this way spares walking the rule from its start (the list of today's
 * events asks it of every running series).
 */
function mayBeRuleDate(schedule: Schedule, date: string): boolean {
  if (date < schedule.start) return false
  const parsed = parseParts(schedule.rrule!)
  if ('error' in parsed) return true
  const { parts } = parsed
  const byDay = parts.get('BYDAY')
  if (byDay && !byDay.split(',').includes(weekdayOf(date))) return false
  const byMonthDay = parts.get('BYMONTHDAY')
  if (byMonthDay && Number(byMonthDay) !== Number(date.slice(8, 10))) return false
  if (parts.get('FREQ') === 'YEARLY' && date.slice(5) !== schedule.start.slice(5)) return false
  return true
}

/**
 * The rule's own dates from `from` to `to` (both included), before exceptions, at most
 * `limit`. A one-off event has its start date.
 */
function ruleDatesBetween(schedule: Schedule, from: string, to: string, limit: number): string[] {
  if (!schedule.rrule) return schedule.start >= from && schedule.start <= to ? [schedule.start] : []
  if (from === to && !mayBeRuleDate(schedule, from)) return []
  const rule = ruleOf(schedule)!
  const dates: string[] = []
  rule.between(toUtcDate(from), toUtcDate(to), true, (date) => {
    dates.push(fromUtcDate(date))
    return dates.length < limit
  })
  return dates
}

/**
 * The start dates of the occurrences from `from` to `to` (both included), in order, with
 * cancelled ones left out and moved ones at their new date; at most `limit`.
 */
export function occurrencesBetween(schedule: Schedule, from: string, to: string, limit = maxOccurrencesPerExpansion): string[] {
  const exceptions = new Map((schedule.exceptions ?? []).map((exception) => [exception.original_date, exception]))
  const dates = new Set<string>()
  // Moved occurrences may leave the window or enter it; reading `exceptions.size` more dates keeps the page full.
  for (const date of ruleDatesBetween(schedule, from, to, limit + exceptions.size)) {
    if (!exceptions.has(date)) dates.add(date)
  }
  for (const exception of exceptions.values()) {
    if (exception.is_cancelled || exception.event_date < from || exception.event_date > to) continue
    if (isRuleDate(schedule, exception.original_date)) dates.add(exception.event_date)
  }
  return [...dates].sort().slice(0, limit)
}

/** The rule (before exceptions) has an occurrence on `date`. */
function isRuleDate(schedule: Schedule, date: string): boolean {
  return ruleDatesBetween(schedule, date, date, 1).length === 1
}

/** The event has an occurrence starting on `date`. */
export function isOccurrence(schedule: Schedule, date: string): boolean {
  return occurrencesBetween(schedule, date, date, 1).length === 1
}

/**
 * The original (rule) date of the occurrence that now starts on `date`: itself unless moved
 * there; null when no occurrence starts on `date`.
 */
export function originalDateOf(schedule: Schedule, date: string): string | null {
  const moved = (schedule.exceptions ?? []).find((exception) => !exception.is_cancelled && exception.event_date === date)
  if (moved && isRuleDate(schedule, moved.original_date)) return moved.original_date
  const exception = (schedule.exceptions ?? []).find((item) => item.original_date === date)
  if (exception) return null
  return isRuleDate(schedule, date) ? date : null
}

/** The days of the occurrence starting on `start`: one, or each day of a multi-day event. */
export function occurrenceDays(schedule: Schedule, start: string): string[] {
  return datesFromTo(start, addDays(start, Math.max(schedule.span_days, 1) - 1))
}

/**
 * The occurrence whose days include `date`: its start date, or null. Attendance is taken on
 * any day of an occurrence (each day of a multi-day event).
 */
export function occurrenceOn(schedule: Schedule, date: string): string | null {
  const span = Math.max(schedule.span_days, 1)
  const starts = occurrencesBetween(schedule, addDays(date, 1 - span), date, span)
  return starts.at(-1) ?? null
}

/** The first occurrence starting on or after `date`, or null. */
export function nextOccurrence(schedule: Schedule, date: string): string | null {
  if (!schedule.rrule) return schedule.start >= date ? schedule.start : null
  // Search a year at a time: a far-off next date costs what it takes to reach it, no more.
  const last = lastOccurrence(schedule)
  for (let from = date; from <= (last ?? addDays(date, 366 * maxRecurrenceYears)); from = addDays(from, 366)) {
    const found = occurrencesBetween(schedule, from, addDays(from, 365), 1)[0]
    if (found) return found
  }
  return null
}

/**
 * The start date of the last occurrence, or null when the rule never ends. A one-off event's
 * is its start. Moved occurrences count at their new date.
 */
export function lastOccurrence(schedule: Schedule): string | null {
  const rule = ruleOf(schedule)
  let last: string | null = schedule.start
  if (rule) {
    if (!rule.options.count && !rule.options.until) return null
    const all = rule.all()
    last = all.length > 0 ? fromUtcDate(all[all.length - 1]!) : null
  }
  const exceptions = schedule.exceptions ?? []
  if (exceptions.length > 0) {
    const cancelled = new Set(exceptions.filter((exception) => exception.is_cancelled).map((exception) => exception.original_date))
    const moved = new Set(exceptions.filter((exception) => !exception.is_cancelled).map((exception) => exception.original_date))
    const candidates = (rule ? rule.all().map(fromUtcDate) : [schedule.start]).filter((date) => !cancelled.has(date) && !moved.has(date))
    const movedTo = exceptions.filter((exception) => !exception.is_cancelled).map((exception) => exception.event_date)
    last = [...candidates, ...movedTo].sort().at(-1) ?? null
  }
  return last
}

/**
 * The reason a schedule cannot be saved, or null: the rule must parse and must give the event
 * at least one date (FREQ=YEARLY from 31 January with BYMONTHDAY… cannot).
 */
export function scheduleError(schedule: Schedule): FieldError | null {
  if (!schedule.rrule) return null
  const parsed = parseRRule(schedule.rrule, schedule.start)
  if ('error' in parsed) return parsed.error
  return ruleDatesBetween(schedule, schedule.start, lastAllowedUntil(schedule.start), 1).length === 0 ? recurrenceRefusals.noOccurrence : null
}
