import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Checkbox, List, Modal, Radio, Stack, Text, Textarea } from '@mantine/core'
import { eraseContactRequest, erasureGraceDays, erasureModes, type ContactErasure, type ErasureMode, type TeamGroupParams } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { fieldErrorResolver } from '../../../lib/field-error-resolver'
import { useFormSubmission } from '../../../lib/form-submission'
import { useEraseContact } from '../queries'

// The mode and the reason as the contract checks them, and a tick that says the owner knows it is for good.
const eraseForm = eraseContactRequest.pick({ mode: true, reason: true }).extend({ understood: z.literal(true) })
type EraseFormValues = { mode: ErasureMode; reason: string; understood: boolean }

// De-identify first and chosen at first: it removes who the person is and leaves the reports'
// figures as they were, the lesser of the two; erasing everything is a choice made on purpose.
const modeOrder = ['de_identify', 'erase'] as const satisfies readonly ErasureMode[]

export interface EraseContactDialogProps {
  contact: { id: number; name: string }
  /** The team and group the contact's page was opened from. */
  scope: TeamGroupParams
  onClose: () => void
  /** The erasure as recorded: pending until its due date. */
  onRequested: (erasure: ContactErasure) => void
}

/**
 * "Erase or de-identify this contact…" (issue 40 §2): asks what should happen (de-identify,
 * chosen at first, or erase completely), says in plain words what goes, what stays and when,
 * asks why (for the record, without the person's details) and for a tick that it cannot be
 * undone after the grace days. A refusal (the contact signs in, another team owns it, a field)
 * is said in the dialog, which stays open.
 */
export function EraseContactDialog({ contact, scope, onClose, onRequested }: EraseContactDialogProps) {
  const { t } = useTranslation(['contact-data', 'common'])
  const erase = useEraseContact()
  const submission = useFormSubmission({ errorMessage: t('erase.failed') })
  const form = useForm<EraseFormValues>({
    resolver: fieldErrorResolver<EraseFormValues>(eraseForm),
    defaultValues: { mode: 'de_identify', reason: '', understood: false },
  })
  const { errors } = form.formState
  const days = { count: erasureGraceDays }
  const mode = useWatch({ control: form.control, name: 'mode' })

  const onSubmit = form.handleSubmit(async ({ mode: chosen, reason }) => {
    const result = await submission.submit(() => erase.mutateAsync({ ...scope, user_id: contact.id, mode: chosen, reason: reason.trim() }))
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

  const title = t(`erase.title.${mode}`, { name: contact.name })
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="mode"
            render={({ field }) => (
              <Radio.Group
                label={t('erase.choice')}
                name={field.name}
                value={field.value}
                onChange={(value) => field.onChange(erasureModes.find((known) => known === value) ?? field.value)}
              >
                <Stack gap="sm" mt={6}>
                  {modeOrder.map((value) => (
                    <Radio
                      key={value}
                      value={value}
                      label={t(`erase.modes.${value}.label`)}
                      description={t(`erase.modes.${value}.hint`)}
                      // The dialog opens on the choice, the chosen one focused.
                      data-autofocus={value === field.value || undefined}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Text>{t(`erase.what.${mode}`, { name: contact.name })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t(`erase.everyTeam.${mode}`)}</List.Item>
            <List.Item>{t('erase.privateNotes')}</List.Item>
            <List.Item>{t(`erase.reports.${mode}`)}</List.Item>
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
            {...form.register('reason')}
          />
          <Checkbox
            label={t(`erase.understood.${mode}`, days)}
            error={errors.understood ? t(`erase.understoodRequired.${mode}`) : undefined}
            {...form.register('understood')}
          />
          <FormActions
            layout="modal"
            submission={submission}
            submitLabel={t(`erase.submit.${mode}`)}
            submitColor="red"
            cancel={{ label: t('common:cancel'), onClick: onClose }}
          />
        </Stack>
      </form>
    </Modal>
  )
}
