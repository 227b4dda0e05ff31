import { Controller, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core'
import {
  eventDate,
  maxNotificationContent,
  notificationImportances,
  notificationLevels,
  notificationLinkUrl,
  type ManagedNotification,
  type NotificationImportance,
  type NotificationLevel,
} from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'

// The form's own shape: empty strings for empty fields; the date is needed only when scheduled (spec 3 §5).
const notificationForm = z
  .object({
    content: z.string().trim().min(1).max(maxNotificationContent),
    link_url: z.union([z.literal(''), notificationLinkUrl]),
    link_text: z.string().trim().max(200),
    importance: z.enum(notificationImportances),
    is_scheduled: z.boolean(),
    date: z.string(),
    level: z.enum(notificationLevels),
  })
  .superRefine((value, context) => {
    if (value.is_scheduled && !eventDate.safeParse(value.date).success) {
      context.addIssue({ code: 'custom', path: ['date'], message: 'date' })
    }
  })
export type NotificationFormValues = z.infer<typeof notificationForm>

/** What the form sends: add-notification and update-notification take the same fields. */
export interface NotificationPayload {
  content: string
  link_url: string | null
  link_text: string | null
  importance: NotificationImportance
  is_scheduled: boolean
  date: string | null
  level?: NotificationLevel
}

const fieldNames = ['content', 'link_url', 'link_text', 'importance', 'is_scheduled', 'date', 'level'] as const

export function formValuesOf(item?: ManagedNotification): NotificationFormValues {
  return {
    content: item?.content ?? '',
    link_url: item?.link_url ?? '',
    link_text: item?.link_text ?? '',
    importance: item?.importance ?? 'normal',
    is_scheduled: item?.is_scheduled ?? false,
    date: item?.date ?? '',
    level: item?.level ?? 'conference',
  }
}

interface ManageNotificationFormProps {
  /** The notification being edited; a new one when left out. */
  item?: ManagedNotification
  /** Only the account role admin chooses the level (spec 3 §6). */
  showLevel: boolean
  submitLabel: string
  onSave: (payload: NotificationPayload) => Promise<unknown>
  onSaved?: () => void
  onCancel?: () => void
}

/** The notification form of /manage-notifications, for Add new and for quick edit (spec 3 §2.7, §5). */
export function ManageNotificationForm({ item, showLevel, submitLabel, onSave, onSaved, onCancel }: ManageNotificationFormProps) {
  const { t } = useTranslation('manage-notifications')
  const form = useForm<NotificationFormValues>({ resolver: zodResolver(notificationForm), defaultValues: formValuesOf(item) })
  const submission = useFormSubmission({
    errorMessage: (error) => (isApiError(error) && Object.keys(error.fieldErrors).length > 0 ? t('form.fieldsRefused') : t('form.saveFailed')),
  })
  const { errors } = form.formState
  const isScheduled = useWatch({ control: form.control, name: 'is_scheduled' })

  // A server message for the field when it refused it, else the form's own text for the rule broken.
  const fieldError = (name: (typeof fieldNames)[number], own: string) => {
    const error = errors[name]
    if (!error) return undefined
    return error.type === 'server' && error.message ? error.message : own
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const payload: NotificationPayload = {
      content: values.content,
      link_url: values.link_url || null,
      link_text: values.link_text || null,
      importance: values.importance,
      is_scheduled: values.is_scheduled,
      date: values.is_scheduled ? values.date : null,
      ...(showLevel ? { level: values.level } : {}),
    }
    const result = await submission.submit(() => onSave(payload))
    if (result.ok) {
      if (!item) form.reset(formValuesOf())
      onSaved?.()
    } else if (isApiError(result.error)) {
      for (const [field, message] of Object.entries(result.error.fieldErrors)) {
        const name = fieldNames.find((known) => known === field)
        if (name) form.setError(name, { type: 'server', message })
      }
    }
  }, submission.reportInvalid)

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <Textarea
          label={t('form.content')}
          description={t('form.contentHint')}
          withAsterisk
          required
          autosize
          minRows={3}
          maxRows={10}
          error={fieldError('content', errors.content?.type === 'too_big' ? t('form.contentTooLong') : t('form.contentRequired'))}
          {...form.register('content')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('form.linkUrl')}
            placeholder="https://"
            maxLength={2000}
            error={fieldError('link_url', t('form.linkUrlInvalid'))}
            {...form.register('link_url')}
          />
          <TextInput label={t('form.linkText')} maxLength={200} error={fieldError('link_text', t('form.linkTextTooLong'))} {...form.register('link_text')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="importance"
            render={({ field }) => (
              <Select
                label={t('form.importance')}
                data={notificationImportances.map((value) => ({ value, label: t(`importance.${value}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'normal')}
                allowDeselect={false}
                error={fieldError('importance', t('form.saveFailed'))}
              />
            )}
          />
          {showLevel && (
            <Controller
              control={form.control}
              name="level"
              render={({ field }) => (
                <Select
                  label={t('form.level')}
                  data={notificationLevels.map((value) => ({ value, label: t(`level.${value}`) }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'conference')}
                  allowDeselect={false}
                  error={fieldError('level', t('form.saveFailed'))}
                />
              )}
            />
          )}
        </SimpleGrid>
        <Switch label={t('form.scheduled')} {...form.register('is_scheduled')} />
        {isScheduled && (
          <TextInput
            type="date"
            label={t('form.date')}
            withAsterisk
            required
            maw={260}
            error={fieldError('date', t('form.dateRequired'))}
            {...form.register('date')}
          />
        )}
        <FormActions submission={submission} submitLabel={submitLabel} cancel={onCancel && { label: t('cancel'), onClick: onCancel }} />
      </Stack>
    </form>
  )
}
