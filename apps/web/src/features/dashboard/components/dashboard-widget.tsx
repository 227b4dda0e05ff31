import type { ReactNode } from 'react'
import { Card, Group, Stack, Text, Title } from '@mantine/core'
import { PlaceholderItems } from '../../../components/placeholder-items'

interface DashboardWidgetProps {
  id: string
  title: string
  isPending: boolean
  empty: string | null
  /** Lines of one item: the first a bold link, the rest small text. */
  itemLines: number
  /** Items drawn while the call runs: as many as the widget shows at most, or as it usually has. */
  placeholderItems: number
  /** A control beside the title (a widget's Show all). */
  action?: ReactNode
  children: ReactNode
}

/**
 * A dashboard widget's card: its heading names the region and the list, placeholders of the
 * items' own size while the call runs (so the cards below do not jump when it answers, issue
 * 37), a short line when there is nothing. A failed call is the caller's to hide: a widget
 * fails silently (spec 1 §2.8).
 */
export function DashboardWidget(props: DashboardWidgetProps) {
  const titleId = `${props.id}-title`
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {props.title}
          </Title>
          {props.action}
        </Group>
        {props.isPending ? (
          <PlaceholderItems items={props.placeholderItems} lines={props.itemLines} />
        ) : props.empty !== null ? (
          <Text c="dimmed">{props.empty}</Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId} id={`${props.id}-list`}>
            {props.children}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
