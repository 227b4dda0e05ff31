import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core'
import { inviteCalls } from '@crm/domain'
import { PasswordField } from '../../../components/password-field'
import { usePasswordCheck } from '../../../lib/password-strength'

const acceptInviteFields = z.object({
  first_name: inviteCalls.activateInvite.request.shape.first_name.unwrap(),
  last_name: inviteCalls.activateInvite.request.shape.last_name.unwrap(),
  email: inviteCalls.activateInvite.request.shape.email.unwrap(),
  password: z.string(),
})
type AcceptInviteFields = z.input<typeof acceptInviteFields>
export type AcceptInviteValues = z.output<typeof acceptInviteFields>

export interface AcceptInviteFormProps {
  defaults: { first_name: string; last_name: string; email: string }
  onSubmit: (values: AcceptInviteValues) => Promise<void>
  busy: boolean
  /** A failure of the last submission. */
  error: string | null
}

/**
 * The new person's form (spec 3 §2.5, §5): first name, email and password are required, the
 * password rated as everywhere; submitting with an error is refused.
 */
export function AcceptInviteForm({ defaults, onSubmit, busy, error }: AcceptInviteFormProps) {
  const { t } = useTranslation(['teams', 'common'])
  const [invalid, setInvalid] = useState(false)
  const form = useForm<AcceptInviteFields, unknown, AcceptInviteValues>({
    resolver: zodResolver(acceptInviteFields),
    mode: 'onTouched',
    defaultValues: { ...defaults, password: '' },
  })
  const { errors } = form.formState
  const [firstName, lastName, email, password] = useWatch({
    control: form.control,
    name: ['first_name', 'last_name', 'email', 'password'],
  })
  const passwordCheck = usePasswordCheck(password, { userInputs: [firstName, lastName ?? '', email] })
  const [passwordTouched, setPasswordTouched] = useState(false)

  const submit = form.handleSubmit(
    async (values) => {
      // Pressed while the password rules load: the submit waits for them, it is not refused.
      if (!(await passwordCheck.settle()).ok) {
        setPasswordTouched(true)
        return setInvalid(true)
      }
      setInvalid(false)
      await onSubmit(values)
    },
    () => {
      setPasswordTouched(true)
      setInvalid(true)
    },
  )

  const passwordRegistration = form.register('password')
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label={t('acceptInvite.firstName')}
            autoComplete="given-name"
            withAsterisk
            required
            error={errors.first_name ? t('common:fieldRequired') : undefined}
            {...form.register('first_name')}
          />
          <TextInput label={t('acceptInvite.lastName')} autoComplete="family-name" {...form.register('last_name')} />
        </Group>
        <TextInput
          label={t('acceptInvite.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          required
          error={errors.email ? (email.trim() === '' ? t('common:fieldRequired') : t('acceptInvite.emailInvalid')) : undefined}
          {...form.register('email')}
        />
        <PasswordField
          label={t('acceptInvite.password')}
          check={passwordCheck}
          error={passwordTouched && passwordCheck.isEmpty ? t('common:fieldRequired') : null}
          withAsterisk
          required
          {...passwordRegistration}
          onBlur={(event) => {
            setPasswordTouched(true)
            return passwordRegistration.onBlur(event)
          }}
        />
        {(invalid || error) && (
          <Alert color="red" role="alert">
            {invalid ? t('common:correctErrors') : error}
          </Alert>
        )}
        {/* Submitting covers the wait for the password rules: a second press sends nothing more. */}
        <Button type="submit" loading={busy || form.formState.isSubmitting} disabled={busy || form.formState.isSubmitting}>
          {t('acceptInvite.submit')}
        </Button>
      </Stack>
    </form>
  )
}
