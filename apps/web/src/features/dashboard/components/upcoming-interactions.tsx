import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Text } from '@mantine/core'
import { useUpcomingInteractions } from '../queries'
import { DashboardWidget } from './dashboard-widget'

/**
 * The caller's own interactions still to come in the team (spec 1 §2.8), soonest first: each
 * links to its contact with the date, the type and the Bible study. A child the caller may
 * not see comes without a name (the server withholds it). Hidden when the call fails.
 */
export function UpcomingInteractions({ teamId }: { teamId: number }) {
  const { t } = useTranslation('dashboard')
  const upcoming = useUpcomingInteractions(teamId)
  if (upcoming.isError) return null
  const items = upcoming.data?.items ?? []
  return (
    <DashboardWidget
      id="upcoming-interactions"
      title={t('upcomingInteractions.title')}
      isPending={upcoming.isPending}
      empty={items.length === 0 ? t('upcomingInteractions.empty') : null}
    >
      {items.map((item, index) => (
        // A contact may have two interactions planned: the position keeps the keys apart.
        <li key={`${item.user_id}-${index}`}>
          <Anchor component={Link} to={`/contacts/view/${item.user_id}`} fw={600}>
            {item.user_name || t('upcomingInteractions.unnamedChild')}
          </Anchor>
          <Text size="sm">
            {item.bible_study_display
              ? t('upcomingInteractions.typeWithStudy', { type: item.type_display, study: item.bible_study_display })
              : item.type_display}
          </Text>
          <Text size="sm" c="dimmed">
            {item.date_display}
          </Text>
        </li>
      ))}
    </DashboardWidget>
  )
}
