import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group } from '@mantine/core'
import type { ContactItem, TeamGroupParams } from '@crm/domain'
import { ActionFailureAlert } from '../../../../components/action-failure'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { FormStatus } from '../../../../components/form-status'
import { withFlash } from '../../../../lib/flash'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useSession } from '../../../session/session'
import { useRelinquish } from '../../queries'
import { AskUpdateButton } from '../../../qr-cards/ask-update-button'
import { mayArchive, statusOf, useContactActions, type ContactActionsOptions } from './contact-status-actions'

/** Edit shows for a contact the team owns, who is not a member of it, to a caller who may update it (D2-2.2-03). */
export function mayEdit(item: ContactItem): boolean {
  const { ownership, auth } = item
  const update = auth.user_capabilities.update_contact === true || auth.user_capabilities.update_assigned_contact === true
  return ownership.is_owned_by_current_team && !ownership.is_member_of_current_team && update
}

/** Only the person assigned to the contact may relinquish it (spec 2 §6). */
export function mayRelinquish(item: ContactItem): boolean {
  return item.auth.user_role.startsWith('assigned_')
}

/** Archive or Restore, as the edit page's Actions section offers them (same dialog, same rule). */
function StatusAction(props: ContactActionsOptions) {
  const { statusAction, labels, ask, failure, dialog } = useContactActions(props)
  return (
    <>
      <ActionFailureAlert failure={failure} py={6} />
      <Button variant="default" onClick={() => ask(statusAction)}>
        {labels[statusAction]}
      </Button>
      {dialog}
    </>
  )
}

/** The header actions of /contacts/view/{id}: Edit, Relinquish, Archive or Restore, Add new (spec 2 §2). */
export function HeaderActions({ item, scope }: { item: ContactItem; scope: TeamGroupParams }) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const navigate = useNavigate()
  const { team, group } = useSession()
  const contact = item.data_view_simple
  const status = statusOf(item)
  const relinquish = useRelinquish(contact.id, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', errorMessage: t('contacts:error') })
  const [confirming, setConfirming] = useState(false)

  const confirmRelinquish = async () => {
    const result = await submission.submit(() => relinquish.mutateAsync(undefined))
    if (!result.ok) throw result.error
    await navigate('/contacts', { state: withFlash(t('actions.relinquished', { name: contact.name })) })
  }

  return (
    <Group justify="flex-end" gap="sm" role="group" aria-label={t('actions.label')}>
      <FormStatus submission={submission} />
      {mayEdit(item) && (
        <Button component={Link} to={`/contacts/edit/${contact.id}`} variant="default">
          {t('actions.edit')}
        </Button>
      )}
      {/* An adult may be asked to update chosen details by a link (spec 2 §7.3 consentia-qr-for-user). */}
      {mayEdit(item) && !contact.is_child && team && (
        <AskUpdateButton contact={{ id: contact.id, name: contact.name, email: item.data_view?.email ?? null }} scope={scope} teamName={team.title} />
      )}
      {mayRelinquish(item) && (
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          {t('actions.relinquish')}
        </Button>
      )}
      {mayArchive(item) && status && group && (
        <StatusAction contact={{ id: contact.id, name: contact.name, status }} scope={scope} isPrimaryGroup={group.is_main_group} groupTitle={group.title} />
      )}
      <Button component={Link} to="/contacts/new">
        {t('contacts:addNew')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('actions.relinquishTitle')}
        message={t('actions.relinquishMessage', { name: contact.name })}
        confirmLabel={t('actions.relinquish')}
        danger
        onConfirm={confirmRelinquish}
        onClose={() => setConfirming(false)}
      />
    </Group>
  )
}
