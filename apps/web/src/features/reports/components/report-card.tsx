import type { ReactNode } from 'react'
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import classes from '../reports.module.css'

interface ReportCardProps {
  id: string
  title: string
  hint?: string
  /** Controls beside the title: the period, the CSV download. */
  actions?: ReactNode
  /** The first answer is on its way: a skeleton of the given height stands in for the content. */
  loading: boolean
  skeletonHeight?: number
  /** h2 on its own; h3 inside a titled group of cards. */
  titleOrder?: 2 | 3
  children?: ReactNode
}

/** A report widget's card: a titled region, its controls, then its content. */
export function ReportCard({ id, title, hint, actions, loading, skeletonHeight = 260, titleOrder = 2, children }: ReportCardProps) {
  const titleId = `report-${id}-title`
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} className={classes.card} aria-busy={loading || undefined}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={titleOrder} size="h4" id={titleId}>
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {actions}
          </Group>
        )}
        {loading ? <Skeleton height={skeletonHeight} radius="sm" /> : children}
      </Stack>
    </Card>
  )
}
