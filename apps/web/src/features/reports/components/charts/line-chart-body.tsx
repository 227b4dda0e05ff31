import { LineChart } from '@mantine/charts'
import { chartHeight, type GridChartBodyProps } from './chart-props'

// Its own chunk (recharts is large): the reports page asks for it once a line chart shows.
export default function LineChartBody({ rows, series, withLegend, valueFormatter }: GridChartBodyProps) {
  return (
    <LineChart
      h={chartHeight}
      data={rows}
      dataKey="label"
      series={series}
      curveType="linear"
      // A month of days is a line; a year of months keeps its points.
      withDots={rows.length <= 13}
      withLegend={withLegend}
      valueFormatter={valueFormatter}
      yAxisProps={{ allowDecimals: false }}
      tickLine="y"
      // Drawn once, not in sixty frames of JavaScript: the animation alone kept a phone busy (issue 37).
      lineProps={{ isAnimationActive: false }}
    />
  )
}
