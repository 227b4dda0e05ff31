import { formatDateTimeAs, defaultTimeZone } from '@crm/domain'

// Dates as the server shows them in `*_display` fields: in the team's time zone (Sydney by
// default) and the caller's locale, in the one format of packages/domain's date-format.ts.
export { defaultTimeZone }

/** 20 Nov 2026; a calendar date (YYYY-MM-DD) as it is, never shifted by the zone. */
export function displayDate(date: Date | string, locale?: string, timeZone = defaultTimeZone): string {
  return formatDateTimeAs('date', date, locale, timeZone)
}

/** 20 Nov 2026, 9:15 am (en) · 20 nov 2026, 9:15 (es) */
export function displayDateTime(date: Date, locale?: string, timeZone = defaultTimeZone): string {
  return formatDateTimeAs('dateTime', date, locale, timeZone)
}

/** Whole days and hours from `then` to `now`. */
export function elapsed(then: Date, now: Date): { days_ago: number; hours_ago: number } {
  const hours = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 3_600_000))
  return { days_ago: Math.floor(hours / 24), hours_ago: hours }
}

/** A stored value of a fixed list, or null when it is not one (old or imported data). */
export function oneOf<T extends string>(choices: readonly T[], value: string | null | undefined): T | null {
  return value != null && (choices as readonly string[]).includes(value) ? (value as T) : null
}

/** A person's name as lists show it. */
export function fullName(first: string, last: string | null | undefined): string {
  return `${first} ${last ?? ''}`.trim()
}
