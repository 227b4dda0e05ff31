import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import type { SubTeamListItem } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { PagedListBody } from '../../../components/paged-list-section'
import { useListPaging } from '../../../components/paging'
import { SearchBox } from '../../../components/search-box'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { usePageTitle } from '../../../lib/page-title'
import { ChurchRosterSection } from '../../roster/components/church-roster-section'
import { useSession } from '../../session/session'
import { SubTeamActivity } from '../components/sub-team-activity'
import { useDeleteSubTeam, useSubTeams } from '../queries'
import { NotAllowedScreen } from '../../../components/status-screens'

/** /team/manage-sub-teams: the conference's sub-teams, searchable and paged (spec 3 §2.4, §6). */
export function ManageSubTeamsPage() {
  const { t } = useTranslation('sub-teams')
  const { team } = useSession()
  usePageTitle(t('pageName'))
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const paging = useListPaging()
  const allowed = team?.is_conference === true && team.user_capabilities.update_team === true
  const conferenceId = team?.id ?? 0
  const list = useSubTeams(
    { team_id: conferenceId, page: paging.page, per_page: paging.pageSize, order_by: 'created', order: 'desc', ...(search ? { search } : {}) },
    allowed,
  )
  const remove = useDeleteSubTeam(conferenceId)
  const [removing, setRemoving] = useState<SubTeamListItem | null>(null)
  const failure = useActionFailure()

  if (!team || !allowed) return <NotAllowedScreen message={t('notAllowed')} />

  const setSearch = (value: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (value) updated.set('search', value)
      else updated.delete('search')
      updated.delete('page')
      return updated
    })

  const askRemove = (item: SubTeamListItem) => {
    failure.clear()
    setRemoving(item)
  }

  // A sub-team that still has contacts says so; any other failure, the server's reason.
  const deleteFailure = (error: unknown) =>
    isApiError(error) && error.data['reason'] === 'sub_team_has_contacts' ? t('hasContacts') : errorText(error, t('deleteFailed'))

  const confirmRemove = async () => {
    if (!removing) return
    await failure.attempt(() => remove.mutateAsync(removing.id), deleteFailure)
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('pageName')}
        </Title>
        <Button component={Link} to="/team/manage-sub-teams/new" leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('addNew')}
        </Button>
      </Group>
      <div style={{ maxWidth: 420 }}>
        <SearchBox label={t('search')} hideLabel placeholder={t('searchPlaceholder')} defaultValue={search} onSearch={setSearch} />
      </div>
      {/* A failed delete closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={failure} />
      <PagedListBody
        list={list}
        paging={paging}
        label={{ label: t('pageName') }}
        texts={{ nothingFound: t('nothingFound'), loadFailed: t('loadFailed'), loading: t('loading'), pagesOf: t('pages') }}
        itemKey={(item) => item.id}
        renderItem={(item) => <SubTeamRow item={item} onDelete={() => askRemove(item)} />}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { title: removing?.title ?? '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
      <ChurchRosterSection conferenceId={team.id} />
    </Stack>
  )
}

function SubTeamRow({ item, onDelete }: { item: SubTeamListItem; onDelete: () => void }) {
  const { t } = useTranslation('sub-teams')
  return (
    <Paper withBorder p="sm" role="listitem">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
        <Stack gap={2}>
          <Text fw={600}>{item.title}</Text>
          <Text size="sm" c="dimmed">
            {item.address_formatted ?? ''}
          </Text>
          <Text size="sm">
            {t('acmsId')}: {item.acms_id ?? '—'}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap" align="start">
          <SubTeamActivity who="owner" lastLogin={item.owner_last_login} hasOwner={item.has_owner} />
          <SubTeamActivity who="members" lastLogin={item.any_member_last_login} />
        </Group>
        <Group gap="xs" justify="flex-end" align="start">
          <ActionIcon component={Link} to={`/team/manage-sub-teams/edit/${item.id}`} variant="light" aria-label={t('editOf', { title: item.title })}>
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="light" color="red" onClick={onDelete} aria-label={t('deleteOf', { title: item.title })}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </SimpleGrid>
    </Paper>
  )
}

export { ManageSubTeamsPage as Component }
