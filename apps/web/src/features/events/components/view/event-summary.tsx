import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { EventView } from '@crm/domain'
import { useDateFormat } from '../../../../lib/date-format'
import { describeRule } from '../../describe-recurrence'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  )
}

/** What the event is: when, its schedule, type, address and phases (spec 3 §2.1). */
export function EventSummary({ event }: { event: EventView }) {
  const { t } = useTranslation(['events', 'interactions'])
  const format = useDateFormat()
  const schedule = event.is_recurring ? describeRule(event.rrule, event.start_time, t, format.date) : null
  return (
    // Two columns even on a phone: in one, six rows pushed the attendance below the first screen (issue 37).
    <SimpleGrid component="dl" cols={{ base: 2, lg: 3 }} spacing="md" m={0}>
      <Row label={t('view.when')}>{event.next_occurance_data?.start_date_time_display ?? t('view.noNext')}</Row>
      {schedule && <Row label={t('view.schedule')}>{schedule}</Row>}
      {event.type_display && (
        <Row label={t('view.type')}>
          <Group gap="xs" component="span">
            {event.type_display}
            {event.is_public && (
              <Badge variant="light" size="sm" component="span">
                {t('view.public')}
              </Badge>
            )}
          </Group>
        </Row>
      )}
      <Row label={t('view.address')}>
        {event.no_address || !event.address_formatted ? (
          t('view.noAddress')
        ) : (
          <>
            <span style={{ whiteSpace: 'pre-line' }}>{event.address_formatted_break ?? event.address_formatted}</span>
            {event.address_directions_link && (
              <>
                {' '}
                <Anchor href={event.address_directions_link} target="_blank" rel="noopener noreferrer">
                  {t('view.directions')}
                </Anchor>
              </>
            )}
          </>
        )}
      </Row>
      {event.auc_disciple_phase && <Row label={t('view.disciplePhase')}>{t(`disciplePhases.${event.auc_disciple_phase}`)}</Row>}
      {event.grow_phase && <Row label={t('view.growPhase')}>{t(`interactions:growPhases.${event.grow_phase}`)}</Row>}
    </SimpleGrid>
  )
}
