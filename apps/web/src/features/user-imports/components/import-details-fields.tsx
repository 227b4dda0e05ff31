import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Alert, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import { eventDate, type UserImport } from '@crm/domain'
import { useImportFieldLabel } from '../../../components/import-report'
import { isApiError } from '../../../lib/api'

// The form's own shape of the record's title, event date and notes (spec 2 §3): empty strings
// for empty fields; the bounds are the contract's (create-user-import, update-user-import).
export const importDetailsForm = z.object({
  title: z.string().trim().min(1).max(200),
  date: z.union([z.literal(''), eventDate]),
  content: z.string().trim().max(5000),
})
export type ImportDetailsValues = z.infer<typeof importDetailsForm>

const detailFields = ['title', 'date', 'content'] as const

export function detailsOf(item: Pick<UserImport, 'title' | 'date' | 'content'>): ImportDetailsValues {
  return { title: item.title, date: item.date ?? '', content: item.content ?? '' }
}

/** What create-user-import and update-user-import take of the details. */
export function detailsPayload(values: ImportDetailsValues) {
  return { title: values.title, date: values.date || null, content: values.content || null }
}

/**
 * Puts the server's field messages of a refused save on their fields; answers the messages
 * of the other fields (the spreadsheet's rows), to be listed.
 */
export function markServerErrors(form: UseFormReturn<ImportDetailsValues>, error: unknown): Array<[string, string]> {
  if (!isApiError(error)) return []
  const others: Array<[string, string]> = []
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = detailFields.find((known) => known === field)
    if (name) form.setError(name, { type: 'server', message })
    else others.push([field, message])
  }
  return others
}

/** Title, event date and notes of an import (spec 2 §3 "Import-and-share record"). */
export function ImportDetailsFields({ form }: { form: UseFormReturn<ImportDetailsValues> }) {
  const { t } = useTranslation('import-and-share')
  const { errors } = form.formState
  // The server's message when it refused the field, else the form's own text for the rule broken.
  const fieldError = (name: (typeof detailFields)[number], own: string) => {
    const error = errors[name]
    if (!error) return undefined
    return error.type === 'server' && error.message ? error.message : own
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('fields.title')}
          withAsterisk
          required
          maxLength={200}
          error={fieldError('title', errors.title?.type === 'too_big' ? t('fields.titleTooLong') : t('fields.titleRequired'))}
          {...form.register('title')}
        />
        <TextInput type="date" label={t('fields.date')} error={fieldError('date', t('fields.dateInvalid'))} {...form.register('date')} />
      </SimpleGrid>
      <Textarea
        label={t('fields.content')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={5000}
        error={fieldError('content', t('fields.contentTooLong'))}
        {...form.register('content')}
      />
    </Stack>
  )
}

/**
 * The server's messages for fields not on the form: the spreadsheet ('data') or one of its
 * cells ('data.3.email' is row 5 of the file, below its header), named as the person sees them.
 */
export function OtherFieldErrors({ errors }: { errors: Array<[string, string]> }) {
  const { t } = useTranslation('import-and-share')
  const columnLabel = useImportFieldLabel()
  if (errors.length === 0) return null
  const nameOf = (field: string) => {
    if (field === 'data') return t('file.label')
    const cell = /^data\.(\d+)(?:\.(.+))?$/.exec(field)
    if (!cell) return field
    const row = t('refused.rowLabel', { row: Number(cell[1]) + 2 })
    // The column by its label, as the import's report names it.
    return cell[2] ? `${row}, ${columnLabel(cell[2])}` : row
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {errors.map(([field, message]) => (
        <div key={field}>
          {nameOf(field)}: {message}
        </div>
      ))}
    </Alert>
  )
}
