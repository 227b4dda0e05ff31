import type { TFunction } from 'i18next'

const dayLabel = /^(\d{4})-(\d{2})-(\d{2})$/
const monthLabel = /^(\d{4})-(\d{2})$/

function safeFormat(locale: string, options: Intl.DateTimeFormatOptions, date: Date, fallback: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date)
  } catch {
    return fallback
  }
}

/**
 * A chart bucket's label as the reader writes it: YYYY-MM-DD a day ('6 Jan'), YYYY-MM a month
 * ('Jan 2026'), YYYY the year; anything else as it came.
 */
export function formatBucketLabel(label: string, locale: string): string {
  const day = dayLabel.exec(label)
  if (day) return safeFormat(locale, { day: 'numeric', month: 'short' }, new Date(`${label}T00:00:00Z`), label)
  const month = monthLabel.exec(label)
  if (month) return safeFormat(locale, { month: 'short', year: 'numeric' }, new Date(`${label}-01T00:00:00Z`), label)
  return label
}

export function formatCount(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(value)
  } catch {
    return String(value)
  }
}

/** Shown where a figure has no value. */
export const noValue = '—'

/**
 * Hours as a person says them: '2 days 3 hours', '5 hours', '20 minutes' under an hour;
 * '—' when there is nothing to average.
 */
export function formatResponseTime(hours: number | null, t: TFunction<'reports'>): string {
  if (hours === null || !Number.isFinite(hours) || hours < 0) return noValue
  const minutes = Math.round(hours * 60)
  if (minutes < 60) return t('duration.minutes', { count: minutes })
  const wholeHours = Math.round(hours)
  const days = Math.floor(wholeHours / 24)
  const rest = wholeHours % 24
  if (days === 0) return t('duration.hours', { count: rest })
  if (rest === 0) return t('duration.days', { count: days })
  return t('duration.daysHours', { days: t('duration.days', { count: days }), hours: t('duration.hours', { count: rest }) })
}
