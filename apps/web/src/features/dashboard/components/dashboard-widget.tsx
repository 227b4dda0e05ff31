import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core'

/**
 * A dashboard widget's card: its heading names the region and the list, a loader while the
 * call runs, a short line when there is nothing. A failed call is the caller's to hide: a
 * widget fails silently (spec 1 §2.8).
 */
export function DashboardWidget(props: { id: string; title: string; isPending: boolean; empty: string | null; children: ReactNode }) {
  const { t } = useTranslation('common')
  const titleId = `${props.id}-title`
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {props.title}
        </Title>
        {props.isPending ? (
          <Center py="sm">
            <Loader size="sm" role="status" aria-label={t('loading')} />
          </Center>
        ) : props.empty !== null ? (
          <Text c="dimmed">{props.empty}</Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {props.children}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
