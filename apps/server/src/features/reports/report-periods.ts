import { sql, type SQL } from 'drizzle-orm'
import { addDays, granularityOf, zonedInstant, type ReportChart, type ReportChartType, type ReportGranularity, type ReportPeriod } from '@crm/domain'

// A chart's period and its buckets (spec 3 §2.3 "Chart periods"), on calendar dates where the
// team lives: this year is January 1 to December 31 on the team's wall clock, and so on.

/** A period as calendar dates: from (included) to until (excluded); null ends for 'all'. */
export interface PeriodDates {
  period: ReportPeriod
  granularity: ReportGranularity
  from: string | null
  until: string | null
  /** Today where the team lives (the 'all' period's buckets reach this year). */
  today: string
}

/** A period as instants in the team's time zone, for timestamp columns. */
export interface PeriodInstants {
  from: Date | null
  until: Date | null
}

function firstOfMonth(year: number, month: number): string {
  // Month 0 is December of the year before; 13 is January of the next.
  const date = new Date(Date.UTC(year, month - 1, 1))
  return date.toISOString().slice(0, 10)
}

export function periodDates(period: ReportPeriod, today: string): PeriodDates {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const granularity = granularityOf(period)
  const range = (from: string | null, until: string | null): PeriodDates => ({ period, granularity, from, until, today })
  switch (period) {
    case 'this_year':
      return range(`${year}-01-01`, `${year + 1}-01-01`)
    case 'last_year':
      return range(`${year - 1}-01-01`, `${year}-01-01`)
    case 'this_month':
      return range(firstOfMonth(year, month), firstOfMonth(year, month + 1))
    case 'last_month':
      return range(firstOfMonth(year, month - 1), firstOfMonth(year, month))
    case 'all':
      return range(null, null)
  }
}

/** The period's bounds as the instants the team's wall clock reads midnight on them. */
export function periodInstants(dates: PeriodDates, timeZone: string): PeriodInstants {
  return {
    from: dates.from === null ? null : zonedInstant(dates.from, '00:00', timeZone),
    until: dates.until === null ? null : zonedInstant(dates.until, '00:00', timeZone),
  }
}

const labelFormats: Record<ReportGranularity, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' }

/** The first year the 'all' period of a timestamp chart can show (records are not older). */
const firstRecordYear = 1970

/**
 * The buckets of a timestamp column: the instants the team's wall clock starts each bucket
 * (daylight saving included), for width_bucket, which finds a row's bucket by a binary search
 * over them instead of converting every row to the time zone (three times faster on a
 * conference's 250,000 contacts). `labelOf` names the bucket of width_bucket's answer.
 */
export function instantBuckets(dates: PeriodDates, timeZone: string): { index: (column: unknown) => SQL; labelOf: (index: number) => string } {
  let starts: string[]
  if (dates.granularity === 'year') {
    const last = Number(dates.today.slice(0, 4)) + 1
    starts = Array.from({ length: last - firstRecordYear + 1 }, (_, i) => `${firstRecordYear + i}-01-01`)
  } else {
    starts = [...bucketLabels(dates, []).map((label) => (label.length === 7 ? `${label}-01` : label)), dates.until!]
  }
  const bounds = `{${starts.map((date) => zonedInstant(date, '00:00', timeZone).toISOString()).join(',')}}`
  return {
    index: (column) => sql`width_bucket(${column}, ${bounds}::timestamptz[])`,
    // Bucket i starts at starts[i - 1]; 0 is before the first (never, within the period).
    labelOf: (index) => {
      const start = starts[Math.max(index, 1) - 1]!
      return dates.granularity === 'year' ? start.slice(0, 4) : dates.granularity === 'month' ? start.slice(0, 7) : start
    },
  }
}

/**
 * Where a reader's years and UTC years part (report_new_contacts counts by UTC year): for each
 * new year from the first year given to the one after the last, the instants between UTC's
 * midnight and the reader's, when they differ. A contact taken in there counts in one year by
 * UTC and in the other where the reader lives.
 */
export function yearCorrections(years: readonly number[], timeZone: string): Array<{ from: Date; until: Date }> {
  if (years.length === 0) return []
  const windows: Array<{ from: Date; until: Date }> = []
  for (let year = Math.min(...years); year <= Math.max(...years) + 1; year++) {
    const utc = new Date(Date.UTC(year, 0, 1))
    const local = zonedInstant(`${year}-01-01`, '00:00', timeZone)
    if (local < utc) windows.push({ from: local, until: utc })
    else if (local > utc) windows.push({ from: utc, until: local })
  }
  return windows
}

/** The bucket label of a date column. */
export function dateLabel(column: SQL | unknown, granularity: ReportGranularity): SQL {
  return sql`to_char(${column}, ${sql.raw(`'${labelFormats[granularity]}'`)})`
}

/**
 * Every bucket of the period, in order: the days of a month, the months of a year, and for
 * 'all' the years from the first with data (or this year) to the last with data (or this year).
 */
export function bucketLabels(dates: PeriodDates, seen: readonly string[]): string[] {
  if (dates.granularity === 'year') {
    const thisYear = Number(dates.today.slice(0, 4))
    const years = seen.map(Number).filter((year) => Number.isInteger(year))
    const first = Math.min(thisYear, ...years)
    const last = Math.max(thisYear, ...years)
    return Array.from({ length: last - first + 1 }, (_, i) => String(first + i))
  }
  const labels: string[] = []
  if (dates.granularity === 'month') {
    const year = dates.from!.slice(0, 4)
    for (let month = 1; month <= 12; month++) labels.push(`${year}-${String(month).padStart(2, '0')}`)
    return labels
  }
  for (let day = dates.from!; day < dates.until!; day = addDays(day, 1)) labels.push(day)
  return labels
}

/** A count of one series in one bucket, as a grouped query answers it. */
export interface BucketCount {
  label: string
  key: string
  n: number
}

/** A chart with every bucket of its period and every key in each (zeros too), and the totals. */
export function buildChart(type: ReportChartType, dates: PeriodDates, keys: readonly string[], counts: readonly BucketCount[]): ReportChart {
  const labels = bucketLabels(
    dates,
    counts.map((count) => count.label),
  )
  const byLabel = new Map(labels.map((label) => [label, Object.fromEntries(keys.map((key) => [key, 0])) as Record<string, number>]))
  const totals = Object.fromEntries(keys.map((key) => [key, 0])) as Record<string, number>
  for (const { label, key, n } of counts) {
    const values = byLabel.get(label)
    if (!values || !(key in values)) continue
    values[key] = values[key]! + Number(n)
    totals[key] = totals[key]! + Number(n)
  }
  return {
    type,
    period: dates.period,
    granularity: dates.granularity,
    keys: [...keys],
    points: labels.map((label) => ({ label, values: byLabel.get(label)! })),
    totals,
  }
}
