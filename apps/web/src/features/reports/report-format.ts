import type { TFunction } from 'i18next'
import type { DateFormat } from '../../lib/date-format'
import { formatNumber } from '../../lib/number-format'

const dayLabel = /^\d{4}-\d{2}-\d{2}$/
const monthLabel = /^\d{4}-\d{2}$/

/**
 * A chart bucket's label as the reader writes it: YYYY-MM-DD a day ('6 Mar 2026'), YYYY-MM a
 * month ('Mar 2026'), YYYY the year; anything else as it came. The buckets are the team's
 * days, so no zone shifts them.
 */
export function formatBucketLabel(label: string, format: Pick<DateFormat, 'date' | 'monthYear'>): string {
  if (dayLabel.test(label)) return format.date(label)
  if (monthLabel.test(label)) return format.monthYear(label)
  return label
}

export function formatCount(value: number, locale: string): string {
  return formatNumber(value, locale)
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
