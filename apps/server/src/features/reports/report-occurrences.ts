import { occurrencesBetween, parseParts, weekdays, type Schedule } from '@crm/domain'

// How many occurrences each recurring event has in a report's period, for a conference's
// hundreds of series at once. The events feature expands a rule with rrule.js, which walks
// from the event's start every time (about a millisecond a series-year here): too slow for a
// report. The rules the form makes (packages/domain rules/recurrence.ts: weekly on weekdays,
// monthly on a day or the n-th weekday, yearly; each with an interval, COUNT or UNTIL) are
// worked out here on day numbers, jumping straight to the period when there is no COUNT, with
// rrule.js's answers (tested side by side in report-occurrences.test.ts). Any other rule text
// goes to the events feature's expansion.

const msPerDay = 86_400_000

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / msPerDay
}

// A conference's series fall on the same few hundred days a year: each day's text is made once
// (a Date's toISOString was half of a combined report's 'all' of 60,000 occurrences).
const dateTexts = new Map<number, string>()

function dateOf(day: number): string {
  let text = dateTexts.get(day)
  if (text === undefined) {
    if (dateTexts.size >= 100_000) dateTexts.clear()
    text = new Date(day * msPerDay).toISOString().slice(0, 10)
    dateTexts.set(day, text)
  }
  return text
}

/** 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday). */
function weekdayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

interface FastRule {
  freq: 'WEEKLY' | 'MONTHLY' | 'YEARLY'
  interval: number
  /** Weekday indexes (0 Monday), in order. */
  byDay: number[]
  byMonthDay: number | null
  bySetPos: number | null
  count: number | null
  /** The last day a date may fall on (UNTIL includes its whole day). */
  until: number | null
}

