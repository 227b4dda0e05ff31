import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core'
import type { TeamGroupParams } from '@crm/domain'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { useContactAction, type ContactAction } from '../../queries'

export interface ActionsSectionProps {
  contact: { id: number; name: string; status: 'active' | 'archive' }
  scope: TeamGroupParams
  /** The selected group is the team's primary group: removing takes the contact out of the team. */
  isPrimaryGroup: boolean
  groupTitle: string
}

/**
 * The Actions section of the edit page (spec 2 §2; shown with delete_contact): archive or
 * restore, and remove from the team or the group, each confirmed; then /contacts.
 */
export function ActionsSection({ contact, scope, isPrimaryGroup, groupTitle }: ActionsSectionProps) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const navigate = useNavigate()
  const act = useContactAction()
  const [asking, setAsking] = useState<ContactAction | null>(null)
  const [failed, setFailed] = useState(false)
  const statusAction: ContactAction = contact.status === 'archive' ? 'restore' : 'archive'

  const labels: Record<ContactAction, string> = {
    archive: t('actions.archive'),
    restore: t('actions.restore'),
    remove: isPrimaryGroup ? t('actions.removeFromTeam') : t('actions.removeFromGroup'),
  }
  const questions: Record<ContactAction, string> = {
    archive: t('actions.confirmArchive', { name: contact.name }),
    restore: t('actions.confirmRestore', { name: contact.name }),
    remove: isPrimaryGroup
      ? t('actions.confirmRemoveFromTeam', { name: contact.name })
      : t('actions.confirmRemoveFromGroup', { name: contact.name, group: groupTitle }),
  }

  const ask = (action: ContactAction) => {
    setFailed(false)
    setAsking(action)
  }

  const run = async (action: ContactAction) => {
    setFailed(false)
    try {
      await act.mutateAsync({ ...scope, user_id: contact.id, action })
    } catch (error) {
      // Spec 2 §8: remove, archive and unarchive failures show 'Error'; the dialog stays for another try.
      setFailed(true)
      throw error
    }
    await navigate('/contacts')
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contact-actions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-actions-title">
          {t('actions.title')}
        </Title>
        <Group>
          <Button variant="default" onClick={() => ask(statusAction)}>
            {labels[statusAction]}
          </Button>
          <Button variant="outline" color="red" onClick={() => ask('remove')}>
            {labels.remove}
          </Button>
        </Group>
        {failed && (
          <Alert color="red" role="alert">
            {t('contacts:error')}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? labels[asking] : ''}
        message={asking ? questions[asking] : ''}
        confirmLabel={asking ? labels[asking] : undefined}
        danger={asking === 'remove' || asking === 'archive'}
        onConfirm={() => (asking ? run(asking) : undefined)}
        error={failed ? t('contacts:error') : null}
        onClose={() => setAsking(null)}
      />
    </Paper>
  )
}
