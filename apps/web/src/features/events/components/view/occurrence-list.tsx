import { useTranslation } from 'react-i18next'
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
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
  /**
   * One select of the dates instead of a row each: on a phone the rows (17 in the default
   * window of a weekly event) would push the attendance thousands of pixels down (issue 37).
   */
  compact?: boolean
}

/** The event's dates in a window, with Earlier and Later (spec 3 §2.1 occurrences). */
export function OccurrenceList({ occurrences, chosen, onChoose, window, onShift, headingId, nearest, onGoTo, compact = false }: OccurrenceListProps) {
  const { t } = useTranslation('events')
  const { date: day } = useDateFormat()
  const windowText = t('view.window', { from: day(window.from), to: day(window.to) })
  if (compact && occurrences.length > 0) {
    const listed = occurrences.some((each) => each.event_date === chosen)
    return (
      <Group gap={6} wrap="nowrap" align="flex-end">
        <ActionIcon variant="default" size={36} onClick={() => onShift(-1)} aria-label={t('view.earlier')}>
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <NativeSelect
          label={t('view.date')}
          description={windowText}
          style={{ flex: 1, minWidth: 0 }}
          value={listed ? chosen : ''}
          onChange={(change) => onChoose(change.currentTarget.value)}
          data={[
            // A date of the URL outside this window is none of the options.
            ...(listed ? [] : [{ value: '', label: t('view.chooseDate'), disabled: true }]),
            ...occurrences.map((occurrence) => ({
              value: occurrence.event_date,
              label: [
                occurrence.start_date_time_display,
                occurrence.is_cancelled ? t('view.cancelled') : null,
                occurrence.original_date !== occurrence.event_date ? t('view.moved', { date: day(occurrence.original_date) }) : null,
                t('view.attendanceCount', { count: occurrence.attendance_count }),
              ]
                .filter(Boolean)
                .join(' · '),
            })),
          ]}
        />
        <ActionIcon variant="default" size={36} onClick={() => onShift(1)} aria-label={t('view.later')}>
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    )
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden="true" />} onClick={() => onShift(-1)}>
          {t('view.earlier')}
        </Button>
        <Text size="sm" c="dimmed">
          {windowText}
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
