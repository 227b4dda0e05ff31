import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Text } from '@mantine/core'
import { useUpcomingTransfers } from '../queries'
import { DashboardWidget } from './dashboard-widget'

/**
 * The conference's transfers still to come (spec 1 §2.8): shown, and asked for, only on a
 * conference team; each links to /transfers/view/{id}. Hidden when the call fails.
 */
export function UpcomingTransfers({ teamId, isConference }: { teamId: number; isConference: boolean }) {
  const { t } = useTranslation('dashboard')
  const transfers = useUpcomingTransfers(teamId, isConference)
  if (!isConference || transfers.isError) return null
  const items = transfers.data?.items ?? []
  return (
    <DashboardWidget
      id="upcoming-transfers"
      title={t('upcomingTransfers.title')}
      isPending={transfers.isPending}
      empty={items.length === 0 ? t('upcomingTransfers.empty') : null}
      itemLines={3}
      placeholderItems={3}
    >
      {items.map((item) => (
        <li key={item.id}>
          <Anchor component={Link} to={`/transfers/view/${item.id}`} fw={600}>
            {item.user_name}
          </Anchor>
          <Text size="sm">{t('upcomingTransfers.fromTo', { from: item.from_team_name, to: item.to_team_name })}</Text>
          <Text size="sm" c="dimmed">
            {item.date === null ? t('upcomingTransfers.byHand') : item.date_display}
          </Text>
        </li>
      ))}
    </DashboardWidget>
  )
}
