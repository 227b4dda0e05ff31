import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { ContactItem, TeamGroupParams } from '@crm/domain'
import { useActionFailure, type ActionFailure } from '../../../../components/action-failure'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { withFlash } from '../../../../lib/flash'
import { useContactAction, type ContactAction } from '../../queries'

/** delete_contact shows archive, restore and remove (spec 2 §6, D2-6-08): on the edit page and the contact page alike. */
export function mayArchive(item: ContactItem): boolean {
  return item.auth.user_capabilities.delete_contact === true
}

/** The contact's status, where the caller is shown it (the details may be withheld). */
export function statusOf(item: ContactItem): 'active' | 'archive' | null {
  return (item.data_view ?? item.data_edit)?.status ?? null
}

export interface ContactActionsOptions {
  contact: { id: number; name: string; status: 'active' | 'archive' }
  scope: TeamGroupParams
  /** The selected group is the team's primary group: removing takes the contact out of the team. */
  isPrimaryGroup: boolean
  groupTitle: string
}

export interface ContactActions {
  /** Archive for an active contact, Restore for an archived one. */
  statusAction: ContactAction
  labels: Record<ContactAction, string>
  /** Opens the confirmation of one action. */
  ask: (action: ContactAction) => void
  /** Why the last confirmed action failed: always 'Error' (spec 2 §8); shown with ActionFailureAlert. */
  failure: Pick<ActionFailure, 'text'>
  /** The confirmation dialog; render it once. */
  dialog: ReactNode
}

/**
 * Archive, restore and remove, each confirmed (spec 2 §2): one mutation, one set of texts,
 * shared by the edit page's Actions section and the contact page's header. On success it goes
 * to /contacts and says there what happened; a failure closes the dialog and the page says 'Error'.
 */
export function useContactActions({ contact, scope, isPrimaryGroup, groupTitle }: ContactActionsOptions): ContactActions {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const navigate = useNavigate()
  const act = useContactAction()
  const [asking, setAsking] = useState<ContactAction | null>(null)
  const failure = useActionFailure()
  const statusAction: ContactAction = contact.status === 'archive' ? 'restore' : 'archive'
  const { name } = contact

  const labels: Record<ContactAction, string> = {
    archive: t('actions.archive'),
    restore: t('actions.restore'),
    remove: isPrimaryGroup ? t('actions.removeFromTeam') : t('actions.removeFromGroup'),
  }
  const questions: Record<ContactAction, string> = {
    archive: t('actions.confirmArchive', { name }),
    restore: t('actions.confirmRestore', { name }),
    remove: isPrimaryGroup ? t('actions.confirmRemoveFromTeam', { name }) : t('actions.confirmRemoveFromGroup', { name, group: groupTitle }),
  }
  const outcomes: Record<ContactAction, string> = {
    archive: t('actions.archived', { name }),
    restore: t('actions.restored', { name }),
    remove: isPrimaryGroup ? t('actions.removedFromTeam', { name }) : t('actions.removedFromGroup', { name, group: groupTitle }),
  }

  const ask = (action: ContactAction) => {
    failure.clear()
    setAsking(action)
  }

  const run = async (action: ContactAction) => {
    // Spec 2 §8: remove, archive and unarchive failures show 'Error' on the page, whatever the reason.
    await failure.attempt(
      () => act.mutateAsync({ ...scope, user_id: contact.id, action }),
      () => t('contacts:error'),
    )
    await navigate('/contacts', { state: withFlash(outcomes[action]) })
  }

  const dialog = (
    <ConfirmDialog
      opened={asking !== null}
      title={asking ? labels[asking] : ''}
      message={asking ? questions[asking] : ''}
      confirmLabel={asking ? labels[asking] : undefined}
      danger={asking === 'remove' || asking === 'archive'}
      onConfirm={() => (asking ? run(asking) : undefined)}
      onClose={() => setAsking(null)}
    />
  )

  return { statusAction, labels, ask, failure, dialog }
}
