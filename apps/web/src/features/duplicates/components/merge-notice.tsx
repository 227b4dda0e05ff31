import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Group, Text } from '@mantine/core'
import { IconArrowMerge } from '@tabler/icons-react'
import type { UndoableMerge } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useDateFormat } from '../../../lib/date-format'
import { errorText } from '../../../lib/errors'
import { useContactMerges, useUndoContactMerge } from '../queries'
import { DoneMessage } from '../../../components/done-message'

/**
 * On a contact's page, for who may merge in the team (delete_contact): each merge into the
 * contact that can still be undone, with "Undo merge". Undone, both records are as they were
 * and the page says so, with the way to the other record.
 */
export function MergeNotice({ contactId, teamId }: { contactId: number; teamId: number }) {
  const { t } = useTranslation(['duplicates', 'common'])
  const format = useDateFormat()
  const merges = useContactMerges(contactId, teamId)
  const undo = useUndoContactMerge()
  const failure = useActionFailure()
  const [asking, setAsking] = useState<UndoableMerge | null>(null)
  const [undone, setUndone] = useState<UndoableMerge | null>(null)

  const run = async (merge: UndoableMerge) => {
    await failure.attempt(
      () => undo.mutateAsync({ team_id: teamId, merge_id: merge.id }),
      (error) => errorText(error, t('undo.failed')),
    )
    setUndone(merge)
  }

  return (
    <>
      {/* Announced when it appears; it stays in the page while the contact is read again. */}
      <DoneMessage
        message={
          undone && (
            <>
              {t('undo.done', { name: undone.other_name })}{' '}
              <Anchor component={Link} to={`/contacts/view/${undone.other_contact_id}`} underline="always" inherit>
                {t('undo.open', { name: undone.other_name })}
              </Anchor>
            </>
          )
        }
        onClose={() => setUndone(null)}
      />
      <ActionFailureAlert failure={failure} />
      {(merges.data?.data ?? []).map((merge) => (
        <Alert key={merge.id} role="note" color="blue" variant="light" icon={<IconArrowMerge size={18} aria-hidden="true" />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t('undo.notice', { name: merge.other_name, date: format.date(merge.created_at) })} {t('undo.until', { date: format.date(merge.undo_until) })}
            </Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                failure.clear()
                setAsking(merge)
              }}
              aria-label={t('undo.actionOf', { name: merge.other_name })}
            >
              {t('undo.action')}
            </Button>
          </Group>
        </Alert>
      ))}
      <ConfirmDialog
        opened={asking !== null}
        title={t('undo.title')}
        message={asking ? t('undo.question', { name: asking.other_name }) : ''}
        confirmLabel={t('undo.action')}
        onConfirm={() => (asking ? run(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
    </>
  )
}
