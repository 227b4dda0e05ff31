import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { RequestCard, RequestList, RequestsNotAllowed } from '../components/request-card'
import { useDecideMembershipRequest, useMembershipRequests } from '../queries'

/**
 * /team/membership-requests and /team/membership-requests/{team_id}: the selected team's, or
 * that team's, pending requests (update_team there; spec 3 §2.4, §6).
 */
export function MembershipRequestsPage() {
  const { t } = useTranslation('requests')
  const params = useParams()
  const session = useSession()
  usePageTitle(t('membershipPageName'))
  const wanted = params['team_id'] ? Number(params['team_id']) : (session.team?.id ?? 0)
  const team = session.teams.find((candidate) => candidate.id === wanted) ?? null
  // A team of the caller's own list says; any other id (a conference's sub-team, which an
  // entity admin handles) is the server's to decide: 403 or 404 is the not-allowed screen.
  const allowed = Number.isInteger(wanted) && wanted > 0 && (team ? team.user_capabilities.update_team === true : params['team_id'] !== undefined)
  const list = useMembershipRequests(wanted, allowed)
  const decide = useDecideMembershipRequest(wanted)
  const refused = isApiError(list.error) && (list.error.status === 403 || list.error.status === 404)

  if (!allowed || refused) return <RequestsNotAllowed />
  const teamTitle = team?.title ?? t('thisTeam')
  const state = list.data ? (list.data.items.length === 0 ? 'empty' : 'ready') : list.isError ? 'error' : 'loading'
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('membershipPageName')}
      </Title>
      <RequestList state={state}>
        {list.data?.items.map((item) => (
          <RequestCard
            key={item.id}
            name={item.name}
            details={[
              { label: t('email'), value: item.email },
              { label: t('date'), value: item.date_display },
            ]}
            accept={{ title: t('acceptMembershipTitle'), message: t('acceptMembershipMessage', { name: item.name, team: teamTitle }) }}
            reject={{ title: t('rejectMembershipTitle'), message: t('rejectMembershipMessage', { name: item.name, team: teamTitle }) }}
            onDecide={(accept) => decide.mutateAsync({ userId: item.user_id, accept })}
          />
        ))}
      </RequestList>
    </Stack>
  )
}

export { MembershipRequestsPage as Component }
