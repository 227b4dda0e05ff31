import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Alert, Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { emptyTeamForm, TeamForm } from '../components/team-form'
import { guessAcmsId, useAddSubTeam, useTeamDetail } from '../queries'

/** /team/manage-sub-teams/new: a new church of the conference (update_team, spec 3 §2.4). */
export function SubTeamNewPage() {
  const { t } = useTranslation('team')
  const { team } = useSession()
  const navigate = useNavigate()
  const teamId = team?.id ?? 0
  const allowed = !!team?.is_conference && !!team.user_capabilities.update_team
  // The conference's own ACMS id leans the guess towards its churches.
  const conference = useTeamDetail(teamId, teamId, allowed)
  const add = useAddSubTeam()
  usePageTitle(t('subTeam.newPageName'))
  if (!team) return null

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('subTeam.newPageName')}
      </Title>
      {allowed ? (
        <TeamForm
          initial={emptyTeamForm}
          label={t('subTeam.newPageName')}
          withAddress
          withAcms
          onTitleBlur={(title) =>
            guessAcmsId({ team_id: teamId, team_name: title, ...(conference.data?.acms_id ? { conference_acms_id: conference.data.acms_id } : {}) })
          }
          onSave={(fields) => add.mutateAsync({ team_id: teamId, ...fields })}
          onSaved={() => void navigate('/team/manage-sub-teams')}
        />
      ) : (
        <Alert color="gray" variant="light">
          {t('edit.forbidden')}
        </Alert>
      )}
    </Stack>
  )
}

export { SubTeamNewPage as Component }
