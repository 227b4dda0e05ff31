import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Checkbox, List, Modal, Stack, Text, Textarea } from '@mantine/core'
import { eraseContactRequest, erasureGraceDays, type ContactErasure, type TeamGroupParams } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { fieldErrorResolver } from '../../../lib/field-error-resolver'
import { useFormSubmission } from '../../../lib/form-submission'
import { useEraseContact } from '../queries'

// The reason as the contract checks it, and a tick that says the owner knows it is for good.
const eraseForm = eraseContactRequest.pick({ reason: true }).extend({ understood: z.literal(true) })
type EraseFormValues = { reason: string; understood: boolean }

export interface EraseContactDialogProps {
  contact: { id: number; name: string }
  /** The team and group the contact's page was opened from. */
  scope: TeamGroupParams
  onClose: () => void
  /** The erasure as recorded: pending until its due date. */
  onRequested: (erasure: ContactErasure) => void
}

/**
 * "Erase this contact…" (issue 40 §2): says in plain words what goes and when, asks why (for
 * the record, without the person's details) and for a tick that it cannot be undone after the
 * grace days. A refusal (the contact signs in, another team owns it, a field) is said in the
 * dialog, which stays open.
 */
export function EraseContactDialog({ contact, scope, onClose, onRequested }: EraseContactDialogProps) {
  const { t } = useTranslation(['contact-data', 'common'])
  const erase = useEraseContact()
  const submission = useFormSubmission({ errorMessage: t('erase.failed') })
  const form = useForm<EraseFormValues>({
    resolver: fieldErrorResolver<EraseFormValues>(eraseForm),
    defaultValues: { reason: '', understood: false },
  })
  const { errors } = form.formState
  const days = { count: erasureGraceDays }

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const result = await submission.submit(() => erase.mutateAsync({ ...scope, user_id: contact.id, mode: 'erase', reason: reason.trim() }))
    if (result.ok) {
      onRequested(result.value)
      onClose()
      return
    }
    // The envelope's field errors show under their fields.
    if (isApiError(result.error)) {
      const reasonError = result.error.fieldErrors['reason']
      if (reasonError) form.setError('reason', { type: 'server', message: reasonError })
    }
  }, submission.reportInvalid)

  const title = t('erase.title', { name: contact.name })
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <Text>{t('erase.what', { name: contact.name })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('erase.everyTeam')}</List.Item>
            <List.Item>{t('erase.privateNotes')}</List.Item>
            <List.Item>{t('erase.reports')}</List.Item>
            <List.Item>{t('erase.grace', days)}</List.Item>
          </List>
          <Text size="sm">{t('erase.copyFirst')}</Text>
          <Textarea
            label={t('erase.reason')}
            description={t('erase.reasonHint')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            error={errors.reason?.message}
            data-autofocus
            {...form.register('reason')}
          />
          <Checkbox
            label={t('erase.understood', days)}
            error={errors.understood ? t('erase.understoodRequired') : undefined}
            {...form.register('understood')}
          />
          <FormActions
            layout="modal"
            submission={submission}
            submitLabel={t('erase.submit')}
            submitColor="red"
            cancel={{ label: t('common:cancel'), onClick: onClose }}
          />
        </Stack>
      </form>
    </Modal>
  )
}
