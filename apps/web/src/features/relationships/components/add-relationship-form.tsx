import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Stack, Title } from '@mantine/core'
import { contactCalls, relationshipTypeSchema, suggestionSchema, type TeamGroupParams } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { SuggestionInput } from '../../../components/suggestion-input'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { useAddRelationship } from '../queries'
import { RelationshipTypeSelect } from './relationship-type-select'

const relationshipForm = z
  .object({ related: suggestionSchema.nullable(), relationship_type: relationshipTypeSchema.or(z.literal('')) })
  .superRefine((values, context) => {
    if (values.related === null) context.addIssue({ code: 'custom', path: ['related'], message: 'Required' })
    if (values.relationship_type === '') context.addIssue({ code: 'custom', path: ['relationship_type'], message: 'Required' })
  })
type RelationshipForm = z.infer<typeof relationshipForm>

type ServerError = 'self' | 'outside' | 'alreadyRelated' | 'invalid'

/** What the server said about the picked contact, in the form's words. */
function relatedError(error: unknown): ServerError | null {
  if (!isApiError(error)) return null
  if (error.code === 'conflict') return 'alreadyRelated'
  if (!error.fieldErrors['related_user_id']) return null
  const code = error.fieldErrorCodes['related_user_id']?.code
  if (code === 'related_to_self') return 'self'
  if (code === 'related_outside_team') return 'outside'
  return 'invalid'
}

export interface AddRelationshipFormProps {
  contactId: number
  scope: TeamGroupParams
}

/**
 * The add form of the Relationships tab: another contact of the team, found by name (the
 * search leaves the contact itself out, spec 2 §5), and what they are to this contact.
 * Failures are silent (spec 2 §8) but for what the server said about a field.
 */
export function AddRelationshipForm({ contactId, scope }: AddRelationshipFormProps) {
  const { t } = useTranslation(['relationships', 'contacts'])
  const addRelationship = useAddRelationship(contactId, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved') })
  const defaults: RelationshipForm = { related: null, relationship_type: '' }
  const form = useForm<RelationshipForm>({ resolver: zodResolver(relationshipForm), defaultValues: defaults })
  // The suggestion field keeps its own text: a new key empties it after a save.
  const [fieldKey, setFieldKey] = useState(0)
  const [serverError, setServerError] = useState<ServerError | null>(null)
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.related || values.relationship_type === '') return
    setServerError(null)
    const type = values.relationship_type
    const relatedId = Number(values.related.id)
    const result = await submission.submit(() => addRelationship.mutateAsync({ relatedId, type }))
    if (result.ok) {
      form.reset(defaults)
      setFieldKey((key) => key + 1)
    } else setServerError(relatedError(result.error))
  })

  const relatedMessage = errors.related ? t('errors.required') : serverError ? t(`errors.${serverError}`) : undefined
  // Spec 2 §8: a failure says nothing beyond the field's own error.
  const shown = submission.status === 'error' ? { status: 'idle' as const, message: null, isProcessing: submission.isProcessing } : submission

  return (
    <Stack component="section" gap="sm" aria-labelledby="add-relationship-title">
      <Title order={3} size="h5" id="add-relationship-title">
        {t('add.title')}
      </Title>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <Controller
            control={form.control}
            name="related"
            render={({ field }) => (
              <SuggestionInput
                key={fieldKey}
                call={contactCalls.teamContactSuggestions}
                input={{ team_id: scope.team_id, group_id: scope.group_id, exclude_id: contactId }}
                label={t('add.contact')}
                required
                value={field.value}
                onChange={(value) => {
                  setServerError(null)
                  field.onChange(value)
                }}
                error={relatedMessage}
              />
            )}
          />
          <Controller
            control={form.control}
            name="relationship_type"
            render={({ field }) => (
              <RelationshipTypeSelect
                label={t('add.type')}
                required
                value={field.value}
                onChange={field.onChange}
                error={errors.relationship_type ? t('errors.required') : undefined}
              />
            )}
          />
          <FormActions submission={shown} submitLabel={t('add.submit')} />
        </Stack>
      </form>
    </Stack>
  )
}
