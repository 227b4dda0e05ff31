import { useTranslation } from 'react-i18next'
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import type { Occurrence } from '@crm/domain'
import { useDateFormat } from '../../../../lib/date-format'
import type { OccurrenceWindow } from '../../occurrence-window'

interface OccurrenceListProps {
  occurrences: readonly Occurrence[]
  chosen: string | undefined
  onChoose: (date: string) => void
  window: OccurrenceWindow
  onShift: (direction: -1 | 1) => void
  headingId: string
  /** The event's next (else last) date, offered when the window holds none. */
  nearest?: string | null
  onGoTo?: (date: string) => void
}

/** The event's dates in a window, with Earlier and Later (spec 3 §2.1 occurrences). */
export function OccurrenceList({ occurrences, chosen, onChoose, window, onShift, headingId, nearest, onGoTo }: OccurrenceListProps) {
  const { t } = useTranslation('events')
  const { date: day } = useDateFormat()
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden="true" />} onClick={() => onShift(-1)}>
          {t('view.earlier')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('view.window', { from: day(window.from), to: day(window.to) })}
        </Text>
        <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden="true" />} onClick={() => onShift(1)}>
          {t('view.later')}
        </Button>
      </Group>
      {occurrences.length === 0 ? (
        <Group gap="sm">
          <Text c="dimmed">{t('view.noOccurrences')}</Text>
          {nearest && onGoTo && (
            <Button variant="light" size="compact-sm" onClick={() => onGoTo(nearest)}>
              {t('view.goTo', { date: day(nearest) })}
            </Button>
          )}
        </Group>
      ) : (
        <Stack gap={6} role="list" aria-labelledby={headingId}>
          {occurrences.map((occurrence) => {
            const selected = occurrence.event_date === chosen
            return (
              <Paper key={occurrence.event_date} role="listitem" withBorder p="xs" bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
                <UnstyledButton
                  onClick={() => onChoose(occurrence.event_date)}
                  // Named by what it shows (WCAG 2.5.3): the date, its badges and the count.
                  aria-pressed={selected}
                  w="100%"
                >
                  <Group gap="xs" wrap="wrap">
                    <Text fw={selected ? 700 : 500} td={occurrence.is_cancelled ? 'line-through' : undefined}>
                      {occurrence.start_date_time_display}
                    </Text>
                    {occurrence.is_cancelled && (
                      <Badge color="red" variant="light" size="sm">
                        {t('view.cancelled')}
                      </Badge>
                    )}
                    {occurrence.original_date !== occurrence.event_date && (
                      <Badge color="gray" variant="light" size="sm">
                        {t('view.moved', { date: day(occurrence.original_date) })}
                      </Badge>
                    )}
                    <Text size="sm" c="dimmed">
                      {t('view.attendanceCount', { count: occurrence.attendance_count })}
                    </Text>
                  </Group>
                </UnstyledButton>
                {occurrence.notes && (
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                    {occurrence.notes}
                  </Text>
                )}
              </Paper>
            )
          })}
        </Stack>
      )}
    </Stack>
  )
}
