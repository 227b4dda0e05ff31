import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconLock } from '@tabler/icons-react'
import type { AttendanceContact } from '@crm/domain'
import { FormStatus } from '../../../../components/form-status'
import { PagedListBody } from '../../../../components/paged-list-section'
import { useLocalPaging } from '../../../../components/paging'
import { SearchBox } from '../../../../components/search-box'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useAttendanceContacts, useToggleAttendance } from '../../queries'
import { AttendanceFilters, type AttendanceFilterValues } from './attendance-filters'
import { failureReason } from './attendance-errors'
import type { AttendanceScope } from './attendance-scope'

/**
 * The team's contacts for the date (GET contacts-for-attendance, by name A to Z — D2-9-05),
 * with a search, the filters and pages; each toggled attended in one click (D3-2.1-20).
 */
export function AttendanceContacts({ scope }: { scope: AttendanceScope }) {
  const { t } = useTranslation('attendance')
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<AttendanceFilterValues>({})
  const paging = useLocalPaging()
  const contacts = useAttendanceContacts(scope.eventId, scope.eventDate, {
    team_id: scope.teamId,
    group_id: scope.groupId,
    event_id: scope.eventId,
    event_date: scope.eventDate,
    page: paging.page,
    per_page: paging.pageSize,
    order_by: 'name',
    order: 'asc',
    ...(search ? { search } : {}),
    ...filters,
  })
  const toggle = useToggleAttendance(scope)
  const titleId = `attendance-contacts-${scope.eventId}-${scope.eventDate}`

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('contacts.title')}
      </Title>
      <SearchBox
        label={t('contacts.search')}
        onSearch={(value) => {
          setSearch(value.trim())
          paging.setPage(1)
        }}
      />
      <AttendanceFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next)
          paging.setPage(1)
        }}
      />
      <PagedListBody
        list={contacts}
        paging={paging}
        pager="answer"
        failure="box"
        texts={{ nothingFound: t('contacts.none'), loadFailed: t('contacts.loadFailed'), loading: t('contacts.title'), pagesOf: t('contacts.pages') }}
        renderRows={(items) => (
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {items.map((contact) =>
              contact.is_restricted ? (
                <RestrictedRow key={contact.id} />
              ) : (
                <AttendanceRow key={contact.id} contact={contact} onToggle={(attended) => toggle.mutateAsync({ contact, attended })} />
              ),
            )}
          </Box>
        )}
      />
    </Stack>
  )
}

/**
 * A child the child data gate withholds (spec 2 §5, issue 33): the server sends the row
 * without a name or a mark and refuses to mark it, so it offers no toggle and says why.
 */
function RestrictedRow() {
  const { t } = useTranslation('attendance')
  return (
    <Box component="li" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={14} aria-hidden="true" style={{ marginTop: 4, flex: 'none' }} />
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t('contacts.restrictedName')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('contacts.restricted')}
          </Text>
        </Stack>
      </Group>
    </Box>
  )
}

/**
 * One contact: the toggle saves at once (shown before the server answers), then the save
 * indicator goes processing, success for 1 s, processed, reset (D3-2.1-29); a failure puts
 * the toggle back and says why.
 */
function AttendanceRow({ contact, onToggle }: { contact: AttendanceContact; onToggle: (attended: boolean) => Promise<unknown> }) {
  const { t } = useTranslation('attendance')
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts.saved'), errorMessage: failureReason })
  // The click shows at once; the lists' cache follows (optimistic) and has the last word once saved.
  const [clicked, setClicked] = useState<boolean | null>(null)
  const details = contact.member_status_display

  return (
    <Box component="li" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-save-status={submission.status}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Checkbox
          checked={clicked ?? contact.attended === true}
          aria-label={t('contacts.attendedLabel', { name: contact.name })}
          label={
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {contact.name}
              </Text>
              {details && (
                <Text size="xs" c="dimmed">
                  {details}
                </Text>
              )}
            </Stack>
          }
          onChange={(event) => {
            const attended = event.currentTarget.checked
            setClicked(attended)
            void submission.submit(() => onToggle(attended)).finally(() => setClicked(null))
          }}
        />
        <Box miw={72} ta="right" aria-hidden="true">
          {submission.status === 'processing' && <Loader size="xs" />}
          {submission.status === 'success' && <IconCheck size={16} color="var(--mantine-color-teal-7)" />}
        </Box>
      </Group>
      {submission.status === 'processing' && (
        <Text size="xs" c="dimmed">
          {t('contacts.saving')}
        </Text>
      )}
      <FormStatus submission={submission} />
    </Box>
  )
}
