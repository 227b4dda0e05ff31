import { useTranslation } from 'react-i18next'
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useSession } from '../../session/session'
import { isPrimaryGroup } from '../../session/selection'
import { usePageTitle } from '../../../lib/page-title'
import { EventsToday } from '../../events/components/events-today'
import { CalendarUrlButton } from '../../calendar/components/calendar-url-button'
import { ContactsMapWidget } from '../../contacts/components/contacts-map-widget'
import { UpcomingInteractions } from '../components/upcoming-interactions'
import { UpcomingTransfers } from '../components/upcoming-transfers'

/**
 * The dashboard (/): its widgets, one card each, come with the features they show. A widget
 * fails silently (spec 1 §2.8): it hides itself and the others stay.
 */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'calendar'])
  const { team, group } = useSession()
  usePageTitle(t('pageName'))
  // The route guard only renders this page with a team and a group selected.
  if (!team || !group) return null
  const title = isPrimaryGroup(team, group) ? t('title', { team: team.title }) : t('titleWithGroup', { team: team.title, group: group.title })
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <EventsToday teamId={team.id} enabled={team.user_capabilities.read_event === true} />
        <Card withBorder padding="md" component="section" aria-labelledby="calendar-widget-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="calendar-widget-title">
              {t('calendar:title')}
            </Title>
            <Text size="sm">{t('calendar:intro')}</Text>
            <CalendarUrlButton teamId={team.id} />
          </Stack>
        </Card>
        <UpcomingInteractions teamId={team.id} />
        <UpcomingTransfers teamId={team.id} isConference={team.is_conference} />
      </SimpleGrid>
      <ContactsMapWidget teamId={team.id} groupId={group.id} />
    </Stack>
  )
}

export { DashboardPage as Component }
