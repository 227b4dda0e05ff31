import { PieChart } from '@mantine/charts'
import type { PieChartBodyProps } from './chart-props'

// Its own chunk (recharts is large): the reports page asks for it once a pie chart shows.
export default function PieChartBody({ cells, valueFormatter }: PieChartBodyProps) {
  return <PieChart data={cells} size={200} withTooltip tooltipDataSource="segment" withLegend valueFormatter={valueFormatter} mx="auto" />
}
