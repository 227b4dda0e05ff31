import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Checkbox, Stack, Title } from '@mantine/core'
import { suggestionSchema, suggestionCalls, type TeamGroupParams } from '@crm/domain'
import { FormActions } from '../../../../components/form-actions'
import { SuggestionInput } from '../../../../components/suggestion-input'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useAddAssignment } from '../../queries'

// Spec 2 §5: the user is needed unless 'Assign to self' is ticked (which hides the field).
const assignmentForm = z
  .object({ to_self: z.boolean(), to_user: suggestionSchema.nullable() })
  .refine((values) => values.to_self || values.to_user !== null, { path: ['to_user'] })
type AssignmentForm = z.infer<typeof assignmentForm>

export interface AddAssignmentFormProps {
  contactId: number
  scope: TeamGroupParams
  teamId: number
  /** The caller may look up team users; otherwise only 'Assign to self' is possible. */
  mayPickUser: boolean
}

/** The add form of the Assignments tab: to oneself, or to a team user picked by name. */
export function AddAssignmentForm({ contactId, scope, teamId, mayPickUser }: AddAssignmentFormProps) {
  const { t } = useTranslation(['contact-view', 'contacts', 'common'])
  const addAssignment = useAddAssignment(contactId, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const defaults: AssignmentForm = { to_self: !mayPickUser, to_user: null }
  const form = useForm<AssignmentForm>({ resolver: zodResolver(assignmentForm), defaultValues: defaults })
  // The suggestion field keeps its own text: a new key empties it after a save.
  const [fieldKey, setFieldKey] = useState(0)
  const toSelf = useWatch({ control: form.control, name: 'to_self' })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submission.submit(() =>
      addAssignment.mutateAsync(values.to_self || !values.to_user ? { toSelf: true } : { toUserId: Number(values.to_user.id) }),
    )
    if (result.ok) {
      form.reset(defaults)
      setFieldKey((key) => key + 1)
    }
  }, submission.reportInvalid)

  return (
    <Stack component="section" gap="sm" aria-labelledby="add-assignment-title">
      <Title order={3} size="h5" id="add-assignment-title">
        {t('assignments.addTitle')}
      </Title>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <Checkbox label={t('assignments.toSelf')} disabled={!mayPickUser} {...form.register('to_self')} />
          {!toSelf && (
            <Controller
              control={form.control}
              name="to_user"
              render={({ field }) => (
                <SuggestionInput
                  key={fieldKey}
                  call={suggestionCalls.teamUsers}
                  input={{ team_id: teamId }}
                  label={t('assignments.user')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.to_user ? t('common:fieldRequired') : undefined}
                />
              )}
            />
          )}
          <FormActions submission={submission} submitLabel={t('assignments.submit')} />
        </Stack>
      </form>
    </Stack>
  )
}
