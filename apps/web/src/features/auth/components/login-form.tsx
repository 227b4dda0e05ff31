import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { authCalls, type LoginSession } from '@crm/domain'
import { readRememberId } from '../../../lib/two-factor-remember'
import {
  loginFailureOf,
  retryAfterMinutes,
  tooManyAttemptsText,
  twoFactorRequestOf,
  useLogin,
  useResendVerificationEmail,
  type LoginFailure,
  type TwoFactorRequest,
} from '../queries'

const loginForm = authCalls.login.request.pick({ email: true, password: true })
type LoginForm = z.input<typeof loginForm>
export type LoginCredentials = z.output<typeof loginForm>

export interface LoginFormProps {
  onSignedIn: (session: LoginSession, credentials: LoginCredentials) => Promise<void>
  onTwoFactor: (credentials: LoginCredentials, request: TwoFactorRequest) => void
  onForgotPassword: (email: string) => void
}

/** 'Email not verified. Resend?': resends the activation link with the typed email and password. */
function EmailNotVerified({ credentials }: { credentials: () => LoginCredentials }) {
  const { t } = useTranslation(['auth', 'common'])
  const resend = useResendVerificationEmail()
  return (
    <Alert color="red" role="alert">
      {t('login.emailNotVerified')}{' '}
      {resend.isSuccess ? (
        <Text span size="sm" fw={600} role="status">
          {t('login.emailSent')}
        </Text>
      ) : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          disabled={resend.isPending}
          onClick={() => resend.mutate(credentials())}
        >
          {t('login.resend')}
        </Anchor>
      )}
      {resend.isError && (
        <Text span size="sm" display="block">
          {t('common:error')}
        </Text>
      )}
    </Alert>
  )
}

/** Email and password; sends the device's two-factor remember token of that email with them. */
export function LoginForm({ onSignedIn, onTwoFactor, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'errors', 'common'])
  const login = useLogin()
  const [busy, setBusy] = useState(false)
  // A login failure, or 'invalid' when fields have errors; kept as a code so a language switch re-renders it.
  const [failure, setFailure] = useState<LoginFailure | 'invalid' | null>(null)
  const [retryMinutes, setRetryMinutes] = useState<number | null>(null)
  const [submitted, setSubmitted] = useState<LoginCredentials | null>(null)
  const form = useForm<LoginForm, unknown, LoginCredentials>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null)
      setBusy(true)
      try {
        const session = await login.mutateAsync({ ...values, two_factor_remember_id: readRememberId(values.email) })
        await onSignedIn(session, values)
      } catch (error) {
        setBusy(false)
        const twoFactor = twoFactorRequestOf(error)
        if (twoFactor) return onTwoFactor(values, twoFactor)
        setSubmitted(values)
        setRetryMinutes(retryAfterMinutes(error))
        setFailure(loginFailureOf(error))
      }
    },
    () => setFailure('invalid'),
  )

  const emailError = errors.email
    ? form.getValues('email').trim() === ''
      ? t('common:fieldRequired')
      : t('login.emailInvalid')
    : undefined

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          withAsterisk
          required
          error={emailError}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          required
          error={errors.password ? t('common:fieldRequired') : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
          {...form.register('password')}
        />
        {failure === 'email_not_verified' && submitted ? (
          <EmailNotVerified credentials={() => submitted} />
        ) : (
          failure && (
            <Alert color="red" role="alert">
              {failure === 'invalid'
                ? t('common:correctErrors')
                : failure === 'too_many_requests'
                  ? t(...tooManyAttemptsText(retryMinutes))
                  : t(`errors:${failure}`)}
            </Alert>
          )
        )}
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          {t('login.submit')}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(form.getValues('email'))}>
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  )
}
