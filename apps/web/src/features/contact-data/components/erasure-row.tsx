import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { ContactErasure } from '@crm/domain'
import { useDateFormat } from '../../../lib/date-format'
import { useCancelContactErasure } from '../queries'

const statusColors = { pending: 'orange', cancelled: 'gray', carried_out: 'red' } as const

export interface ErasureRowProps {
  erasure: ContactErasure
  teamId: number
  onKept: (text: string) => void
  attempt: <T>(action: () => Promise<T>) => Promise<T>
}

/**
 * One erasure or de-identification: whose record, when and by whom it was asked and why (or
 * that the team's retention setting did it, after how many months without activity), and what
 * became of it, in the words of its mode; "Keep this contact" while it is pending.
 */
export function ErasureRow({ erasure, teamId, onKept, attempt }: ErasureRowProps) {
  const { t } = useTranslation('contact-data')
  const format = useDateFormat()
  const cancel = useCancelContactErasure()
  const { mode } = erasure
  const bySchedule = erasure.retention_months !== null
  // Named while held; a child the caller may not see is not named; a record that is gone is a number.
  const record = erasure.contact_name === null ? t(`row.gone.${mode}`, { id: erasure.contact_id }) : erasure.contact_name || t('row.child')
  const requestedOn = format.date(erasure.requested_at)
  const onKeep = async () => {
    try {
      await attempt(() => cancel.mutateAsync({ team_id: teamId, erasure_id: erasure.id }))
      onKept(t(`row.kept.${mode}`, { record }))
    } catch {
      // The page says why (useActionFailure).
    }
  }
  return (
    <Paper
      withBorder
      p="sm"
      role="listitem"
      aria-label={bySchedule ? t('row.labelSchedule', { record, date: requestedOn }) : t('row.label', { record, date: requestedOn })}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {/* A record that is gone has no page to open. */}
          {erasure.status === 'carried_out' ? (
            <Text fw={600}>{record}</Text>
          ) : (
            <Anchor component={Link} to={`/contacts/view/${erasure.contact_id}`} fw={600}>
              {record}
            </Anchor>
          )}
          <Badge variant="light" color={statusColors[erasure.status]}>
            {erasure.status === 'carried_out' ? t(`status.carried_out.${mode}`) : t(`status.${erasure.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {bySchedule ? t('row.schedule', { date: requestedOn }) : t('row.asked', { date: requestedOn, name: erasure.requested_by_name || t('row.someone') })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {erasure.retention_months === null ? t('row.reason', { reason: erasure.reason }) : t('row.scheduleReason', { count: erasure.retention_months })}
        </Text>
        <Text size="sm" c="dimmed">
          {outcomeOf(erasure, t, format.date)}
        </Text>
        {erasure.status === 'pending' && (
          <Group justify="flex-end">
            <Button size="sm" variant="default" loading={cancel.isPending} onClick={() => void onKeep()} aria-label={t('row.keepOf', { record })}>
              {t('row.keep')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

type Translate = ReturnType<typeof useTranslation<'contact-data'>>['t']

/** When it is due, or when and by whom it was called off, or when it was carried out. */
function outcomeOf(erasure: ContactErasure, t: Translate, date: (value: string) => string): string {
  if (erasure.status === 'cancelled')
    return erasure.cancelled_at
      ? t('row.cancelled', { date: date(erasure.cancelled_at), name: erasure.cancelled_by_name || t('row.someone') })
      : t('status.cancelled')
  if (erasure.status === 'carried_out')
    return erasure.carried_out_at ? t(`row.carriedOut.${erasure.mode}`, { date: date(erasure.carried_out_at) }) : t(`status.carried_out.${erasure.mode}`)
  return t(`row.due.${erasure.mode}`, { date: date(erasure.due_at) })
}
