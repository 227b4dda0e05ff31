import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Alert, Center, Loader } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { TeamView } from '../components/team-view'
import { useLeaveTeam, useTeamDetail } from '../queries'

/** /team and /group: the selected team or group (spec 3 §2.4). */
export function TeamPage() {
  const { t } = useTranslation('team')
  const { team, group, reload } = useSession()
  const navigate = useNavigate()
  const asGroup = useLocation().pathname.startsWith('/group')
  const teamId = team?.id ?? 0
  const id = asGroup ? (group?.id ?? 0) : teamId
  const detail = useTeamDetail(teamId, id)
  const leave = useLeaveTeam()
  usePageTitle(asGroup ? t('view.groupPageName') : t('view.teamPageName'))
  if (!team) return null

  if (detail.isError) {
    return (
      <Alert color="red" variant="light">
        {t('view.loadFailed')}
      </Alert>
    )
  }
  if (!detail.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('view.loading')} />
      </Center>
    )
  }
  const isSubGroup = asGroup && id !== teamId
  return (
    <TeamView
      team={detail.data}
      asGroup={isSubGroup}
      editPath={asGroup ? '/group/edit' : '/team/edit'}
      onLeave={async () => {
        await leave.mutateAsync(isSubGroup ? { team_id: teamId, group_id: id } : { team_id: teamId })
        await reload()
        void navigate('/')
      }}
    />
  )
}

export { TeamPage as Component }
