import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Badge, Box, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { Paging, usePageSize } from '../../../../components/paging'
import { useEventAttendance } from '../../queries'
import type { AttendanceScope } from './attendance-scope'
import { HiddenChildrenNote } from './hidden-children-note'

/** Who attended on the date (GET event-attendance, by name A to Z), for a reader who may not mark. */
export function AttendanceReadOnly({ scope }: { scope: AttendanceScope }) {
  const { t } = useTranslation('attendance')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = usePageSize()
  const records = useEventAttendance(scope.eventId, {
    team_id: scope.teamId,
    event_date: scope.eventDate,
    page,
    per_page: pageSize,
    order_by: 'name',
    order: 'asc',
  })
  const titleId = `attendance-read-${scope.eventId}-${scope.eventDate}`
  const items = records.data?.items ?? []
  const hiddenChildren = records.data?.hidden_children ?? 0

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('readOnly.title')}
      </Title>
      {records.isPending ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('readOnly.title')} />
        </Center>
      ) : records.isError ? (
        <Alert color="red" role="alert">
          {t('readOnly.loadFailed')}
        </Alert>
      ) : items.length === 0 && hiddenChildren === 0 ? (
        <Text c="dimmed">{t('readOnly.none')}</Text>
      ) : (
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
      )}
      {records.isSuccess && <HiddenChildrenNote count={hiddenChildren} alone={items.length === 0} />}
      {records.data && (
        <Paging
          page={page}
          maxPages={records.data.max_pages}
          onPageChange={setPage}
          pageSize={pageSize}
          onPageSizeChange={(size) => {
            setPageSize(size)
            setPage(1)
          }}
          label={t('readOnly.pages')}
        />
      )}
    </Stack>
  )
}
