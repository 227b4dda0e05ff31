import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Group, Stack, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { eventListTypes } from '@crm/domain'
import { SearchBox } from '../../../components/search-box'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { EventListSection } from '../components/list/event-list-section'
import { useEventsFilter } from '../list-url-state'

/** /events: Current, Upcoming and Past events of the team, one search for all (spec 3 §2.1). */
export function EventsPage() {
  const { t } = useTranslation('events')
  const { team } = useSession()
  const filter = useEventsFilter()
  usePageTitle(t('pageName'))
  if (!team) return null

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('pageName')}
        </Title>
        {team.user_capabilities.create_event === true && (
          <Button component={Link} to="/events/new" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            {t('addEvent')}
          </Button>
        )}
      </Group>
      <Group gap="md" align="center" wrap="wrap">
        <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
          <SearchBox label={t('list.search')} hideLabel placeholder={t('list.searchPlaceholder')} defaultValue={filter.search} onSearch={filter.setSearch} />
        </div>
        <Checkbox label={t('list.recurringOnly')} checked={filter.recurringOnly} onChange={(event) => filter.setRecurringOnly(event.currentTarget.checked)} />
      </Group>
      {eventListTypes.map((type) => (
        <EventListSection key={`${type}-${team.id}`} type={type} teamId={team.id} search={filter.search} recurringOnly={filter.recurringOnly} />
      ))}
    </Stack>
  )
}

export { EventsPage as Component }
