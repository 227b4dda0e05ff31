import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { authCalls, type LoginSession } from '@crm/domain'
import { Captcha } from '../../../components/captcha'
import { PasswordField } from '../../../components/password-field'
import { isApiError } from '../../../lib/api'
import { usePasswordCheck } from '../../../lib/password-strength'
import { useSite } from '../../../lib/site'
import { useLookup } from '../../lookups/queries'
import { twoFactorRequestOf, type TwoFactorRequest } from '../login'
import { useSignup } from '../queries'

const signupFields = authCalls.signup.request.pick({ first_name: true, last_name: true, email: true }).extend({
  password: z.string(),
  conference_id: z.string(),
  team_id: z.string(),
  agree_terms: z.boolean(),
  agree_conduct: z.boolean(),
})
type SignupFields = z.input<typeof signupFields>

export interface SignupCredentials {
  email: string
  password: string
}

export interface SignupFormProps {
  onSignedIn: (session: LoginSession, credentials: SignupCredentials) => Promise<void>
  /** email_not_verified: the account waits for its email to be verified. */
  onPending: () => void
  onTwoFactor: (credentials: SignupCredentials, request: TwoFactorRequest) => void
}

type Failure = 'email_exists' | 'captcha' | 'error'

/** A link of a checkbox label: opens in a new tab so the form keeps what was typed. */
function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Anchor href={to} target="_blank" rel="noopener">
      {children}
    </Anchor>
  )
}

/** The asterisk of a required checkbox, as Mantine draws it for inputs (the input itself is `required`). */
function RequiredMark() {
  return (
    <Text span c="red.8" aria-hidden="true">
      {' *'}
    </Text>
  )
}

/**
 * The sign-up form (spec 1 §2, §5): Sign up stays disabled until the six fields are filled,
 * both boxes ticked, the captcha solved, and the names, email and password have no errors.
 */
