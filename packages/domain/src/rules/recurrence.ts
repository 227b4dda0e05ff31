import * as rruleModule from 'rrule'
import type { Options as RRuleOptions } from 'rrule'
import { monthDayMax, monthDayMin, recurrenceIntervalMax, recurrenceIntervalMin } from '../constants'

// An event's schedule (spec 3 §2.1 "Recurrence", §9): one rule module for the server, the
// web form and the calendar feed. A rule is the RRULE text of RFC 5545 without DTSTART
// (FREQ, INTERVAL, BYDAY, BYSETPOS, BYMONTHDAY, COUNT, UNTIL; spec 1 §3); the event's start
// date is its DTSTART. Dates here are calendar dates in the team's time zone (YYYY-MM-DD):
// expanding on wall-clock dates is what keeps a 10:00 service at 10:00 across daylight-saving
// changes; the instant of an occurrence comes from zonedInstant() with the team's zone.

// Bundlers read rrule's ES build (named exports); Node's ESM loader reads its CommonJS build,
// whose exports sit under `default` (STACK.md).
const RRule = rruleModule.RRule ?? (Reflect.get(rruleModule, 'default') as typeof rruleModule).RRule

export const recurrenceFrequencies = ['NEVER', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY', 'YEARLY'] as const
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number]

export const recurrenceEnds = ['NEVER', 'AFTER', 'DATE'] as const
export type RecurrenceEnd = (typeof recurrenceEnds)[number]

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof weekdays)[number]

/** Monthly by weekday: the 1st to 5th, or the last (-1). */
export const monthlyPositions = [1, 2, 3, 4, 5, -1] as const
export type MonthlyPosition = (typeof monthlyPositions)[number]

/** Monthly by weekday: one weekday, any day, a week day or a weekend day. */
export const monthlyDayChoices = [...weekdays, 'day', 'weekday', 'weekend_day'] as const
export type MonthlyDayChoice = (typeof monthlyDayChoices)[number]

export const monthlyModes = ['month_day', 'weekday'] as const
export type MonthlyMode = (typeof monthlyModes)[number]

/** An event repeats at most this many times when it ends after a count (decisions.md). */
export const maxRecurrenceCount = 500
/** A schedule ends at the latest this many years after it starts (decisions.md). */
export const maxRecurrenceYears = 20
/** One expansion answers at most this many occurrences, so a never-ending rule costs what a page shows. */
export const maxOccurrencesPerExpansion = 400

export const weekdayRequiredMessage = 'Please set at least one weekday.'
export const intervalMessage = `Choose an interval from ${recurrenceIntervalMin} to ${recurrenceIntervalMax}.`
export const monthDayMessage = `Choose a day of the month from ${monthDayMin} to ${monthDayMax}.`
export const countMessage = `Choose a number of times from 1 to ${maxRecurrenceCount}.`
export const untilMessage = 'The schedule must end on or after the start date.'
export const untilTooLateMessage = `The schedule may end at most ${maxRecurrenceYears} years after it starts.`
export const ruleMessage = 'This schedule is not one the form can make.'
export const noOccurrenceMessage = 'This schedule has no date on which the event happens.'

/** The schedule as the event form edits it. */
export interface RecurrenceForm {
  frequency: RecurrenceFrequency
  interval: number
  /** Weekly and fortnightly. */
  weekdays: Weekday[]
  monthly_mode: MonthlyMode
  month_day: number
  position: MonthlyPosition
  day_choice: MonthlyDayChoice
  ends: RecurrenceEnd
  count: number
  /** YYYY-MM-DD, for ends DATE. */
  until: string | null
}

const dayChoiceDays: Record<'day' | 'weekday' | 'weekend_day', readonly Weekday[]> = {
  day: weekdays,
  weekday: ['MO', 'TU', 'WE', 'TH', 'FR'],
  weekend_day: ['SA', 'SU'],
}

// ---------------------------------------------------------------------------------------
// Calendar dates without a time zone: a date is a UTC midnight, so no zone shifts it.

function toUtcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day))
}

function fromUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The date `days` after (or before, when negative) a calendar date. */
export function addDays(date: string, days: number): string {
  const value = toUtcDate(date)
  value.setUTCDate(value.getUTCDate() + days)
  return fromUtcDate(value)
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000)
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  return weekdays[(toUtcDate(date).getUTCDay() + 6) % 7]!
}

/** Every day from `from` to `to`, both included. */
export function datesFromTo(from: string, to: string): string[] {
  const dates: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day)
  return dates
}

/** The defaults of the form for an event starting on `start`: weekly on its weekday, never ending. */
export function defaultRecurrenceForm(start: string): RecurrenceForm {
  const weekday = weekdayOf(start)
  const day = Number(start.slice(8, 10))
  return {
    frequency: 'WEEKLY',
    interval: 1,
    weekdays: [weekday],
    monthly_mode: 'month_day',
    month_day: day,
    position: (Math.min(Math.ceil(day / 7), 5) as MonthlyPosition) ?? 1,
    day_choice: weekday,
    ends: 'NEVER',
    count: 10,
    until: null,
  }
}

