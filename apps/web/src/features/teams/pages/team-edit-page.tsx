import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Alert, Center, Loader, Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { TeamForm, teamFormValuesOf } from '../components/team-form'
import { TeamRemove } from '../components/team-remove'
import { useRemoveGroup, useTeamDetail, useUpdateGroup, useUpdateTeam } from '../queries'

/** /team/edit and /group/edit: Basic info and Address; a group has only name and description (spec 3 §2.4). */
export function TeamEditPage() {
  const { t } = useTranslation('team')
  const { team, group, reload } = useSession()
  const navigate = useNavigate()
  const asGroup = useLocation().pathname.startsWith('/group')
  const teamId = team?.id ?? 0
  const id = asGroup ? (group?.id ?? 0) : teamId
  const isSubGroup = asGroup && id !== teamId
  const detail = useTeamDetail(teamId, id)
  const updateTeam = useUpdateTeam()
  const updateGroup = useUpdateGroup()
  const removeGroup = useRemoveGroup()
  usePageTitle(isSubGroup ? t('edit.groupPageName') : t('edit.teamPageName'))
  const stored = detail.data
  const initial = useMemo(() => (stored ? teamFormValuesOf(stored) : null), [stored])
  if (!team) return null

  let body
  if (detail.isError) {
    body = (
      <Alert color="red" variant="light">
        {t('view.loadFailed')}
      </Alert>
    )
  } else if (!stored || !initial) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('view.loading')} />
      </Center>
    )
  } else if (!stored.user_capabilities.update_team) {
    body = (
      <Alert color="gray" variant="light">
        {t('edit.forbidden')}
      </Alert>
    )
  } else {
    body = (
      <TeamForm
        key={stored.id}
        initial={initial}
        label={isSubGroup ? t('edit.groupPageName') : t('edit.teamPageName')}
        withAddress={!isSubGroup}
        withAcms={false}
        onSave={async (fields) => {
          const result = isSubGroup
            ? await updateGroup.mutateAsync({ team_id: teamId, group_id: id, title: fields.title, description: fields.description })
            : await updateTeam.mutateAsync({ team_id: teamId, ...fields })
          // The menu and the switchers show the new name.
          await reload()
          return result
        }}
        footer={
          isSubGroup && stored.can_remove ? (
            <TeamRemove
              warning={t('remove.groupWarning')}
              onRemove={async () => {
                await removeGroup.mutateAsync({ team_id: teamId, group_id: id })
                await reload()
                void navigate('/group/switch')
              }}
            />
          ) : null
        }
      />
    )
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {isSubGroup ? t('edit.groupPageName') : t('edit.teamPageName')}
      </Title>
      {body}
    </Stack>
  )
}

export { TeamEditPage as Component }
