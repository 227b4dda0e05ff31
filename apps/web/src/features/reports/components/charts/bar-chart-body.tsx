import { BarChart } from '@mantine/charts'
import { chartHeight, type GridChartBodyProps } from './chart-props'

// Its own chunk (recharts is large): the reports page asks for it once a bar chart shows.
export default function BarChartBody({ rows, series, withLegend, valueFormatter, stacked = false }: GridChartBodyProps) {
  return (
    <BarChart
      h={chartHeight}
      data={rows}
      dataKey="label"
      series={series}
      type={stacked ? 'stacked' : 'default'}
      withLegend={withLegend}
      valueFormatter={valueFormatter}
      yAxisProps={{ allowDecimals: false }}
      tickLine="y"
      // Drawn once, not in sixty frames of JavaScript: the animation alone kept a phone busy (issue 37).
      barProps={{ isAnimationActive: false }}
    />
  )
}
