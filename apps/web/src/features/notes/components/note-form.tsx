import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Radio, Stack, Textarea } from '@mantine/core'
import { maxNoteLength, noteTypes } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { useFormSubmission } from '../../../lib/form-submission'

// What a person types: the wire's bound on a note's text (the ciphertext is bounded to match).
const noteForm = z.object({
  content: z.string().trim().min(1).max(maxNoteLength),
  type: z.enum(noteTypes),
})
export type NoteFormValues = z.infer<typeof noteForm>

export interface NoteFormProps {
  /** The form's accessible name and its heading's id. */
  label: string
  initial?: Partial<NoteFormValues>
  /** The Public or Private choice (spec 2 §5: only where the team keeps public notes). */
  offerType: boolean
  /** Who reads the note, said under the text when no choice is offered. */
  readers?: string
  placeholder?: string
  submitLabel: string
  /** Saves the note; a failure is shown by the form. */
  onSave: (values: NoteFormValues) => Promise<unknown>
  onCancel?: () => void
}

/**
 * Writes or edits one note: its text, and its type where the team keeps public notes, each
 * choice saying who reads the note. A new note is public where the team keeps public notes
 * (the team's setting says its notes are for everyone who opens the contact), else private.
 */
export function NoteForm({ label, initial, offerType, readers, placeholder, submitLabel, onSave, onCancel }: NoteFormProps) {
  const { t } = useTranslation(['notes', 'common', 'contacts'])
  const defaults: NoteFormValues = { content: initial?.content ?? '', type: initial?.type ?? (offerType ? 'public' : 'private') }
  const form = useForm<NoteFormValues>({ resolver: zodResolver(noteForm), defaultValues: defaults })
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submission.submit(() => onSave(values))
    if (result.ok && !initial) form.reset(defaults)
  }, submission.reportInvalid)

  const contentError = errors.content?.type === 'too_big' ? t('notes:tooLong', { max: maxNoteLength }) : errors.content ? t('common:fieldRequired') : undefined

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <Stack gap="sm" maw={640}>
        <Textarea
          label={t('notes:content')}
          placeholder={placeholder}
          autosize
          minRows={3}
          maxRows={12}
          required
          error={contentError}
          {...(!offerType && readers ? { description: readers } : {})}
          {...form.register('content')}
        />
        {offerType && (
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Radio.Group label={t('notes:type')} value={field.value} onChange={field.onChange}>
                <Stack gap="xs" mt={4}>
                  <Radio value="public" label={t('notes:typePublic')} description={t('notes:readersPublic')} />
                  <Radio value="private" label={t('notes:typePrivate')} description={t('notes:readersPrivate')} />
                </Stack>
              </Radio.Group>
            )}
          />
        )}
        <FormActions submission={submission} submitLabel={submitLabel} cancel={onCancel && { label: t('notes:cancel'), onClick: onCancel }} />
      </Stack>
    </form>
  )
}
