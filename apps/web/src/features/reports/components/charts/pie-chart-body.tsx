import { PieChart } from '@mantine/charts'
import { ColorSwatch, getThemeColor, Group, Stack, Text, useMantineTheme } from '@mantine/core'
import type { PieChartBodyProps } from './chart-props'

// Its own chunk (recharts is large): the reports page asks for it once a pie chart shows.
// The legend is a list under the pie, not recharts' own: inside the chart's box a long list
// of sources pushed the pie over the widget's controls. No animation: it is drawn once, not
// in sixty frames of JavaScript that kept a phone busy (issue 37).
export default function PieChartBody({ cells, valueFormatter }: PieChartBodyProps) {
  const theme = useMantineTheme()
  return (
    <Stack gap="sm" align="center">
      <PieChart data={cells} size={200} withTooltip tooltipDataSource="segment" valueFormatter={valueFormatter} pieProps={{ isAnimationActive: false }} />
      <Group component="ul" gap="xs" justify="center" m={0} p={0} style={{ listStyle: 'none' }}>
        {cells.map((cell) => (
          <Group component="li" key={cell.name} gap={6} wrap="nowrap">
            <ColorSwatch color={getThemeColor(cell.color, theme)} size={10} withShadow={false} aria-hidden="true" />
            <Text size="xs">{cell.name}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  )
}
