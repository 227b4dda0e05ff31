import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { authCalls, type AccountLockReason, type LoginSession } from '@crm/domain'
import { readRememberId } from '../../../lib/two-factor-remember'
import {
  lockedReasonOf,
  login,
  loginFailureOf,
  resendVerificationEmail,
  retryAfterMinutes,
  tooManyAttemptsText,
  twoFactorRequestOf,
  type LoginFailure,
  type TwoFactorRequest,
} from '../login'

const loginForm = authCalls.login.request.pick({ email: true, password: true })
type LoginFormValues = z.input<typeof loginForm>
export type LoginCredentials = z.output<typeof loginForm>
type FieldError = 'required' | 'invalid'

export interface LoginFormProps {
  onSignedIn: (session: LoginSession, credentials: LoginCredentials) => Promise<void>
  onTwoFactor: (credentials: LoginCredentials, request: TwoFactorRequest) => void
  onForgotPassword: (email: string) => void
}

/** 'Email not verified. Resend?': resends the activation link with the typed email and password. */
function EmailNotVerified({ credentials }: { credentials: () => LoginCredentials }) {
  const { t } = useTranslation(['auth', 'common'])
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  const send = async () => {
    setResend('sending')
    try {
      await resendVerificationEmail(credentials())
      setResend('sent')
    } catch {
      setResend('failed')
    }
  }
  return (
    <Alert color="red" role="alert">
      {t('login.emailNotVerified')}{' '}
      {resend === 'sent' ? (
        <Text span size="sm" fw={600} role="status">
          {t('login.emailSent')}
        </Text>
      ) : (
        <Anchor component="button" type="button" size="sm" fw={600} disabled={resend === 'sending'} onClick={() => void send()}>
          {t('login.resend')}
        </Anchor>
      )}
      {resend === 'failed' && (
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
  const [busy, setBusy] = useState(false)
  // A login failure, or 'invalid' when fields have errors; kept as a code so a language switch re-renders it.
  const [failure, setFailure] = useState<LoginFailure | 'invalid' | null>(null)
  const [retryMinutes, setRetryMinutes] = useState<number | null>(null)
  const [lockedReason, setLockedReason] = useState<AccountLockReason | null>(null)
  const [submitted, setSubmitted] = useState<LoginCredentials | null>(null)
  // Two fields checked by the contract's own schema, without a form library: the sign-in
  // page is a bundle of its own with a budget (login.html, issue #10), as the consent page is.
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '' })
  const [errors, setErrors] = useState<Partial<Record<keyof LoginFormValues, FieldError>>>({})

  const set = (name: keyof LoginFormValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors(({ [name]: _dropped, ...rest }) => rest)
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = loginForm.safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<keyof LoginFormValues, FieldError>> = {}
      for (const issue of parsed.error.issues) {
        const name = issue.path[0]
        if (name === 'email' || name === 'password') found[name] = values[name].trim() === '' ? 'required' : 'invalid'
      }
      setErrors(found)
      setFailure('invalid')
      return
    }
    const credentials = parsed.data
    setErrors({})
    setFailure(null)
    setBusy(true)
    try {
      const session = await login({ ...credentials, two_factor_remember_id: readRememberId(credentials.email) })
      await onSignedIn(session, credentials)
    } catch (error) {
      setBusy(false)
      const twoFactor = twoFactorRequestOf(error)
      if (twoFactor) return onTwoFactor(credentials, twoFactor)
      setSubmitted(credentials)
      setRetryMinutes(retryAfterMinutes(error))
      setLockedReason(lockedReasonOf(error))
      setFailure(loginFailureOf(error))
    }
  }

  const emailError = errors.email ? (errors.email === 'required' ? t('common:fieldRequired') : t('login.emailInvalid')) : undefined

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
          name="email"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          required
          error={errors.password ? t('common:fieldRequired') : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
          name="password"
          value={values.password}
          onChange={(event) => set('password', event.currentTarget.value)}
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
              {failure === 'is_locked' && lockedReason && (
                <Text span size="sm" display="block" mt={4}>
                  {t(lockedReason === 'failures' ? 'login.lockedFailures' : 'login.lockedAdmin')}
                </Text>
              )}
            </Alert>
          )
        )}
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          {t('login.submit')}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(values.email)}>
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  )
}
