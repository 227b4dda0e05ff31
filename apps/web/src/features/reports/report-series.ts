import type { MantineColor } from '@mantine/core'
import type { ReportChart } from '@crm/domain'
import type { DateFormat } from '../../lib/date-format'
import { formatBucketLabel } from './report-format'

/**
 * Series and slice colours in drawing order: one per contact source (13 with Other) and one
 * to spare, each at least 4:1 against the card's white (WCAG 1.4.11 asks 3:1 of a chart's
 * parts) and at least 18 apart in CIELAB from every other, neighbours in contrasting hues.
 * Only a 15th series repeats a colour; its name stays in the legend and the table.
 */
export const seriesPalette: readonly string[] = [
  '#364fc7', // indigo
  '#d9480f', // orange
  '#087f5b', // teal
  '#c2255c', // pink
  '#1864ab', // blue
  '#a35b00', // ochre
  '#862e9c', // grape
  '#2b8a3e', // green
  '#e03131', // red
  '#0b7285', // cyan
  '#7048e8', // violet
  '#5c7406', // olive
  '#495057', // grey
  '#1c2a5c', // navy
]

export function seriesColor(index: number): MantineColor {
  return seriesPalette[index % seriesPalette.length]!
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
