import type { PieChartCell } from '@mantine/charts'
import type { ChartSeriesSpec } from '../../report-series'

/** What a lazily loaded chart draws: rows and series already in the reader's words. */
export interface GridChartBodyProps {
  rows: Array<Record<string, string | number>>
  series: ChartSeriesSpec[]
  withLegend: boolean
  valueFormatter: (value: number) => string
  stacked?: boolean
}

export interface PieChartBodyProps {
  cells: PieChartCell[]
  valueFormatter: (value: number) => string
}

export const chartHeight = 260