// ---------------------------------------------------------------------------------------
// Form ⇄ rule text

/** The form's errors by field, with the spec's texts; empty when the form can be saved. */
export function recurrenceFormErrors(form: RecurrenceForm, start: string): Partial<Record<keyof RecurrenceForm, string>> {
  const errors: Partial<Record<keyof RecurrenceForm, string>> = {}
  if (form.frequency === 'NEVER') return errors
  const isWeekly = form.frequency === 'WEEKLY' || form.frequency === 'FORTNIGHTLY'
  if (isWeekly && form.weekdays.length === 0) errors.weekdays = weekdayRequiredMessage
  if (form.frequency !== 'FORTNIGHTLY' && !isWithin(form.interval, recurrenceIntervalMin, recurrenceIntervalMax)) errors.interval = intervalMessage
  if (form.frequency === 'MONTHLY' && form.monthly_mode === 'month_day' && !isWithin(form.month_day, monthDayMin, monthDayMax)) {
    errors.month_day = monthDayMessage
  }
  if (form.ends === 'AFTER' && !isWithin(form.count, 1, maxRecurrenceCount)) errors.count = countMessage
  if (form.ends === 'DATE') {
    if (!form.until || form.until < start) errors.until = untilMessage
    else if (form.until > lastAllowedUntil(start)) errors.until = untilTooLateMessage
  }
  return errors
}

function isWithin(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max
}

function lastAllowedUntil(start: string): string {
  return `${Number(start.slice(0, 4)) + maxRecurrenceYears}${start.slice(4)}`
}

/** The rule text of a form; null for NEVER (the event does not repeat). */
export function toRRule(form: RecurrenceForm): string | null {
  if (form.frequency === 'NEVER') return null
  const parts: string[] = []
  switch (form.frequency) {
    case 'WEEKLY':
    case 'FORTNIGHTLY':
      parts.push('FREQ=WEEKLY', `INTERVAL=${form.frequency === 'FORTNIGHTLY' ? 2 : form.interval}`)
      parts.push(`BYDAY=${weekdays.filter((day) => form.weekdays.includes(day)).join(',')}`)
      break
    case 'MONTHLY':
      parts.push('FREQ=MONTHLY', `INTERVAL=${form.interval}`)
      if (form.monthly_mode === 'month_day') parts.push(`BYMONTHDAY=${form.month_day}`)
      else {
        const days = form.day_choice in dayChoiceDays ? dayChoiceDays[form.day_choice as keyof typeof dayChoiceDays] : [form.day_choice]
        parts.push(`BYDAY=${days.join(',')}`, `BYSETPOS=${form.position}`)
      }
      break
    case 'YEARLY':
      parts.push('FREQ=YEARLY', `INTERVAL=${form.interval}`)
      break
  }
  if (form.ends === 'AFTER') parts.push(`COUNT=${form.count}`)
  if (form.ends === 'DATE' && form.until) parts.push(`UNTIL=${form.until.replaceAll('-', '')}`)
  return parts.join(';')
}

/** A rule's parts, or an error when it is not a rule the form can make. */
type ParsedRule = { parts: Map<string, string> } | { error: string }

const allowedParts = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYSETPOS', 'BYMONTHDAY', 'COUNT', 'UNTIL'])

function parseParts(rule: string): ParsedRule {
  const text = rule.trim().replace(/^RRULE:/i, '')
  if (text.length === 0 || text.length > 300) return { error: ruleMessage }
  const parts = new Map<string, string>()
  for (const part of text.split(';')) {
    const [name, value, extra] = part.split('=')
    const key = name?.trim().toUpperCase()
    if (!key || value === undefined || extra !== undefined || !allowedParts.has(key) || parts.has(key)) return { error: ruleMessage }
    parts.set(key, value.trim().toUpperCase())
  }
  return { parts }
}

const untilPattern = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/

/**
 * The form of a rule text, or the reason it cannot be one (a message of this module). Only
 * the rules the form makes are accepted, so whatever is stored can be edited again.
 */
