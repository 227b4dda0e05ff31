import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { List, Stack, Table, Text, Title } from '@mantine/core'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabProps } from '../../../components/contact-tab'
import { useContactActivity, type ActivityFilters } from '../queries'
import { ActivityChanges, ActivityFilterFields, noActivityFilters, useActivityWhat } from './activity-parts'

/**
 * Activity log (spec 2 §2, §9): who changed what on the contact, with the date range and
 * type filters; the user filter with read_activity_log. Owners also see who read a minor's
 * record (Viewed by).
 */
export function ActivityTab({ item, contact, scope, team }: ContactTabProps) {
  const { t } = useTranslation('activity')
  const [filters, setFilters] = useState<ActivityFilters>(noActivityFilters)
  const [page, setPage] = useState(1)
  const activity = useContactActivity(contact.id, scope, filters, page)
  const capabilities = item.auth.user_capabilities
  const mayFilterUser = capabilities.read_activity_log === true && capabilities.read_dcrm_team_users_names === true
  const items = activity.data?.items ?? []
  const viewedBy = activity.data?.viewed_by ?? []
  const change = (next: Partial<ActivityFilters>) => {
    setFilters((current) => ({ ...current, ...next }))
    setPage(1)
  }
  const what = useActivityWhat()

  return (
    <Stack gap="lg">
      <ActivityFilterFields filters={filters} onChange={change} userFilterTeamId={mayFilterUser ? team.id : undefined} />

      <Stack gap="sm">
        <TabListState isPending={activity.isPending} isError={activity.isError} count={items.length}>
          {/* Scrolls sideways on a phone: reachable by keyboard too (axe scrollable-region-focusable). */}
          <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table aria-label={t('table')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.when')}</Table.Th>
                  <Table.Th>{t('columns.who')}</Table.Th>
                  <Table.Th>{t('columns.what')}</Table.Th>
                  <Table.Th>{t('columns.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.created_display}</Table.Td>
                    <Table.Td>{row.author_name || t('someone')}</Table.Td>
                    <Table.Td>{what(row)}</Table.Td>
                    <Table.Td>
                      <ActivityChanges item={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </TabListState>
        <TabPagination page={page} maxPages={activity.data?.max_pages ?? 1} onChange={setPage} />
      </Stack>

      {viewedBy.length > 0 && (
        <Stack component="section" gap="xs" aria-labelledby="viewed-by-title">
          <Title order={3} size="h5" id="viewed-by-title">
            {t('viewedBy.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('viewedBy.help')}
          </Text>
          <List size="sm">
            {viewedBy.map((view, index) => (
              <List.Item key={index}>
                {view.author_name || t('someone')} · {view.created_display} · {t(`viewed.${view.what as 'record'}`, { defaultValue: view.what })}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  )
}
