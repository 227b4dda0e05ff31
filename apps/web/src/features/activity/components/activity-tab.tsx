import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, List, NativeSelect, Stack, Table, Text, Title } from '@mantine/core'
import { activityDateRanges, activityTypeFilters, suggestionCalls, type ActivityItem, type Suggestion } from '@crm/domain'
import { SuggestionInput } from '../../../components/suggestion-input'
import { TabListState, TabPagination } from '../../contacts/components/view/tab-list-state'
import type { ContactTabProps } from '../../contacts/components/view/tab-registry'
import { useContactActivity, type ActivityFilters } from '../queries'

const knownTypes = ['user', 'interaction', 'user_event', 'team_contacts', 'user_assignment', 'user_relationship', 'user_invites', 'parental_consent', 'note'] as const
const knownFields = ['user_name', 'relationship_type', 'interests', 'content', 'is_public', 'is_encrypted', 'first_name', 'last_name', 'inferred'] as const

/** The changes of one row: each field with its value before and after. */
function Changes({ item }: { item: ActivityItem }) {
  const { t } = useTranslation('activity')
  const fieldName = (field: string) =>
    (knownFields as readonly string[]).includes(field) ? t(`fields.${field as (typeof knownFields)[number]}`) : field.replaceAll('_', ' ')
  const value = (text: string | null) => (text === 'true' ? t('yes') : text === 'false' ? t('no') : (text ?? '—'))
  const { changes } = item.computed_data
  if (changes.length === 0) return null
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {changes.map((change) => (
        <List.Item key={change.field}>
          <Text span size="sm" fw={500}>
            {fieldName(change.field)}:
          </Text>{' '}
          {item.action === 'add' ? value(change.after) : item.action === 'delete' ? value(change.before) : `${value(change.before)} → ${value(change.after)}`}
        </List.Item>
      ))}
    </List>
  )
}

/**
 * Activity log (spec 2 §2, §9): who changed what on the contact, with the date range and
 * type filters; the user filter with read_activity_log. Owners also see who read a minor's
 * record (Viewed by).
 */
export function ActivityTab({ item, contact, scope, team }: ContactTabProps) {
  const { t } = useTranslation('activity')
  const [filters, setFilters] = useState<ActivityFilters>({ date_range: 'all', type: '', user_id: null })
  const [user, setUser] = useState<Suggestion | null>(null)
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
  const typeName = (type: string) => t(`itemTypes.${(knownTypes as readonly string[]).includes(type) ? (type as (typeof knownTypes)[number]) : 'other'}`)

  return (
    <Stack gap="lg">
      <Group component="fieldset" aria-label={t('filters.label')} align="flex-end" gap="sm" style={{ border: 0, padding: 0, margin: 0 }}>
        <NativeSelect
          label={t('filters.dateRange')}
          value={filters.date_range}
          onChange={(event) => change({ date_range: event.currentTarget.value as ActivityFilters['date_range'] })}
          data={activityDateRanges.map((range) => ({ value: range, label: t(`dateRanges.${range}`) }))}
        />
        <NativeSelect
          label={t('filters.type')}
          value={filters.type}
          onChange={(event) => change({ type: event.currentTarget.value as ActivityFilters['type'] })}
          data={[{ value: '', label: t('types.all') }, ...activityTypeFilters.map((type) => ({ value: type, label: t(`types.${type}`) }))]}
        />
        {mayFilterUser && (
          <SuggestionInput
            call={suggestionCalls.teamUsers}
            input={{ team_id: team.id }}
            label={t('filters.user')}
            placeholder={t('filters.anyUser')}
            value={user}
            onChange={(picked) => {
              setUser(picked)
              change({ user_id: picked ? Number(picked.id) : null })
            }}
          />
        )}
      </Group>

      <Stack gap="sm">
        <TabListState isPending={activity.isPending} isError={activity.isError} count={items.length}>
          <Table.ScrollContainer minWidth={560}>
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
                    <Table.Td>
                      {typeName(row.type)} · {t(`actions.${row.action}`)}
                    </Table.Td>
                    <Table.Td>
                      <Changes item={row} />
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
