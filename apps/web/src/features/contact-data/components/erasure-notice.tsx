import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { useDateFormat } from '../../../lib/date-format'
import { useCancelContactErasure, usePendingErasure } from '../queries'

/**
 * On a contact's page, for who may remove the team's contacts (delete_contact): the erasure
 * asked for and not yet carried out, when it will be, who asked and why, with "Keep this
 * contact", which calls it off. Called off, the page says so.
 */
export function ErasureNotice({ contact, teamId }: { contact: { id: number; name: string }; teamId: number }) {
  const { t } = useTranslation(['contact-data', 'common'])
  const format = useDateFormat()
  const pending = usePendingErasure(contact.id, teamId)
  const cancel = useCancelContactErasure()
  const failure = useActionFailure()
  const [kept, setKept] = useState(false)
  const erasure = pending.data

  const keep = async (erasureId: number) => {
    setKept(false)
    try {
      await failure.attempt(() => cancel.mutateAsync({ team_id: teamId, erasure_id: erasureId }), t('notice.keepFailed'))
      setKept(true)
    } catch {
      // The page says why (useActionFailure).
    }
  }

  return (
    <>
      {/* Announced when it appears; it stays while the erasures are read again. */}
      <div aria-live="polite">
        {kept && (
          <Alert role="status" color="teal" withCloseButton closeButtonLabel={t('common:close')} onClose={() => setKept(false)}>
            {t('notice.kept', { name: contact.name })}
          </Alert>
        )}
      </div>
      <ActionFailureAlert failure={failure} />
      {erasure && (
        <Alert role="note" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('notice.due', { date: format.date(erasure.due_at) })}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('notice.asked', { name: erasure.requested_by_name || t('row.someone'), date: format.date(erasure.requested_at), reason: erasure.reason })}
              </Text>
            </Stack>
            <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => void keep(erasure.id)}>
              {t('notice.keep')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  )
}
