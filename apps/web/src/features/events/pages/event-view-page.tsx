import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Button, Center, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { datesFromTo } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { RecordLoadFailure } from '../../../components/record-load-failure'
import { useDateFormat } from '../../../lib/date-format'
import { withFlash } from '../../../lib/flash'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { AttendanceSection } from '../components/attendance/attendance-section'
import { EventSummary } from '../components/view/event-summary'
import { OccurrenceEditor } from '../components/view/occurrence-editor'
import { OccurrenceList } from '../components/view/occurrence-list'
import { defaultOccurrence, defaultWindow, isDate, shiftWindow, teamToday, windowOf } from '../occurrence-window'
import { useDeleteEvent, useEvent } from '../queries'

/** Mantine's md breakpoint (62em) less a hair: where the view's grid is one column. */
const narrowMaxWidth = 991.98

/**
 * /events/view/{id} (spec 3 §2.1): the event, Edit and Delete as the caller may, its dates in
 * a window (?from=&to=) and the chosen one (?date=, and ?day= of a multi-day event) with its
 * notes, cancel, restore and move, and its attendance.
 */
export function EventViewPage() {
  const { t } = useTranslation('events')
  const format = useDateFormat()
  const { team } = useSession()
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const window = windowOf(params)
  const event = useEvent(id, team?.id ?? 0, window ?? {})
  const remove = useDeleteEvent()
  const [deleting, setDeleting] = useState(false)
  const deleteFailure = useActionFailure()
  const occurrencesId = useId()
  // Below md the two columns stack: the dates shrink to a select and the attendance comes
  // before the chosen date's notes, so a phone's first screen holds the date and Add visitor (issue 37).
  const narrow = useMediaQuery(`(max-width: ${narrowMaxWidth}px)`, false, { getInitialValueInEffect: false })
  usePageTitle(event.data?.title ?? t('viewPageName'))
  if (!team) return null

  const valid = Number.isInteger(id) && id > 0
  if (!valid || event.isError) {
    return (
      <RecordLoadFailure
        error={valid ? event.error : null}
        texts={{ notFound: t('view.notFound'), failed: t('view.loadFailed'), back: t('view.back') }}
        backTo="/events"
      />
    )
  }
  if (!event.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('list.loading')} />
      </Center>
    )
  }

  const data = event.data
  const today = teamToday(data.time_zone)
  const shown = window ?? defaultWindow(today)
  const asked = params.get('date')
  const chosen = data.occurrences.find((each) => each.event_date === asked) ?? (asked ? undefined : defaultOccurrence(data.occurrences, today))
  const chosenDate = chosen?.event_date ?? (isDate(asked) ? asked : undefined)
  const days = chosen && chosen.end_date > chosen.event_date ? datesFromTo(chosen.event_date, chosen.end_date) : []
  const askedDay = params.get('day')
  const attendanceDate = days.length > 0 && askedDay && days.includes(askedDay) ? askedDay : chosenDate

  const setParam = (changes: Record<string, string | undefined>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace },
    )

  const confirmDelete = async () => {
    await deleteFailure.attempt(() => remove.mutateAsync({ team_id: team.id, id: data.id }), t('form.notSaved'))
    await navigate('/events', { state: withFlash(t('view.deleted')) })
  }

  const dates = (
    <Stack component="section" aria-labelledby={occurrencesId} gap="sm">
      {/* On a phone the select's own label says it: the heading stays for the page's outline. */}
      {narrow ? (
        <VisuallyHidden component="h2" id={occurrencesId}>
          {t('view.occurrences')}
        </VisuallyHidden>
      ) : (
        <Title order={2} size="h3" id={occurrencesId}>
          {t('view.occurrences')}
        </Title>
      )}
      <OccurrenceList
        occurrences={data.occurrences}
        chosen={chosenDate}
        onChoose={(date) => setParam({ date, day: undefined })}
        window={shown}
        onShift={(direction) => {
          const next = shiftWindow(shown, direction)
          setParam({ from: next.from, to: next.to }, true)
        }}
        headingId={occurrencesId}
        compact={narrow}
        nearest={data.next_occurance_data?.event_date ?? data.last_date}
        onGoTo={(date) => {
          const around = defaultWindow(date)
          setParam({ from: around.from, to: around.to, date, day: undefined })
        }}
      />
    </Stack>
  )
  const chosenPanel = chosen && (
    <Paper component="section" withBorder p="md" aria-label={t('view.chosen')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {chosen.start_date_time_display}
        </Title>
        <OccurrenceEditor key={chosen.event_date} event={data} occurrence={chosen} onMoved={(date) => setParam({ date, day: undefined })} />
      </Stack>
    </Paper>
  )
  const attendance = chosenDate && data.can_read_attendance && (
    <Stack gap="sm">
      {days.length > 0 && (
        <NativeSelect
          label={t('view.days')}
          w={{ base: '100%', xs: 240 }}
          data={days.map((day) => ({ value: day, label: format.date(day) }))}
          value={attendanceDate}
          onChange={(change) => setParam({ day: change.currentTarget.value }, true)}
        />
      )}
      {attendanceDate && <AttendanceSection event={data} eventDate={attendanceDate} />}
    </Stack>
  )

  return (
    <Stack gap={narrow ? 'lg' : 'xl'}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {data.title}
        </Title>
        <Group gap="sm">
          {data.can_update && (
            <Button component={Link} to={`/events/edit/${data.id}`} variant="default">
              {t('view.edit')}
            </Button>
          )}
          {data.can_delete && (
            <Button
              color="red"
              variant="light"
              onClick={() => {
                deleteFailure.clear()
                setDeleting(true)
              }}
            >
              {t('view.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {/* A failed delete closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={deleteFailure} />
      <EventSummary event={data} />
      {narrow ? (
        <>
          {dates}
          {attendance}
          {chosenPanel}
        </>
      ) : (
        <>
          <SimpleGrid cols={2} spacing="xl">
            {dates}
            {chosenPanel}
          </SimpleGrid>
          {attendance}
        </>
      )}
      {!chosen && data.occurrences.length > 0 && asked && <Text c="dimmed">{t('messages.notAnOccurrence')}</Text>}
      <ConfirmDialog
        opened={deleting}
        title={t('view.deleteTitle')}
        message={t('view.deleteMessage', { title: data.title })}
        confirmLabel={t('view.delete')}
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  )
}

export { EventViewPage as Component }
