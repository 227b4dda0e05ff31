import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { RequestCard, RequestList, RequestsNotAllowed } from '../components/request-card'
import { useDecideOwnerRequest, useOwnerRequests } from '../queries'

/** /team/owner-requests: pending owner requests of every team, for the account role admin (spec 3 §6). */
export function OwnerRequestsPage() {
  const { t } = useTranslation('requests')
  const { account } = useSession()
  usePageTitle(t('ownerPageName'))
  const allowed = account?.role === 'admin'
  const list = useOwnerRequests(allowed)
  const decide = useDecideOwnerRequest()

  if (!allowed) return <RequestsNotAllowed />
  const state = list.data ? (list.data.items.length === 0 ? 'empty' : 'ready') : list.isError ? 'error' : 'loading'
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('ownerPageName')}
      </Title>
      <RequestList state={state}>
        {list.data?.items.map((item) => (
          <RequestCard
            key={item.id}
            name={item.name}
            details={[
              { label: t('team'), value: item.team_name },
              { label: t('email'), value: item.email },
              { label: t('created'), value: item.created_display },
            ]}
            accept={{ title: t('acceptOwnerTitle'), message: t('acceptOwnerMessage', { name: item.name, team: item.team_name }) }}
            reject={{ title: t('rejectOwnerTitle'), message: t('rejectOwnerMessage', { name: item.name, team: item.team_name }) }}
            onDecide={(accept) => decide.mutateAsync({ id: item.id, accept })}
          />
        ))}
      </RequestList>
    </Stack>
  )
}

export { OwnerRequestsPage as Component }
