import { useTranslation } from 'react-i18next'
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core'
import { PagedListBody } from '../../../../components/paged-list-section'
import { useLocalPaging } from '../../../../components/paging'
import { useEventAttendance } from '../../queries'
import type { AttendanceScope } from './attendance-scope'
import { HiddenChildrenNote } from './hidden-children-note'

/** Who attended on the date (GET event-attendance, by name A to Z), for a reader who may not mark. */
export function AttendanceReadOnly({ scope }: { scope: AttendanceScope }) {
  const { t } = useTranslation('attendance')
  const paging = useLocalPaging()
  const records = useEventAttendance(scope.eventId, {
    team_id: scope.teamId,
    event_date: scope.eventDate,
    page: paging.page,
    per_page: paging.pageSize,
    order_by: 'name',
    order: 'asc',
  })
  const titleId = `attendance-read-${scope.eventId}-${scope.eventDate}`
  const hiddenChildren = records.data?.hidden_children ?? 0

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('readOnly.title')}
      </Title>
      <PagedListBody
        list={records}
        paging={paging}
        pager="answer"
        failure="box"
        texts={{
          // Children withheld, none shown: the note says how many, not that no one attended.
          nothingFound: hiddenChildren > 0 ? <HiddenChildrenNote count={hiddenChildren} alone /> : t('readOnly.none'),
          loadFailed: t('readOnly.loadFailed'),
          loading: t('readOnly.title'),
          pagesOf: t('readOnly.pages'),
        }}
        renderRows={(items) => (
          <>
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {items.map((record) => (
                <Box component="li" key={record.id} py={4}>
                  <Group gap="xs">
                    <Text size="sm">{record.name}</Text>
                    {record.is_visitor && (
                      <Badge size="sm" variant="light">
                        {t('readOnly.visitor')}
                      </Badge>
                    )}
                  </Group>
                </Box>
              ))}
            </Box>
            <HiddenChildrenNote count={hiddenChildren} alone={false} />
          </>
        )}
      />
    </Stack>
  )
}
