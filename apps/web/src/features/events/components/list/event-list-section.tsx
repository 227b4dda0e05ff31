import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core'
import type { EventListItem, EventListType } from '@crm/domain'
import { PagedListSection } from '../../../../components/paged-list-section'
import { useSectionPaging } from '../../../../components/paging'
import { useDateFormat } from '../../../../lib/date-format'
import { describeRule } from '../../describe-recurrence'
import { buildEventsQuery } from '../../list-url-state'
import { useEventList } from '../../queries'

interface EventListSectionProps {
  type: EventListType
  teamId: number
  search: string
  recurringOnly: boolean
}

/** One list of /events: Current, Upcoming or Past, with its own paging (spec 3 §2.1). */
export function EventListSection({ type, teamId, search, recurringOnly }: EventListSectionProps) {
  const { t } = useTranslation('events')
  const paging = useSectionPaging(type)
  const list = useEventList(type, buildEventsQuery(teamId, type, { search, recurringOnly, page: paging.page, pageSize: paging.pageSize }))
  const title = t(`list.${type}`)
  return (
    <PagedListSection
      title={title}
      list={list}
      paging={paging}
      itemKey={(item) => item.id}
      renderItem={(item) => <EventRow item={item} />}
      texts={{
        nothingFound: t('nothingFound'),
        loadFailed: t('list.loadFailed'),
        retry: t('list.retry'),
        loading: t('list.loading'),
        updating: t('list.updating'),
        count: (count) => t('list.count', { count }),
        pagesOf: t('list.pagesOf', { list: title }),
      }}
    />
  )
}

function EventRow({ item }: { item: EventListItem }) {
  const { t } = useTranslation('events')
  const format = useDateFormat()
  const schedule = item.is_recurring ? describeRule(item.rrule, item.start_time, t, format.date) : null
  return (
    <Paper withBorder p="sm" role="listitem">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/events/view/${item.id}`} fw={600}>
            {item.title}
          </Anchor>
          {item.type_display && (
            <Badge variant="light" size="sm">
              {item.type_display}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <Text span c="dimmed" size="sm" hiddenFrom="lg">
            {t('list.when')}:{' '}
          </Text>
          {item.next_occurance_data?.start_date_time_display ?? '—'}
        </Text>
        <Text size="sm">{schedule ?? ''}</Text>
        <Text size="sm" c="dimmed">
          {item.address_formatted ?? ''}
        </Text>
      </SimpleGrid>
    </Paper>
  )
}
