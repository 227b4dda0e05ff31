// Dates and times as people read them (issue 36): one format per locale, in the team's time
// zone, used by the server's `*_display` fields and by the web alike. What Intl decides for
// the locale stands, the 12- or 24-hour clock included: Australian English reads '7:00 pm',
// Spanish '19:00'.
import { supportedLocales, type Locale } from '../constants'

/** The time zone of a team that has set none. */
export const defaultTimeZone = 'Australia/Sydney'

/** The Intl locale each supported locale writes dates in. */
export const dateLocaleTags: Record<Locale, string> = { en: 'en-AU', es: 'es-AU' }

/** The Intl locale of a locale code ('es', 'es-ES'); Australian English for anything else. */
export function dateLocaleTag(locale: string | null | undefined): string {
  const language = locale?.split('-')[0]?.toLowerCase()
  const supported = supportedLocales.find((code) => code === language)
  return dateLocaleTags[supported ?? 'en']
}

const dateParts = { day: 'numeric', month: 'short', year: 'numeric' } as const
const timeParts = { hour: 'numeric', minute: '2-digit' } as const

/** The parts of each way a date or time is shown. */
export const dateTimeFormats = {
  /** 26 Nov 2026 · 26 nov 2026 */
  date: dateParts,
  /** Thursday 26 Nov 2026 · jueves, 26 de nov de 2026 */
  weekdayDate: { weekday: 'long', ...dateParts },
  /** 7:00 pm · 19:00 */
  time: timeParts,
  /** 26 Nov 2026, 7:00 pm · 26 nov 2026, 19:00 */
  dateTime: { ...dateParts, ...timeParts },
  /** Nov 2026 · nov 2026 */
  monthYear: { month: 'short', year: 'numeric' },
  /** November · noviembre (a month picker's choices) */
  month: { month: 'long' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateTimeFormatKind = keyof typeof dateTimeFormats

// Building an Intl.DateTimeFormat costs about 0.2 ms, using one about 1 µs: a page of 100 rows
// would build 100. One formatter per kind, locale and zone (a few hundred at most) is kept.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(kind: DateTimeFormatKind, locale: string | null | undefined, timeZone: string): Intl.DateTimeFormat {
  const tag = dateLocaleTag(locale)
  const key = `${kind}|${tag}|${timeZone}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { ...dateTimeFormats[kind], timeZone })
    formatters.set(key, formatter)
  }
  return formatter
}

/** Whether the locale's clock counts 12 hours (am and pm) rather than 24, as Intl has it. */
export function uses12HourClock(locale: string | null | undefined): boolean {
  const cycle = formatterFor('time', locale, 'UTC').resolvedOptions().hourCycle
  return cycle === 'h12' || cycle === 'h11'
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/
const calendarMonth = /^\d{4}-\d{2}$/
const wallClockTime = /^(\d{1,2}):(\d{2})(?::\d{2})?$/

/**
 * What a value names: an instant (a Date, epoch milliseconds or an ISO timestamp) is shown
 * where the team lives; a calendar date (YYYY-MM-DD), a month (YYYY-MM) or a wall-clock time
 * (HH:MM) already is where the team lives, so it is read in UTC and no zone shifts it a day
 * or an hour. Null when the text is none of these.
 */
function instantOf(value: Date | number | string, timeZone: string): { instant: Date; timeZone: string } | null {
  if (typeof value !== 'string') {
    const instant = new Date(value)
    return Number.isNaN(instant.getTime()) ? null : { instant, timeZone }
  }
  const text = value.trim()
  let instant: Date
  let zone = 'UTC'
  const time = wallClockTime.exec(text)
  if (calendarDate.test(text)) instant = new Date(`${text}T00:00:00Z`)
  else if (calendarMonth.test(text)) instant = new Date(`${text}-01T00:00:00Z`)
  else if (time) instant = new Date(Date.UTC(1970, 0, 1, Number(time[1]), Number(time[2])))
  else {
    instant = new Date(text)
    zone = timeZone
  }
  return Number.isNaN(instant.getTime()) ? null : { instant, timeZone: zone }
}

/**
 * A date or time as the reader writes it, in `timeZone` (the team's). A text that is no date
 * is shown as it came.
 */
export function formatDateTimeAs(
  kind: DateTimeFormatKind,
  value: Date | number | string,
  locale: string | null | undefined,
  timeZone: string = defaultTimeZone,
): string {
  const resolved = instantOf(value, timeZone)
  if (!resolved) return String(value)
  try {
    return formatterFor(kind, locale, resolved.timeZone).format(resolved.instant)
  } catch {
    // An unknown zone (a hand-edited setting) must not break a page: the default zone then.
    return formatterFor(kind, locale, defaultTimeZone).format(resolved.instant)
  }
}

/** A month's name (1 to 12) in the locale, for a month picker. */
export function monthName(month: number, locale: string | null | undefined): string {
  return formatterFor('month', locale, 'UTC').format(new Date(Date.UTC(2000, month - 1, 1)))
}