export function parseRRule(rule: string, start: string): { form: RecurrenceForm } | { error: string; field?: keyof RecurrenceForm } {
  const parsed = parseParts(rule)
  if ('error' in parsed) return parsed
  const { parts } = parsed
  const form = defaultRecurrenceForm(start)
  const integer = (value: string | undefined) => (value !== undefined && /^-?\d{1,4}$/.test(value) ? Number(value) : Number.NaN)
  const interval = parts.has('INTERVAL') ? integer(parts.get('INTERVAL')) : 1
  const byDay = parts.get('BYDAY')?.split(',').filter(Boolean) ?? []
  if (byDay.some((day) => !(weekdays as readonly string[]).includes(day))) return { error: ruleMessage }
  const days = weekdays.filter((day) => byDay.includes(day))
  if (days.length !== byDay.length) return { error: ruleMessage }

  switch (parts.get('FREQ')) {
    case 'WEEKLY':
      if (parts.has('BYSETPOS') || parts.has('BYMONTHDAY')) return { error: ruleMessage }
      if (days.length === 0) return { error: weekdayRequiredMessage, field: 'weekdays' }
      form.frequency = interval === 2 ? 'FORTNIGHTLY' : 'WEEKLY'
      form.interval = interval
      form.weekdays = days
      break
    case 'MONTHLY':
      form.frequency = 'MONTHLY'
      form.interval = interval
      if (parts.has('BYMONTHDAY')) {
        if (parts.has('BYDAY') || parts.has('BYSETPOS')) return { error: ruleMessage }
        form.monthly_mode = 'month_day'
        form.month_day = integer(parts.get('BYMONTHDAY'))
        if (!isWithin(form.month_day, monthDayMin, monthDayMax)) return { error: monthDayMessage, field: 'month_day' }
      } else {
        const position = integer(parts.get('BYSETPOS'))
        if (!(monthlyPositions as readonly number[]).includes(position) || days.length === 0) return { error: ruleMessage }
        form.monthly_mode = 'weekday'
        form.position = position as MonthlyPosition
        const choice = (Object.keys(dayChoiceDays) as Array<keyof typeof dayChoiceDays>).find((key) => dayChoiceDays[key].join() === days.join())
        if (choice) form.day_choice = choice
        else if (days.length === 1) form.day_choice = days[0]!
        else return { error: ruleMessage }
      }
      break
    case 'YEARLY':
      if (parts.has('BYDAY') || parts.has('BYSETPOS') || parts.has('BYMONTHDAY')) return { error: ruleMessage }
      form.frequency = 'YEARLY'
      form.interval = interval
      break
    default:
      return { error: ruleMessage }
  }
  if (!isWithin(form.interval, recurrenceIntervalMin, recurrenceIntervalMax)) return { error: intervalMessage, field: 'interval' }

  if (parts.has('COUNT') && parts.has('UNTIL')) return { error: ruleMessage }
  if (parts.has('COUNT')) {
    form.ends = 'AFTER'
    form.count = integer(parts.get('COUNT'))
  } else if (parts.has('UNTIL')) {
    const match = untilPattern.exec(parts.get('UNTIL')!)
    if (!match) return { error: ruleMessage }
    const until = `${match[1]}-${match[2]}-${match[3]}`
    if (Number.isNaN(toUtcDate(until).getTime()) || fromUtcDate(toUtcDate(until)) !== until) return { error: ruleMessage }
    form.ends = 'DATE'
    form.until = until
  }
  const errors = recurrenceFormErrors(form, start)
  const field = (Object.keys(errors) as Array<keyof RecurrenceForm>)[0]
  if (field) return { error: errors[field]!, field }
  return { form }
}

// ---------------------------------------------------------------------------------------
// Expansion

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
  if ('error' in parsed) throw new Error(`Invalid schedule: ${parsed.error}`)
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
export function scheduleError(schedule: Schedule): string | null {
  if (!schedule.rrule) return null
  const parsed = parseRRule(schedule.rrule, schedule.start)
  if ('error' in parsed) return parsed.error
  return ruleDatesBetween(schedule, schedule.start, lastAllowedUntil(schedule.start), 1).length === 0 ? noOccurrenceMessage : null
}

// ---------------------------------------------------------------------------------------
// Wall-clock time in a time zone

/** Formatters by zone: making one costs far more than using it (a feed converts thousands of times). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function cachedFormat(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = cache.get(timeZone)
  if (!format) cache.set(timeZone, (format = make()))
  return format
}

/** The offset of `timeZone` from UTC at `instant`, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = cachedFormat(wallClockFormats, timeZone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  ).formatToParts(instant)
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'))
  return Math.round((asUtc - instant.getTime()) / 60_000)
}

/**
 * The instant at which the wall clock of `timeZone` reads `date` `time` ('HH:MM'). A time
 * skipped by a daylight-saving change moves forward with the clock.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = toUtcDate(date).getTime() + (hour * 60 + minute) * 60_000
  let instant = wall - offsetMinutes(new Date(wall), timeZone) * 60_000
  // A second pass settles times near a change, where the first guess used the other offset.
  instant = wall - offsetMinutes(new Date(instant), timeZone) * 60_000
  return new Date(instant)
}

/** The calendar date the wall clock of `timeZone` shows at `instant`. */
export function zonedDate(instant: Date, timeZone: string): string {
  return cachedFormat(dateFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(instant)
}