export function SignupForm({ onSignedIn, onPending, onTwoFactor }: SignupFormProps) {
  const { t } = useTranslation(['auth', 'errors', 'common'])
  const site = useSite()
  const signup = useSignup()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [serverPasswordError, setServerPasswordError] = useState(false)
  const [captchaToken, setCaptchaToken] = useState<string | null>(null)
  // A solved captcha is spent by a submission: a new round mounts a fresh widget.
  const [captchaRound, setCaptchaRound] = useState(0)
  const form = useForm<SignupFields>({
    resolver: zodResolver(signupFields),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      conference_id: '',
      team_id: '',
      agree_terms: false,
      agree_conduct: false,
    },
  })
  const { errors } = form.formState
  const values = useWatch({ control: form.control }) as SignupFields
  const conferences = useLookup('conferences', { anonymous: true })
  const conferenceId = values.conference_id
  const churches = useLookup('conference-teams', { parent: conferenceId, enabled: conferenceId !== '', anonymous: true })
  const passwordCheck = usePasswordCheck(values.password, { userInputs: [values.first_name, values.last_name, values.email] })

  const filled = [values.first_name, values.last_name, values.email, values.password, values.conference_id, values.team_id].every(
    (value) => value.trim() !== '',
  )
  // While the password rules load the button stays pressable; the submit waits for them.
  const valid = signupFields.safeParse(values).success && (passwordCheck.ok || passwordCheck.pending)
  const canSubmit = filled && valid && values.agree_terms && values.agree_conduct && captchaToken !== null && !busy

  const onSubmit = form.handleSubmit(async (fields) => {
    if (!captchaToken || !(await passwordCheck.settle()).ok) return
    const credentials = { email: fields.email, password: fields.password }
    setFailure(null)
    setServerPasswordError(false)
    setBusy(true)
    try {
      const session = await signup.mutateAsync({
        first_name: fields.first_name,
        last_name: fields.last_name,
        email: fields.email,
        password: fields.password,
        conference_id: Number(fields.conference_id),
        team_id: Number(fields.team_id),
        recaptcha_token: captchaToken,
      })
      await onSignedIn(session, credentials)
    } catch (error) {
      setBusy(false)
      setCaptchaToken(null)
      setCaptchaRound((round) => round + 1)
      const twoFactor = twoFactorRequestOf(error)
      if (twoFactor) return onTwoFactor(credentials, twoFactor)
      const code = isApiError(error) ? error.code : null
      if (code === 'email_not_verified') return onPending()
      if (code === 'email_exists') return setFailure('email_exists')
      if (code === 'incorrect_recaptcha') return setFailure('captcha')
      if (isApiError(error) && error.fieldErrors['password']) setServerPasswordError(true)
      setFailure('error')
    }
  })

  const nameError = (field: 'first_name' | 'last_name') => {
    const error = errors[field]
    if (!error) return undefined
    return values[field].trim() === '' ? t('common:fieldRequired') : t('signup.nameTooLong')
  }
  const option = (item: { id: string | number; title: string }) => ({ value: String(item.id), label: item.title })

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label={t('signup.firstName')}
            autoComplete="given-name"
            withAsterisk
            required
            error={nameError('first_name')}
            {...form.register('first_name')}
          />
          <TextInput
            label={t('signup.lastName')}
            autoComplete="family-name"
            withAsterisk
            required
            error={nameError('last_name')}
            {...form.register('last_name')}
          />
        </Group>
        <TextInput
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          required
          error={errors.email ? (values.email.trim() === '' ? t('common:fieldRequired') : t('signup.emailInvalid')) : undefined}
          {...form.register('email')}
        />
        <PasswordField
          label={t('signup.password')}
          check={passwordCheck}
          error={serverPasswordError && !passwordCheck.problem ? t('common:password.tooWeak') : null}
          withAsterisk
          required
          {...form.register('password')}
        />
        <NativeSelect
          label={t('signup.conference')}
          withAsterisk
          required
          data={[{ value: '', label: t('signup.conferencePlaceholder') }, ...(conferences.data ?? []).map(option)]}
          {...form.register('conference_id', {
            // A church belongs to one conference: a new conference clears the church.
            onChange: () => form.setValue('team_id', ''),
          })}
        />
        <NativeSelect
          label={t('signup.church')}
          withAsterisk
          required
          disabled={values.conference_id === ''}
          description={values.conference_id === '' ? t('signup.churchHint') : undefined}
          data={[{ value: '', label: t('signup.churchPlaceholder') }, ...(churches.data ?? []).map(option)]}
          {...form.register('team_id')}
        />
        <Checkbox
          required
          label={
            <>
              <Trans t={t} i18nKey="signup.agreeTerms" components={{ terms: <NewTabLink to="/terms" />, privacy: <NewTabLink to="/privacy" /> }} />
              <RequiredMark />
            </>
          }
          {...form.register('agree_terms')}
        />
        <Checkbox
          required
          label={
            <>
              <Trans t={t} i18nKey="signup.agreeConduct" components={{ conduct: <NewTabLink to="/code-of-conduct" /> }} />
              <RequiredMark />
            </>
          }
          {...form.register('agree_conduct')}
        />
        <Stack gap={4} role="group" aria-label={t('signup.captcha')}>
          <Captcha key={captchaRound} site={site} onChange={setCaptchaToken} begun={captchaRound > 0} />
        </Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure === 'email_exists' && t('errors:email_exists')}
            {failure === 'error' && t('signup.error')}
            {failure === 'captcha' && (
              <Trans
                t={t}
                i18nKey="signup.captchaFailed"
                values={{ email: site?.support_email ?? '' }}
                components={{ mail: <Anchor href={`mailto:${site?.support_email ?? ''}`} /> }}
              />
            )}
          </Alert>
        )}
        {/* Submitting covers the wait for the password rules: a second press sends nothing more. */}
        <Button type="submit" loading={busy || form.formState.isSubmitting} disabled={!canSubmit || form.formState.isSubmitting} fullWidth>
          {t('signup.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signup.haveAccount')} <Anchor href="/login">{t('signup.login')}</Anchor>
        </Text>
      </Stack>
    </form>
  )
}
