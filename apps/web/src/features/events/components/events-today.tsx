import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Card, Stack, Text, Title } from '@mantine/core'
import { PlaceholderItems } from '../../../components/placeholder-items'
import { useEventsToday } from '../queries'

/**
 * The dashboard's events happening today (spec 1 §2.8): each links to the event's view on
 * today's date (the view reads ?date), with its start as the team reads it. Shown only with
 * the team capability read_event. A widget fails silently: a failed answer hides it and the
 * rest of the dashboard stays.
 */
export function EventsToday({ teamId, enabled }: { teamId: number; enabled: boolean }) {
  const { t } = useTranslation('dashboard')
  const events = useEventsToday(teamId, enabled)
  if (!enabled || events.isError) return null
  const items = events.data?.items ?? []
  const titleId = 'events-today-title'

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('eventsToday.title')}
        </Title>
        {events.isPending ? (
          // One event's place, and the empty line keeps it too: on a phone the cards below do not move on a usual day.
          <PlaceholderItems items={1} lines={2} />
        ) : items.length === 0 ? (
          <Text
            c="dimmed"
            mih="calc(var(--mantine-font-size-md) * var(--mantine-line-height-md) + var(--mantine-font-size-sm) * var(--mantine-line-height-sm))"
          >
            {t('eventsToday.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {items.map((item) => (
              <li key={`${item.id}-${item.event_date}`}>
                <Anchor component={Link} to={`/events/view/${item.id}?date=${encodeURIComponent(item.event_date)}`} fw={600}>
                  {item.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {item.start_date_time_display}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
