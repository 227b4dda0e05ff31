import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { consentPermissions, parentCarerRelationships, type ConsentPermission, type TeamGroupParams } from '@crm/domain'
import { fieldErrorResolver } from '../../../lib/field-error-resolver'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { FormActions } from '../../../components/form-actions'
import { useSubmitVerbalConsent } from '../queries'
import type { ParentDetails } from './parent-details'

// What is typed; the server checks the rest (an email or phone, their shapes) and says so by field.
const verbalForm = z.object({
  permissions: z.record(z.string(), z.boolean()),
  parent_carer_first_name: z.string().trim().min(1).max(100),
  parent_carer_last_name: z.string().max(100),
  parent_carer_relationship: z.string(),
  parent_carer_email: z.string().max(254),
  parent_carer_phone: z.string().max(40),
  notes: z.string().max(5000),
  date: z.iso.date(),
})
type VerbalFormValues = z.infer<typeof verbalForm>
type VerbalField = keyof VerbalFormValues

const formFields = new Set<string>(Object.keys(verbalForm.shape))

export interface VerbalConsentFormProps {
  contactId: number
  scope: TeamGroupParams
  parent: ParentDetails
  onSaved: () => void
}

/** A verbal consent (spec 2 §4.2, §5): the seven permissions, the parent's details, notes and the date. */
export function VerbalConsentForm({ contactId, scope, parent, onSaved }: VerbalConsentFormProps) {
  const { t } = useTranslation(['consent', 'contact-form', 'contacts', 'common'])
  const submit = useSubmitVerbalConsent(contactId, scope)
  const form = useForm<VerbalFormValues>({
    resolver: fieldErrorResolver<VerbalFormValues>(verbalForm),
    defaultValues: {
      permissions: Object.fromEntries(consentPermissions.map((permission) => [permission, false])),
      parent_carer_first_name: parent.firstName,
      parent_carer_last_name: parent.lastName ?? '',
      parent_carer_relationship: parent.relationship ?? '',
      parent_carer_email: parent.email ?? '',
      parent_carer_phone: parent.phone ?? '',
      notes: '',
      date: '',
    },
  })
  const submission = useFormSubmission({ successMessage: t('consent:verbal.saved'), errorMessage: t('consent:verbal.error') })
  const { errors } = form.formState
  // A record's error sits on the record itself (its message), not on one of its keys.
  const permissionsError = (errors.permissions as { message?: unknown } | undefined)?.message

  const errorOf = (field: VerbalField) => {
    const error = errors[field]
    if (!error) return undefined
    // The server's refusals and the form's own are worded by their codes; a date the form cannot read says how to write one.
    if (field === 'date' && error.type !== 'server') return t('contact-form:errors.date')
    return typeof error.message === 'string' && error.message ? error.message : t('common:fieldRequired')
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const granted = Object.fromEntries(consentPermissions.map((permission) => [permission, values.permissions[permission] === true])) as Record<
      ConsentPermission,
      boolean
    >
    const result = await submission.submit(() =>
      submit.mutateAsync({
        verbal_confirmed: true,
        granted_permissions: granted,
        parent_carer_first_name: values.parent_carer_first_name,
        parent_carer_last_name: values.parent_carer_last_name,
        parent_carer_relationship:
          values.parent_carer_relationship === '' ? null : (values.parent_carer_relationship as (typeof parentCarerRelationships)[number]),
        parent_carer_email: values.parent_carer_email.trim() || null,
        parent_carer_phone: values.parent_carer_phone.trim() || null,
        notes: values.notes.trim() || null,
        date: values.date,
      }),
    )
    if (result.ok) {
      onSaved()
      return
    }
    // The envelope's field errors show under their fields.
    if (isApiError(result.error)) {
      for (const [field, text] of Object.entries(result.error.fieldErrors)) {
        const name = field.startsWith('granted_permissions') ? 'permissions' : field
        if (formFields.has(name)) form.setError(name as VerbalField, { type: 'server', message: String(text) })
      }
    }
  }, submission.reportInvalid)

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('consent:request.methods.verbal')}>
      <Stack gap="md">
        <Fieldset legend={t('consent:verbal.permissions')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('consent:verbal.permissionsHint')}
            </Text>
            {consentPermissions.map((permission) => (
              <Checkbox key={permission} label={t(`consent:permissions.${permission}`)} {...form.register(`permissions.${permission}`)} />
            ))}
            {typeof permissionsError === 'string' && (
              <Text size="sm" c="red.8">
                {permissionsError}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('contact-form:parent.firstName')}
            withAsterisk
            error={errorOf('parent_carer_first_name')}
            {...form.register('parent_carer_first_name')}
          />
          <TextInput label={t('contact-form:parent.lastName')} error={errorOf('parent_carer_last_name')} {...form.register('parent_carer_last_name')} />
          <NativeSelect
            label={t('contact-form:parent.relationship')}
            data={[
              { value: '', label: t('contact-form:fields.none') },
              ...parentCarerRelationships.map((relationship) => ({ value: relationship, label: t(`contacts:relationship.${relationship}`) })),
            ]}
            error={errorOf('parent_carer_relationship')}
            {...form.register('parent_carer_relationship')}
          />
          <TextInput label={t('contact-form:parent.email')} type="email" error={errorOf('parent_carer_email')} {...form.register('parent_carer_email')} />
          <TextInput label={t('contact-form:parent.phone')} type="tel" error={errorOf('parent_carer_phone')} {...form.register('parent_carer_phone')} />
          <TextInput type="date" label={t('contact-form:consent.date')} withAsterisk error={errorOf('date')} {...form.register('date')} />
        </SimpleGrid>
        <Textarea label={t('consent:verbal.notes')} autosize minRows={3} error={errorOf('notes')} {...form.register('notes')} />
        <FormActions submission={submission} submitLabel={t('consent:verbal.submit')} />
      </Stack>
    </form>
  )
}
