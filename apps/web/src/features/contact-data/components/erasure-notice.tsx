import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ContactErasure, ErasureMode } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { useDateFormat } from '../../../lib/date-format'
import { useCancelContactErasure, usePendingErasure } from '../queries'
import { DoneMessage } from '../../../components/done-message'

/**
 * On a contact's page, for who may remove the team's contacts (delete_contact): the erasure or
 * de-identification asked for and not yet carried out, when it will be, who asked and why (or
 * the team's retention setting), with "Keep this contact", which calls it off. Called off, the
 * page says so.
 */
export function ErasureNotice({ contact, teamId }: { contact: { id: number; name: string }; teamId: number }) {
  const { t } = useTranslation(['contact-data', 'common'])
  const format = useDateFormat()
  const pending = usePendingErasure(contact.id, teamId)
  const cancel = useCancelContactErasure()
  const failure = useActionFailure()
  // The mode of the request called off, while the page says so.
  const [kept, setKept] = useState<ErasureMode | null>(null)
  const erasure = pending.data

  const keep = async (called: ContactErasure) => {
    setKept(null)
    try {
      await failure.attempt(() => cancel.mutateAsync({ team_id: teamId, erasure_id: called.id }), t('notice.keepFailed'))
      setKept(called.mode)
    } catch {
      // The page says why (useActionFailure).
    }
  }

  return (
    <>
      {/* Announced when it appears; it stays while the erasures are read again. */}
      <DoneMessage message={kept && t(`notice.kept.${kept}`, { name: contact.name })} onClose={() => setKept(null)} />
      <ActionFailureAlert failure={failure} />
      {erasure && (
        <Alert role="note" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t(`notice.due.${erasure.mode}`, { date: format.date(erasure.due_at) })}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {erasure.retention_months === null
                  ? t('notice.asked', { name: erasure.requested_by_name || t('row.someone'), date: format.date(erasure.requested_at), reason: erasure.reason })
                  : t('notice.schedule', { count: erasure.retention_months })}
              </Text>
            </Stack>
            <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => void keep(erasure)}>
              {t('notice.keep')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  )
}
