import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileImport, IconUserPlus } from '@tabler/icons-react'
import type { EventView } from '@crm/domain'
import { useDateFormat } from '../../../../lib/date-format'
import { useSession } from '../../../session/session'
import { useEventAttendance } from '../../queries'
import { AttendanceContacts } from './attendance-contacts'
import { AttendanceReadOnly } from './attendance-read-only'
import { AttendanceVisitors } from './attendance-visitors'
import { ImportAttendanceModal } from './import-attendance-modal'
import { VisitorFormModal, type SavedVisitor } from './visitor-form-modal'
import { VisitorMadeNotice } from './visitor-made-notice'
import type { AttendanceScope } from './attendance-scope'

export interface AttendanceSectionProps {
  event: EventView
  /** The chosen event date (YYYY-MM-DD): one of the event's dates. */
  eventDate: string
}

/**
 * The attendance of one event date (spec 3 §2.1 "Attendance", §4): with
 * can_update_attendance, the team's contacts toggled attended in one click each, the visitors
 * added, edited and removed, and an import from a spreadsheet; without it, the list of who
 * attended. Nothing shows without can_read_attendance (D3-6-03).
 */
export function AttendanceSection({ event, eventDate }: AttendanceSectionProps) {
  const { t } = useTranslation('attendance')
  const format = useDateFormat()
  const { team, group } = useSession()
  const [importing, setImporting] = useState(false)
  const [adding, setAdding] = useState(false)
  const [made, setMade] = useState<SavedVisitor | null>(null)
  const canRead = event.can_read_attendance
  const teamId = team?.id ?? event.team_id
  const counted = { team_id: teamId, event_date: eventDate, per_page: 4 as const, order_by: 'name' as const, order: 'asc' as const }
  const attendedContacts = useEventAttendance(event.id, { ...counted, is_visitor: false }, canRead)
  const visitors = useEventAttendance(event.id, { ...counted, is_visitor: true }, canRead)
  if (!canRead || !group) return null

  const onVisitorSaved = (saved: SavedVisitor) => setMade(saved.becameContact ? saved : null)
  const scope: AttendanceScope = { teamId, groupId: group.id, eventId: event.id, eventDate }
  const titleId = `attendance-${event.id}-${eventDate}`
  // The real numbers: the children the child data gate left out of the lists count too.
  const contactsCount = attendedContacts.data && attendedContacts.data.count + (attendedContacts.data.hidden_children ?? 0)
  const visitorsCount = visitors.data && visitors.data.count + (visitors.data.hidden_children ?? 0)

  return (
    <Paper component="section" withBorder p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId}>
      <Stack gap="lg">
        <Box>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4}>
              <Title order={2} size="h4" id={titleId}>
                {t('heading', { date: format.weekdayDate(eventDate) })}
              </Title>
              <Group gap="md" role="group" aria-label={t('counts.label')}>
                <Text size="sm">{t('counts.attended', { count: contactsCount ?? 0 })}</Text>
                <Text size="sm">{t('counts.visitors', { count: visitorsCount ?? 0 })}</Text>
                <Text size="sm" fw={600}>
                  {t('counts.total', { count: (contactsCount ?? 0) + (visitorsCount ?? 0) })}
                </Text>
              </Group>
            </Stack>
            {/* Above the lists, so a phone reaches them without scrolling past 100 contacts (issue 37). */}
            {event.can_update_attendance && (
              <Group gap="sm">
                <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
                  {t('visitors.add')}
                </Button>
                <Button variant="light" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setImporting(true)}>
                  {t('import.button')}
                </Button>
              </Group>
            )}
          </Group>
          {/* There before the notice (as FlashMessage's), so the notice is announced as it appears. */}
          <Box aria-live="polite">{made && <VisitorMadeNotice made={made} onClose={() => setMade(null)} />}</Box>
        </Box>
        {event.can_update_attendance ? (
          <>
            <AttendanceContacts scope={scope} />
            <AttendanceVisitors scope={scope} onSaved={onVisitorSaved} />
            {adding && <VisitorFormModal scope={scope} visitor={null} onClose={() => setAdding(false)} onSaved={onVisitorSaved} />}
            {importing && <ImportAttendanceModal scope={scope} eventTitle={event.title} onClose={() => setImporting(false)} />}
          </>
        ) : (
          <AttendanceReadOnly scope={scope} />
        )}
      </Stack>
    </Paper>
  )
}
