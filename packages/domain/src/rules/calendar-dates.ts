// Calendar dates (YYYY-MM-DD) and wall-clock time in a time zone: what event schedules
// (recurrence.ts, schedule.ts) count in. A calendar date is handled as a UTC midnight, so no
// zone shifts it; zonedInstant() turns a date and a time of day into the instant they name
// where the team lives.

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof weekdays)[number]

/** A calendar date as a UTC midnight. */
export function toUtcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day))
}

export function fromUtcDate(date: Date): string {
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
  const parts = cachedFormat(
    wallClockFormats,
    timeZone,
    () =>
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
  return cachedFormat(dateFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(
    instant,
  )
}
