import type { MantineColor } from '@mantine/core'
import type { ReportChart } from '@crm/domain'
import type { DateFormat } from '../../lib/date-format'
import { formatBucketLabel } from './report-format'

/** Series colours in drawing order, at shades that read on white. */
const palette: MantineColor[] = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'blue.6', 'yellow.6']

export function seriesColor(index: number): MantineColor {
  return palette[index % palette.length] ?? 'indigo.6'
}

export interface ChartSeriesSpec {
  /** The field of a row: s0, s1, … (series keys are lookup values; they never become paths). */
  name: string
  key: string
  label: string
  color: MantineColor
}

export interface ChartRows {
  series: ChartSeriesSpec[]
  rows: Array<Record<string, string | number>>
}

/** A report chart as the rows and series of a Mantine chart, its x labels in the reader's locale. */
export function toChartRows(chart: ReportChart, seriesLabel: (key: string) => string, format: Pick<DateFormat, 'date' | 'monthYear'>): ChartRows {
  const series = chart.keys.map((key, index) => ({ name: `s${index}`, key, label: seriesLabel(key), color: seriesColor(index) }))
  const rows = chart.points.map((point) => {
    const row: Record<string, string | number> = { label: formatBucketLabel(point.label, format) }
    for (const item of series) row[item.name] = point.values[item.key] ?? 0
    return row
  })
  return { series, rows }
}

/** Today as a bucket label's day, YYYY-MM-DD, on the reader's clock. */
export function todayLabel(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * A chart of what has happened (new contacts, baptisms, sources) without the buckets still to
 * come: this year's December drawn as 0 in November reads as a fall, not as "not yet".
 * Labels are YYYY-MM-DD, YYYY-MM or YYYY, so a label compares with today's of its length.
 */
export function withoutFutureBuckets<C extends ReportChart>(chart: C | undefined, today: string = todayLabel()): C | undefined {
  if (!chart) return chart
  const points = chart.points.filter((point) => point.label <= today.slice(0, point.label.length))
  return points.length === chart.points.length ? chart : { ...chart, points }
}
