import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { Alert, Center, Divider, Loader, Stack, Title } from '@mantine/core'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { SubTeamUsers } from '../components/sub-team-users'
import { TeamForm, teamFormValuesOf } from '../components/team-form'
import { TeamRemove } from '../components/team-remove'
import { guessAcmsId, useRemoveSubTeam, useTeamDetail, useUpdateTeam } from '../queries'

/** /team/manage-sub-teams/edit/{id}: the conference edits one of its churches, with ACMS and its users. */
export function SubTeamEditPage() {
  const { t } = useTranslation('team')
  const { team } = useSession()
  const navigate = useNavigate()
  const subTeamId = Number(useParams().id)
  const validId = Number.isInteger(subTeamId) && subTeamId > 0
  const teamId = team?.id ?? 0
  const allowed = !!team?.is_conference && !!team.user_capabilities.update_team
  const detail = useTeamDetail(teamId, validId ? subTeamId : 0, allowed)
  const conference = useTeamDetail(teamId, teamId, allowed)
  const update = useUpdateTeam()
  const remove = useRemoveSubTeam()
  usePageTitle(t('subTeam.editPageName'))
  const stored = detail.data
  const initial = useMemo(() => (stored ? teamFormValuesOf(stored) : null), [stored])
  if (!team) return null

  let body
  if (!allowed) {
    body = (
      <Alert color="gray" variant="light">
        {t('edit.forbidden')}
      </Alert>
    )
  } else if (!validId || detail.isError) {
    const notFound = !validId || (isApiError(detail.error) && detail.error.status === 404)
    body = (
      <Alert color={notFound ? 'gray' : 'red'} variant="light">
        {notFound ? t('subTeam.notFound') : t('view.loadFailed')}
      </Alert>
    )
  } else if (!stored || !initial) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('view.loading')} />
      </Center>
    )
  } else {
    body = (
      <>
        <TeamForm
          key={stored.id}
          initial={initial}
          label={t('subTeam.editPageName')}
          withAddress
          withAcms
          onTitleBlur={(title) =>
            guessAcmsId({
              team_id: teamId,
              team_name: title,
              // Its own id may come back; one another sub-team holds never does.
              sub_team_id: subTeamId,
              ...(conference.data?.acms_id ? { conference_acms_id: conference.data.acms_id } : {}),
            })
          }
          onSave={(fields) => update.mutateAsync({ team_id: teamId, sub_team_id: subTeamId, ...fields })}
          footer={
            stored.can_remove ? (
              <TeamRemove
                warning={t('remove.subTeamWarning', { title: stored.title })}
                onRemove={async () => {
                  await remove.mutateAsync({ team_id: teamId, sub_team_id: subTeamId })
                  void navigate('/team/manage-sub-teams')
                }}
              />
            ) : null
          }
        />
        <Divider />
        <SubTeamUsers conferenceId={teamId} subTeamId={subTeamId} />
      </>
    )
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {stored ? stored.title : t('subTeam.editPageName')}
      </Title>
      {body}
    </Stack>
  )
}

export { SubTeamEditPage as Component }
