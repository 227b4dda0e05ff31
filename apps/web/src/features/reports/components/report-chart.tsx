import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, Skeleton, Text } from '@mantine/core'
import type { ReportChart, ReportChartType } from '@crm/domain'
import { loadChunk } from '../../../lib/chunk-reload'
import { useDateFormat } from '../../../lib/date-format'
import { formatCount } from '../report-format'
import { toChartRows } from '../report-series'
import classes from '../reports.module.css'
import { chartHeight } from './charts/chart-props'
import { useNearViewport } from './use-near-viewport'

// recharts is over half a megabyte: each kind of chart is a chunk of its own, loaded when drawn.
const LineChartBody = lazy(() => loadChunk(() => import('./charts/line-chart-body')))
const BarChartBody = lazy(() => loadChunk(() => import('./charts/bar-chart-body')))
const PieChartBody = lazy(() => loadChunk(() => import('./charts/pie-chart-body')))

interface ReportChartViewProps {
  chart: ReportChart
  /** How to draw it: the widget's kind of chart (spec 3 §2.3). */
  type: ReportChartType
  /** Names the chart for assistive technology: its type, the widget and the period. */
  label: string
  seriesLabel: (key: string) => string
}

/**
 * One report chart at its container's width. Assistive technology reads it as one image by
 * its label; the table under it carries the numbers.
 */
export function ReportChartView({ chart, type, label, seriesLabel }: ReportChartViewProps) {
  const { t, i18n } = useTranslation('reports')
  const locale = i18n.language
  const format = useDateFormat()
  const { series, rows } = toChartRows(chart, seriesLabel, format)
  const valueFormatter = (value: number) => formatCount(value, locale)
  const withLegend = series.length > 1 || type === 'multi_line'
  const [box, near] = useNearViewport<HTMLDivElement>()

  const noData = (
    <Text c="dimmed" size="sm" py="md">
      {t('noData')}
    </Text>
  )
  let body
  if (series.length === 0) {
    // Contact sources with no contact that has a source: nothing to draw.
    body = noData
  } else if (type === 'pie') {
    const cells = series.map((item) => ({ name: item.label, value: chart.totals[item.key] ?? 0, color: item.color })).filter((cell) => cell.value > 0)
    body = cells.length === 0 ? noData : <PieChartBody cells={cells} valueFormatter={valueFormatter} />
  } else if (type === 'bar' || type === 'stacked_bar') {
    body = <BarChartBody rows={rows} series={series} withLegend={withLegend} valueFormatter={valueFormatter} stacked={type === 'stacked_bar'} />
  } else {
    body = <LineChartBody rows={rows} series={series} withLegend={withLegend} valueFormatter={valueFormatter} />
  }

  // Far from the screen the chart is not loading, only not drawn yet: its place is kept empty
  // (a skeleton would say "loading" to whoever waits for the page to settle).
  return (
    <Box ref={box} role="img" aria-label={label} data-chart-type={type} className={classes.chart}>
      {near ? <Suspense fallback={<Skeleton height={chartHeight} radius="sm" />}>{body}</Suspense> : <Box h={chartHeight} />}
    </Box>
  )
}
