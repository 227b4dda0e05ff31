import { monthDayMax, monthDayMin, recurrenceIntervalMax, recurrenceIntervalMin } from '../constants'
import { fromUtcDate, toUtcDate, weekdayOf, weekdays, type Weekday } from './calendar-dates'
import { fieldError, fieldErrorText, type FieldError } from '../field-errors'

// An event's schedule (spec 3 §2.1 "Recurrence", §9): one rule module for the server, the
// web form and the calendar feed. A rule is the RRULE text of RFC 5545 without DTSTART
// (FREQ, INTERVAL, BYDAY, BYSETPOS, BYMONTHDAY, COUNT, UNTIL; spec 1 §3); the event's start
// date is its DTSTART. Dates here are calendar dates in the team's time zone (YYYY-MM-DD):
// expanding on wall-clock dates is what keeps a 10:00 service at 10:00 across daylight-saving
// changes; the instant of an occurrence comes from zonedInstant() with the team's zone. This
// file is the form and the rule text; schedule.ts expands them, calendar-dates.ts counts days.

export const recurrenceFrequencies = ['NEVER', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY', 'YEARLY'] as const
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number]

export const recurrenceEnds = ['NEVER', 'AFTER', 'DATE'] as const
export type RecurrenceEnd = (typeof recurrenceEnds)[number]

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

// The schedule's refusals (field-errors.ts), and their English messages.
export const recurrenceRefusals = {
  weekday: fieldError('weekday_required'),
  interval: fieldError('interval', { min: recurrenceIntervalMin, max: recurrenceIntervalMax }),
  monthDay: fieldError('month_day', { min: monthDayMin, max: monthDayMax }),
  count: fieldError('recurrence_count', { max: maxRecurrenceCount }),
  until: fieldError('until_before_start'),
  untilTooLate: fieldError('until_too_late', { years: maxRecurrenceYears }),
  rule: fieldError('rule_unsupported'),
  noOccurrence: fieldError('no_occurrence'),
} as const satisfies Record<string, FieldError>

export const weekdayRequiredMessage = fieldErrorText(recurrenceRefusals.weekday)
export const intervalMessage = fieldErrorText(recurrenceRefusals.interval)
export const monthDayMessage = fieldErrorText(recurrenceRefusals.monthDay)

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

/** The form's errors by field, as codes (the spec's texts); empty when the form can be saved. */
export function recurrenceFormErrors(form: RecurrenceForm, start: string): Partial<Record<keyof RecurrenceForm, FieldError>> {
  const errors: Partial<Record<keyof RecurrenceForm, FieldError>> = {}
  if (form.frequency === 'NEVER') return errors
  const isWeekly = form.frequency === 'WEEKLY' || form.frequency === 'FORTNIGHTLY'
  if (isWeekly && form.weekdays.length === 0) errors.weekdays = recurrenceRefusals.weekday
  if (form.frequency !== 'FORTNIGHTLY' && !isWithin(form.interval, recurrenceIntervalMin, recurrenceIntervalMax)) errors.interval = recurrenceRefusals.interval
  if (form.frequency === 'MONTHLY' && form.monthly_mode === 'month_day' && !isWithin(form.month_day, monthDayMin, monthDayMax)) {
    errors.month_day = recurrenceRefusals.monthDay
  }
  if (form.ends === 'AFTER' && !isWithin(form.count, 1, maxRecurrenceCount)) errors.count = recurrenceRefusals.count
  if (form.ends === 'DATE') {
    if (!form.until || form.until < start) errors.until = recurrenceRefusals.until
    else if (form.until > lastAllowedUntil(start)) errors.until = recurrenceRefusals.untilTooLate
  }
  return errors
}

function isWithin(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max
}

