import { useId, useRef } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { EventListItem, EventListType } from '@crm/domain'
import { Paging, useReducePageToMax } from '../../../../components/paging'
import { describeRule } from '../../describe-recurrence'
import { formatDay } from '../../format-day'
import { buildEventsQuery, useEventListPaging } from '../../list-url-state'
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
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const paging = useEventListPaging(type)
  const query = buildEventsQuery(teamId, type, { search, recurringOnly, page: paging.page, pageSize: paging.pageSize })
  const list = useEventList(type, query)
  useReducePageToMax(paging.page, list.isPlaceholderData ? undefined : list.data?.max_pages, paging.setPage)
  const title = t(`list.${type}`)
  const updating = list.isPlaceholderData && list.isFetching

  const goToPage = (page: number) => {
    paging.setPage(page)
    headingRef.current?.scrollIntoView({ block: 'start' })
    headingRef.current?.focus({ preventScroll: true })
  }

  let body
  if (list.data) {
    body =
      list.data.items.length === 0 ? (
        <Text c="dimmed" py="xs">
          {t('nothingFound')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" role="list" aria-labelledby={headingId} aria-busy={updating}>
            {list.data.items.map((item) => (
              <EventRow key={item.id} item={item} />
            ))}
          </Stack>
          <Paging
            page={paging.page}
            maxPages={list.data.max_pages}
            more={list.data.count_is_lower_bound === true}
            onPageChange={goToPage}
            pageSize={paging.pageSize}
            onPageSizeChange={paging.setPageSize}
            label={t('list.pagesOf', { list: title })}
          />
        </Stack>
      )
  } else if (list.isError) {
    body = (
      <Group gap="sm" py="xs">
        <Text c="dimmed">{t('list.loadFailed')}</Text>
        <Button variant="light" size="compact-sm" onClick={() => void list.refetch()}>
          {t('list.retry')}
        </Button>
      </Group>
    )
  } else {
    body = (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={t('list.loading')} />
      </Center>
    )
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group gap="sm" align="baseline">
        <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
          {title}
        </Title>
        {list.data && (
          <Text c="dimmed" size="sm">
            {t('list.count', { count: list.data.count })}
          </Text>
        )}
        {updating && <Loader size="xs" role="status" aria-label={t('list.updating')} />}
      </Group>
      {body}
    </Stack>
  )
}

function EventRow({ item }: { item: EventListItem }) {
  const { t, i18n } = useTranslation('events')
  const schedule = item.is_recurring ? describeRule(item.rrule, item.start_time, t, (date) => formatDay(date, i18n.language)) : null
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
