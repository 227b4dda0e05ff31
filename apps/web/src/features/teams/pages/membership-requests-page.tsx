import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { RequestCard, RequestList, RequestsNotAllowed } from '../components/request-card'
import { useDecideMembershipRequest, useMembershipRequests } from '../requests-queries'

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
  const allowed = team?.user_capabilities.update_team === true
  const list = useMembershipRequests(wanted, allowed)
  const decide = useDecideMembershipRequest(wanted)

  if (!team || !allowed) return <RequestsNotAllowed />
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
            accept={{ title: t('acceptMembershipTitle'), message: t('acceptMembershipMessage', { name: item.name, team: team.title }) }}
            reject={{ title: t('rejectMembershipTitle'), message: t('rejectMembershipMessage', { name: item.name, team: team.title }) }}
            onDecide={(accept) => decide.mutateAsync({ userId: item.user_id, accept })}
          />
        ))}
      </RequestList>
    </Stack>
  )
}

export { MembershipRequestsPage as Component }
