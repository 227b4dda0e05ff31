import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Stack, Table, Text, Title } from '@mantine/core'
import { PagedListBody } from '../../../components/paged-list-section'
import { useListPaging } from '../../../components/paging'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { ActivityChanges, ActivityFilterFields, noActivityFilters, useActivityWhat } from '../components/activity-parts'
import { useRecentActivity, type ActivityFilters, type RecentActivityScope } from '../queries'
import { NotAllowedScreen } from '../../../components/status-screens'

/** The table of a team's or a group's recent activity, with its filters and pages. */
function RecentActivityList({ scope, mayFilterUser }: { scope: RecentActivityScope; mayFilterUser: boolean }) {
  const { t } = useTranslation(['recent-activity', 'activity', 'common'])
  const what = useActivityWhat()
  const [filters, setFilters] = useState<ActivityFilters>(noActivityFilters)
  const paging = useListPaging()
  const activity = useRecentActivity(scope, filters, paging.page, paging.pageSize)
  const change = (next: Partial<ActivityFilters>) => {
    setFilters((current) => ({ ...current, ...next }))
    paging.setPage(1, { replace: true })
  }

  return (
    <Stack gap="lg">
      <ActivityFilterFields filters={filters} onChange={change} userFilterTeamId={mayFilterUser ? scope.team_id : undefined} />
      <PagedListBody
        list={activity}
        paging={paging}
        pager="always"
        failure="box"
        texts={{ nothingFound: t('nothingFound'), loadFailed: t('loadFailed'), loading: t('common:loading'), pagesOf: t('pages') }}
        renderRows={(items) => (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={t('table')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.when')}</Table.Th>
                  <Table.Th>{t('columns.who')}</Table.Th>
                  <Table.Th>{t('columns.what')}</Table.Th>
                  <Table.Th>{t('columns.contact')}</Table.Th>
                  <Table.Th>{t('columns.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.created_display}</Table.Td>
                    <Table.Td>{row.author_name || t('activity:someone')}</Table.Td>
                    <Table.Td>{what(row)}</Table.Td>
                    <Table.Td>
                      {row.contact_id !== null && row.contact_name !== null ? (
                        <Anchor component={Link} to={`/contacts/view/${row.contact_id}`}>
                          {row.contact_name}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <ActivityChanges item={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      />
    </Stack>
  )
}

/**
 * /team/recent-activity and /group/recent-activity (spec 3 §2.4): what was changed in the
 * selected team or group, newest first. Needs read_own_activity_log there (D3-2.4-34);
 * without read_activity_log the server answers the caller's own changes only.
 */
export function RecentActivityPage() {
  const { t } = useTranslation('recent-activity')
  const { team, group } = useSession()
  const onGroup = useLocation().pathname.startsWith('/group')
  usePageTitle(t('pageName'))
  const holder = onGroup ? group : team
  if (!team || !holder) return null
  const capabilities = holder.user_capabilities
  if (capabilities.read_own_activity_log !== true) return <NotAllowedScreen message={t('notAllowed')} />
  const scope: RecentActivityScope = onGroup ? { kind: 'group', team_id: team.id, group_id: holder.id } : { kind: 'team', team_id: team.id }
  const readsAll = capabilities.read_activity_log === true
  // The user choices are the team's users (input-suggestions/team-users needs read_dcrm_team_users_names).
  const mayFilterUser = readsAll && team.user_capabilities.read_dcrm_team_users_names === true
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('pageName')}
        </Title>
        <Text c="dimmed">{t(onGroup ? 'groupHeading' : 'teamHeading', { title: holder.title })}</Text>
        {!readsAll && <Text size="sm">{t('ownOnly')}</Text>}
      </Stack>
      <RecentActivityList key={`${scope.kind}-${team.id}-${holder.id}`} scope={scope} mayFilterUser={mayFilterUser} />
    </Stack>
  )
}

export { RecentActivityPage as Component }