/** The rule as this module expands it, or null for one it leaves to rrule.js. */
function fastRuleOf(rrule: string): FastRule | null {
  const parsed = parseParts(rrule)
  if ('error' in parsed) return null
  const { parts } = parsed
  const freq = parts.get('FREQ')
  if (freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY') return null
  const integer = (name: string) => (parts.has(name) ? (/^-?\d{1,4}$/.test(parts.get(name)!) ? Number(parts.get(name)) : Number.NaN) : null)
  const interval = integer('INTERVAL') ?? 1
  const count = integer('COUNT')
  const byMonthDay = integer('BYMONTHDAY')
  const bySetPos = integer('BYSETPOS')
  const days = parts.get('BYDAY')?.split(',').filter(Boolean) ?? []
  const byDay = days.map((day) => (weekdays as readonly string[]).indexOf(day))
  const untilText = parts.get('UNTIL')
  const untilMatch = untilText?.match(/^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/)
  if (untilText !== undefined && !untilMatch) return null
  if (!(interval >= 1) || (count !== null && !(count >= 1)) || byDay.some((day) => day < 0)) return null
  if (freq === 'WEEKLY' && (byDay.length === 0 || byMonthDay !== null || bySetPos !== null)) return null
  if (freq === 'MONTHLY') {
    const onDay = byMonthDay !== null && byMonthDay >= 1 && byMonthDay <= 31 && byDay.length === 0 && bySetPos === null
    const onWeekday = byMonthDay === null && byDay.length > 0 && bySetPos !== null && [1, 2, 3, 4, 5, -1].includes(bySetPos)
    if (!onDay && !onWeekday) return null
  }
  if (freq === 'YEARLY' && (byDay.length > 0 || byMonthDay !== null || bySetPos !== null)) return null
  return {
    freq,
    interval,
    byDay: [...new Set(byDay)].sort((a, b) => a - b),
    byMonthDay,
    bySetPos,
    count,
    until: untilMatch ? dayNumber(`${untilMatch[1]}-${untilMatch[2]}-${untilMatch[3]}`) : null,
  }
}

/** One period of the rule (a week, a month, a year): its first day and its dates, in order. */
function periodOf(rule: FastRule, start: number, index: number): { first: number; dates: number[] } {
  const startDate = dateOf(start)
  if (rule.freq === 'WEEKLY') {
    const monday = start - weekdayIndex(start) + 7 * rule.interval * index
    return { first: monday, dates: rule.byDay.map((day) => monday + day) }
  }
  const startYear = Number(startDate.slice(0, 4))
  if (rule.freq === 'YEARLY') {
    const year = startYear + rule.interval * index
    const month = Number(startDate.slice(5, 7))
    const day = Number(startDate.slice(8, 10))
    // 29 February only in leap years.
    return { first: Date.UTC(year, 0, 1) / msPerDay, dates: day > daysInMonth(year, month) ? [] : [Date.UTC(year, month - 1, day) / msPerDay] }
  }
  const months = Number(startDate.slice(5, 7)) - 1 + rule.interval * index
  const year = startYear + Math.floor(months / 12)
  const month = (months % 12) + 1
  const length = daysInMonth(year, month)
  const first = Date.UTC(year, month - 1, 1) / msPerDay
  // The 31st only in months that have one.
  if (rule.byMonthDay !== null) return { first, dates: rule.byMonthDay > length ? [] : [first + rule.byMonthDay - 1] }
  const matching: number[] = []
  for (let day = first; day < first + length; day++) if (rule.byDay.includes(weekdayIndex(day))) matching.push(day)
  const picked = rule.bySetPos! > 0 ? matching[rule.bySetPos! - 1] : matching[matching.length + rule.bySetPos!]
  return { first, dates: picked === undefined ? [] : [picked] }
}

/** The first period that may hold `from`: periods before it are skipped (only without COUNT). */
function firstPeriod(rule: FastRule, start: number, from: number): number {
  if (rule.count !== null || from <= start) return 0
  const startDate = dateOf(start)
  const fromDate = dateOf(from)
  let span: number
  if (rule.freq === 'WEEKLY') span = Math.floor((from - (start - weekdayIndex(start))) / 7)
  else if (rule.freq === 'MONTHLY')
    span = (Number(fromDate.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 + Number(fromDate.slice(5, 7)) - Number(startDate.slice(5, 7))
  else span = Number(fromDate.slice(0, 4)) - Number(startDate.slice(0, 4))
  return Math.max(0, Math.floor(span / rule.interval) - 1)
}

/** The rule's own dates from `from` to `to` (day numbers, both included), before exceptions. */
function ruleDays(rule: FastRule, start: number, from: number, to: number): number[] {
  const out: number[] = []
  let counted = 0
  const last = rule.until === null ? to : Math.min(to, rule.until)
  for (let index = firstPeriod(rule, start, from); ; index++) {
    const period = periodOf(rule, start, index)
    // Periods run forward: one that begins past the end ends the expansion.
    if (period.first > last) return out
    for (const day of period.dates) {
      if (day < start) continue
      if (day > last) return out
      counted += 1
      if (day >= from) out.push(day)
      if (rule.count !== null && counted >= rule.count) return out
    }
  }
}

/**
 * The start dates of the event's occurrences from `from` to `to` (both included): cancelled
 * ones left out, moved ones at their new date, as the events feature's occurrencesBetween.
 */
export function reportOccurrences(schedule: Schedule, from: string, to: string): string[] {
  const rule = schedule.rrule ? fastRuleOf(schedule.rrule) : null
  if (!rule) return occurrencesBetween(schedule, from, to, Number.MAX_SAFE_INTEGER)
  const start = dayNumber(schedule.start)
  const exceptions = new Map((schedule.exceptions ?? []).map((exception) => [exception.original_date, exception]))
  const dates = new Set<string>()
  for (const day of ruleDays(rule, start, dayNumber(from), dayNumber(to))) {
    const date = dateOf(day)
    if (!exceptions.has(date)) dates.add(date)
  }
  for (const exception of exceptions.values()) {
    if (exception.is_cancelled || exception.event_date < from || exception.event_date > to) continue
    const original = dayNumber(exception.original_date)
    if (ruleDays(rule, start, original, original).length === 1) dates.add(exception.event_date)
  }
  return [...dates].sort()
}
