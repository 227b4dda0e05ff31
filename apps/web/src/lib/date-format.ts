import { useContext, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { TeamTimeZoneContext } from './team-time-zone'
import { defaultTimeZone, formatDateTimeAs, monthName, uses12HourClock } from '@crm/domain'

// The web's one way to show a date or time (issue 36): the formats of packages/domain's
// date-format.ts, in the reader's language and the selected team's time zone. The server's
// `*_display` fields come out of the same formats; what the web holds raw (a calendar date, a
// notification's moment, a report's month) goes through here.

/** A moment (Date, epoch milliseconds, ISO timestamp), a calendar date YYYY-MM-DD, a month YYYY-MM or a time HH:MM. */
export type DateValue = Date | number | string

export interface DateFormat {
  locale: string
  timeZone: string
  /** Whether the locale's clock counts 12 hours (7:00 pm) rather than 24 (19:00). */
  uses12HourClock: boolean
  /** 26 Nov 2026 */
  date: (value: DateValue) => string
  /** Thursday 26 Nov 2026 */
  weekdayDate: (value: DateValue) => string
  /** 7:00 pm · 19:00 */
  time: (value: DateValue) => string
  /** 26 Nov 2026, 7:00 pm */
  dateTime: (value: DateValue) => string
  /** Nov 2026 */
  monthYear: (value: DateValue) => string
  /** A month's name, 1 to 12: November */
  month: (month: number) => string
}

export function dateFormatFor(locale: string, timeZone: string = defaultTimeZone): DateFormat {
  return {
    locale,
    timeZone,
    uses12HourClock: uses12HourClock(locale),
    date: (value) => formatDateTimeAs('date', value, locale, timeZone),
    weekdayDate: (value) => formatDateTimeAs('weekdayDate', value, locale, timeZone),
    time: (value) => formatDateTimeAs('time', value, locale, timeZone),
    dateTime: (value) => formatDateTimeAs('dateTime', value, locale, timeZone),
    monthYear: (value) => formatDateTimeAs('monthYear', value, locale, timeZone),
    month: (month) => monthName(month, locale),
  }
}

/** Dates and times in the reader's language and the selected team's time zone. */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation()
  const timeZone = useContext(TeamTimeZoneContext)
  const locale = i18n.language
  return useMemo(() => dateFormatFor(locale, timeZone), [locale, timeZone])
}
