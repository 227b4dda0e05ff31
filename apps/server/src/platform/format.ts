/**
 * Dates as the server shows them in `*_display` fields: in the team's time zone (Sydney by
 * default) and the caller's locale (Australian English by default).
 */
export const defaultTimeZone = 'Australia/Sydney'

function localeTag(locale: string | undefined): string {
  return locale === 'es' ? 'es-AU' : 'en-AU'
}

/** 20 Nov 2026 */
export function displayDate(date: Date | string, locale?: string, timeZone = defaultTimeZone): string {
  const value = typeof date === 'string' ? new Date(`${date}T12:00:00Z`) : date
  return new Intl.DateTimeFormat(localeTag(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(value)
}

/** 20 Nov 2026, 9:15 am */
export function displayDateTime(date: Date, locale?: string, timeZone = defaultTimeZone): string {
  return new Intl.DateTimeFormat(localeTag(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date)
}

/** Whole days and hours from `then` to `now`. */
export function elapsed(then: Date, now: Date): { days_ago: number; hours_ago: number } {
  const hours = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 3_600_000))
  return { days_ago: Math.floor(hours / 24), hours_ago: hours }
}
