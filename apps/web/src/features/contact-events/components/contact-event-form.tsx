import { Controller, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Select, Stack, TextInput, Textarea } from '@mantine/core'
import {
  contactEventTypesOf,
  growPhases,
  maxContactEventContentLength,
  otherContactEventType,
  presetMemberStatus,
  type ContactEventItem,
  type ContactEventKind,
} from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { useFormSubmission } from '../../../lib/form-submission'
import { useLookup } from '../../lookups/queries'
import type { ContactEventWrite } from '../queries'

const eventForm = z.object({
  type: z.string().min(1),
  date: z.iso.date(),
  grow_phase: z.enum(growPhases).nullable(),
  member_status: z.string().nullable(),
  content: z.string().trim().max(maxContactEventContentLength),
})
type EventFormValues = z.infer<typeof eventForm>

/** Today's date (YYYY-MM-DD) where the person is. */
function today(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

function valuesOf(item: ContactEventItem | undefined, contactStatus: string | null): EventFormValues {
  if (!item) return { type: '', date: today(), grow_phase: null, member_status: contactStatus, content: '' }
  return {
    type: item.type,
    date: item.date,
    grow_phase: (item.grow_phase as EventFormValues['grow_phase']) ?? null,
    member_status: item.member_status,
    content: item.content ?? '',
  }
}

export interface ContactEventFormProps {
  kind: ContactEventKind
  label: string
  item?: ContactEventItem
  /** The contact's member status: a new event's starts from it (spec 2 §4.5). */
  contactMemberStatus: string | null
  submitLabel: string
  onSave: (fields: ContactEventWrite) => Promise<unknown>
  onCancel?: () => void
}

/**
 * Adds or edits a decision or event: its type (of the tab's kind), date, the grow phase for
 * type other alone, the member status it brings (a baptism presets member) and a text.
 */
export function ContactEventForm({ kind, label, item, contactMemberStatus, submitLabel, onSave, onCancel }: ContactEventFormProps) {
  const { t } = useTranslation(['contact-events', 'common', 'contacts', 'interactions'])
  const form = useForm<EventFormValues>({ resolver: zodResolver(eventForm), defaultValues: valuesOf(item, contactMemberStatus) })
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const type = useWatch({ control: form.control, name: 'type' })
  const types = useLookup('user-event-types')
  const statuses = useLookup('member-status-types')
  const { errors } = form.formState
  const required = (field: keyof EventFormValues) => (errors[field] ? t('common:fieldRequired') : undefined)
  const options = (items: Array<{ id: string | number; title: string }> | undefined) =>
    (items ?? []).map((option) => ({ value: String(option.id), label: option.title }))

  const onSubmit = form.handleSubmit(async (values) => {
    const fields: ContactEventWrite = {
      type: values.type,
      date: values.date,
      grow_phase: values.type === otherContactEventType ? values.grow_phase : null,
      member_status: values.member_status,
      content: values.content || null,
    }
    const result = await submission.submit(() => onSave(fields))
    if (result.ok && !item) form.reset(valuesOf(undefined, contactMemberStatus))
  }, submission.reportInvalid)

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <Stack gap="sm" maw={640}>
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label={t('type')}
              required
              data={options(contactEventTypesOf(types.data ?? [], kind))}
              value={field.value || null}
              error={required('type')}
              onChange={(value) => {
                field.onChange(value ?? '')
                // A baptism makes the contact a member; another type keeps the status it had.
                form.setValue('member_status', presetMemberStatus(value, item ? item.member_status : contactMemberStatus))
              }}
            />
          )}
        />
        {type === otherContactEventType && (
          <Controller
            control={form.control}
            name="grow_phase"
            render={({ field }) => (
              <Select
                label={t('growPhase')}
                data={growPhases.map((phase) => ({ value: phase, label: t(`interactions:growPhases.${phase}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(value)}
              />
            )}
          />
        )}
        <TextInput type="date" label={t('date')} required error={required('date')} {...form.register('date')} />
        <Controller
          control={form.control}
          name="member_status"
          render={({ field }) => (
            <Select label={t('memberStatus')} data={options(statuses.data)} value={field.value} onChange={(value) => field.onChange(value)} />
          )}
        />
        <Textarea
          label={t('content')}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={maxContactEventContentLength}
          error={errors.content ? t('tooLong', { max: maxContactEventContentLength }) : undefined}
          {...form.register('content')}
        />
        <FormActions submission={submission} submitLabel={submitLabel} cancel={onCancel && { label: t('cancel'), onClick: onCancel }} />
      </Stack>
    </form>
  )
}