export function lastAllowedUntil(start: string): string {
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
type ParsedRule = { parts: Map<string, string> } | { error: FieldError }

const allowedParts = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYSETPOS', 'BYMONTHDAY', 'COUNT', 'UNTIL'])

export function parseParts(rule: string): ParsedRule {
  const text = rule.trim().replace(/^RRULE:/i, '')
  if (text.length === 0 || text.length > 300) return { error: recurrenceRefusals.rule }
  const parts = new Map<string, string>()
  for (const part of text.split(';')) {
    const [name, value, extra] = part.split('=')
    const key = name?.trim().toUpperCase()
    if (!key || value === undefined || extra !== undefined || !allowedParts.has(key) || parts.has(key)) return { error: recurrenceRefusals.rule }
    parts.set(key, value.trim().toUpperCase())
  }
  return { parts }
}

const untilPattern = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/

/**
 * The form of a rule text, or the reason it cannot be one (a message of this module). Only
 * the rules the form makes are accepted, so whatever is stored can be edited again.
 */
export function parseRRule(rule: string, start: string): { form: RecurrenceForm } | { error: FieldError; field?: keyof RecurrenceForm } {
  const parsed = parseParts(rule)
  if ('error' in parsed) return parsed
  const { parts } = parsed
  const form = defaultRecurrenceForm(start)
  const integer = (value: string | undefined) => (value !== undefined && /^-?\d{1,4}$/.test(value) ? Number(value) : Number.NaN)
  const interval = parts.has('INTERVAL') ? integer(parts.get('INTERVAL')) : 1
  const byDay = parts.get('BYDAY')?.split(',').filter(Boolean) ?? []
  if (byDay.some((day) => !(weekdays as readonly string[]).includes(day))) return { error: recurrenceRefusals.rule }
  const days = weekdays.filter((day) => byDay.includes(day))
  if (days.length !== byDay.length) return { error: recurrenceRefusals.rule }

  switch (parts.get('FREQ')) {
    case 'WEEKLY':
      if (parts.has('BYSETPOS') || parts.has('BYMONTHDAY')) return { error: recurrenceRefusals.rule }
      if (days.length === 0) return { error: recurrenceRefusals.weekday, field: 'weekdays' }
      form.frequency = interval === 2 ? 'FORTNIGHTLY' : 'WEEKLY'
      form.interval = interval
      form.weekdays = days
      break
    case 'MONTHLY':
      form.frequency = 'MONTHLY'
      form.interval = interval
      if (parts.has('BYMONTHDAY')) {
        if (parts.has('BYDAY') || parts.has('BYSETPOS')) return { error: recurrenceRefusals.rule }
        form.monthly_mode = 'month_day'
        form.month_day = integer(parts.get('BYMONTHDAY'))
        if (!isWithin(form.month_day, monthDayMin, monthDayMax)) return { error: recurrenceRefusals.monthDay, field: 'month_day' }
      } else {
        const position = integer(parts.get('BYSETPOS'))
        if (!(monthlyPositions as readonly number[]).includes(position) || days.length === 0) return { error: recurrenceRefusals.rule }
        form.monthly_mode = 'weekday'
        form.position = position as MonthlyPosition
        const choice = (Object.keys(dayChoiceDays) as Array<keyof typeof dayChoiceDays>).find((key) => dayChoiceDays[key].join() === days.join())
        if (choice) form.day_choice = choice
        else if (days.length === 1) form.day_choice = days[0]!
        else return { error: recurrenceRefusals.rule }
      }
      break
    case 'YEARLY':
      if (parts.has('BYDAY') || parts.has('BYSETPOS') || parts.has('BYMONTHDAY')) return { error: recurrenceRefusals.rule }
      form.frequency = 'YEARLY'
      form.interval = interval
      break
    default:
      return { error: recurrenceRefusals.rule }
  }
  if (!isWithin(form.interval, recurrenceIntervalMin, recurrenceIntervalMax)) return { error: recurrenceRefusals.interval, field: 'interval' }

  if (parts.has('COUNT') && parts.has('UNTIL')) return { error: recurrenceRefusals.rule }
  if (parts.has('COUNT')) {
    form.ends = 'AFTER'
    form.count = integer(parts.get('COUNT'))
  } else if (parts.has('UNTIL')) {
    const match = untilPattern.exec(parts.get('UNTIL')!)
    if (!match) return { error: recurrenceRefusals.rule }
    const until = `${match[1]}-${match[2]}-${match[3]}`
    if (Number.isNaN(toUtcDate(until).getTime()) || fromUtcDate(toUtcDate(until)) !== until) return { error: recurrenceRefusals.rule }
    form.ends = 'DATE'
    form.until = until
  }
  const errors = recurrenceFormErrors(form, start)
  const field = (Object.keys(errors) as Array<keyof RecurrenceForm>)[0]
  if (field) return { error: errors[field]!, field }
  return { form }
}
