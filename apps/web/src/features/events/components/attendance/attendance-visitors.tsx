import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Anchor, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core'
import type { AttendanceItem } from '@crm/domain'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { FormStatus } from '../../../../components/form-status'
import { PagedListBody } from '../../../../components/paged-list-section'
import { useLocalPaging } from '../../../../components/paging'
import { useDateFormat } from '../../../../lib/date-format'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useDeleteAttendance, useEventAttendance } from '../../queries'
import { failureReason } from './attendance-errors'
import type { AttendanceScope } from './attendance-scope'
import { HiddenChildrenNote } from './hidden-children-note'
import { VisitorFormModal, type SavedVisitor } from './visitor-form-modal'

/**
 * The visitors of the date (GET event-attendance with is_visitor): name, phone, email, 'new',
 * and a link to the contact the visitor became; added, edited and removed (after a
 * confirmation) — D3-2.1-21, D3-2.1-22, D3-2.1-23. Add visitor sits in the section's head, within
 * a phone's first screen (issue 37).
 */
export function AttendanceVisitors({ scope, onSaved }: { scope: AttendanceScope; onSaved: (saved: SavedVisitor) => void }) {
  const { t } = useTranslation('attendance')
  const format = useDateFormat()
  const paging = useLocalPaging()
  const [editing, setEditing] = useState<AttendanceItem | null>(null)
  const [removing, setRemoving] = useState<AttendanceItem | null>(null)
  const visitors = useEventAttendance(scope.eventId, {
    team_id: scope.teamId,
    event_date: scope.eventDate,
    is_visitor: true,
    page: paging.page,
    per_page: paging.pageSize,
    order_by: 'name',
    order: 'asc',
  })
  const deleteAttendance = useDeleteAttendance(scope.eventId, scope.eventDate)
  const submission = useFormSubmission({ successMessage: t('visitors.removed'), errorMessage: failureReason })
  const titleId = `attendance-visitors-${scope.eventId}-${scope.eventDate}`
  const hiddenChildren = visitors.data?.hidden_children ?? 0
  // A contact de-identified since (issue 40 §2) stays counted as a visitor with no name.
  const nameOf = (visitor: AttendanceItem) => visitor.name || t('visitors.unnamed')

  const remove = async (visitor: AttendanceItem) => {
    const result = await submission.submit(() => deleteAttendance.mutateAsync({ team_id: scope.teamId, id: visitor.id }))
    // A failure closes the dialog; FormStatus says why.
    if (!result.ok) throw result.error
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('visitors.title')}
      </Title>
      <PagedListBody
        list={visitors}
        paging={paging}
        pager="pages"
        failure="box"
        texts={{
          // Visitors withheld, none shown: the note says how many, not that there were none.
          nothingFound: hiddenChildren > 0 ? <HiddenChildrenNote count={hiddenChildren} alone /> : t('visitors.none'),
          loadFailed: t('visitors.loadFailed'),
          loading: t('visitors.title'),
          pagesOf: t('visitors.title'),
        }}
        renderRows={(items) => (
          <>
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {items.map((visitor) => (
                <Box component="li" key={visitor.id} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                  <Group justify="space-between" gap="xs" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                      <Group gap="xs">
                        <Text size="sm" fw={500}>
                          {nameOf(visitor)}
                        </Text>
                        {visitor.visitor_info_is_new && (
                          <Badge size="sm" variant="light" color="teal">
                            {t('visitors.new')}
                          </Badge>
                        )}
                      </Group>
                      {(visitor.visitor_info_phone || visitor.visitor_info_email) && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {[visitor.visitor_info_phone, visitor.visitor_info_email].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                      {visitor.user_id !== null && (
                        <Anchor
                          component={Link}
                          to={`/contacts/view/${visitor.user_id}`}
                          size="xs"
                          aria-label={t('visitors.contactLinkLabel', { name: nameOf(visitor) })}
                        >
                          {t('visitors.contactLink')}
                        </Anchor>
                      )}
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(visitor)} aria-label={t('visitors.editLabel', { name: nameOf(visitor) })}>
                        {t('visitors.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(visitor)}
                        aria-label={t('visitors.removeLabel', { name: nameOf(visitor) })}
                      >
                        {t('visitors.remove')}
                      </Button>
                    </Group>
                  </Group>
                </Box>
              ))}
            </Box>
            <HiddenChildrenNote count={hiddenChildren} alone={false} />
          </>
        )}
      />
      <FormStatus submission={submission} />
      {editing !== null && <VisitorFormModal scope={scope} visitor={editing} onClose={() => setEditing(null)} onSaved={onSaved} />}
      <ConfirmDialog
        opened={removing !== null}
        title={t('visitors.removeTitle')}
        message={t('visitors.removeMessage', { name: removing ? nameOf(removing) : '', date: format.weekdayDate(scope.eventDate) })}
        confirmLabel={t('visitors.remove')}
        danger
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  )
}
