import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { TeamGroupParams } from '@crm/domain'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import { useContactEventAttendance } from '../queries'

/**
 * 'Events attended' of the contact's Events tab (spec 2 §7.1 contact-event-attendance/{id};
 * issue 14 item 2): each attended event on its date, latest first, linking to the event's
 * view on that date, 'Visitor' when the contact came as one; 20 a page.
 */
export function AttendedEvents({ contactId, scope }: { contactId: number; scope: TeamGroupParams }) {
  const { t } = useTranslation('contact-events')
  const [page, setPage] = useState(1)
  const attended = useContactEventAttendance(contactId, scope, page)
  const items = attended.data?.items ?? []
  const titleId = 'contact-attended-events-title'

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('attended.title')}
      </Title>
      {!attended.isPending && !attended.isError && items.length === 0 ? (
        <Text>{t('attended.empty')}</Text>
      ) : (
        <TabListState isPending={attended.isPending} isError={attended.isError} count={items.length}>
          <Stack gap="xs" role="list" aria-labelledby={titleId}>
            {items.map((entry) => (
              <Paper key={entry.id} withBorder p="sm" role="listitem">
                <Group gap="xs" justify="space-between">
                  <Anchor component={Link} to={`/events/view/${entry.event_id}?date=${encodeURIComponent(entry.event_date)}`} fw={600}>
                    {entry.title}
                  </Anchor>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {entry.event_date_display}
                    </Text>
                    {entry.is_visitor && (
                      <Badge variant="light" size="sm">
                        {t('attended.visitor')}
                      </Badge>
                    )}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </TabListState>
      )}
      <TabPagination page={page} maxPages={attended.data?.max_pages ?? 1} onChange={setPage} />
    </Stack>
  )
}
