import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Anchor, Checkbox, Group, Stack, Text, Title } from '@mantine/core'
import type { LoginSession } from '@crm/domain'
import { InlineLoading } from '../../../components/inline-loading'
import { TwoFactorCodeInput } from '../../../components/two-factor-code-input'
import { TwoFactorSetup } from '../../../components/two-factor-setup'
import { isApiError } from '../../../lib/api'
import { login, loginFailureOf, retryAfterMinutes, tooManyAttemptsText, type TwoFactorRequest } from '../login'

export interface TwoFactorStepProps {
  email: string
  password: string
  request: TwoFactorRequest
  /** Runs with the session once the code is accepted. */
  onSignedIn: (session: LoginSession) => Promise<void>
  onCancel?: () => void
}

/**
 * The two-factor view that replaces the sign-in forms (spec 1 §2, §4): code entry, or the
 * setup (QR image and grouped secret) then the code. The code signs in with login again.
 */
export function TwoFactorStep({ email, password, request, onSignedIn, onCancel }: TwoFactorStepProps) {
  const { t } = useTranslation(['auth', 'errors', 'common'])
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [remember, setRemember] = useState(true)
  const [busy, setBusy] = useState(false)

  const verify = async (code: string) => {
    setError(null)
    setBusy(true)
    try {
      const session = await login({ email, password, totp: code, remember_device: remember })
      await onSignedIn(session)
    } catch (failure) {
      const code = isApiError(failure) ? failure.code : null
      const wrongCode = code === 'incorrect_totp' || code === '2fa_required' || code === '2fa_not_setup'
      const minutes = retryAfterMinutes(failure)
      setError(
        wrongCode ? t('twoFactor.incorrect') : code === 'too_many_requests' ? t(...tooManyAttemptsText(minutes)) : t(`errors:${loginFailureOf(failure)}`),
      )
      // A fresh, empty field for the next try.
      setAttempt((count) => count + 1)
      setBusy(false)
    }
  }

  const codeInput = {
    onComplete: (code: string) => void verify(code),
    disabled: busy,
    error,
    autoFocus: true,
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {request.setup ? t('twoFactor.setupTitle') : t('twoFactor.title')}
      </Title>
      <Text size="sm">{request.setup ? t('twoFactor.setupRequired') : t('twoFactor.enterCode')}</Text>
      {request.setup ? <TwoFactorSetup key={attempt} setup={request.setup} {...codeInput} /> : <TwoFactorCodeInput key={attempt} {...codeInput} />}
      <Checkbox label={t('twoFactor.rememberDevice')} checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} disabled={busy} />
      <Group justify="space-between">
        {busy ? <InlineLoading text={t('common:loading')} /> : <span />}
        {onCancel && (
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Anchor>
        )}
      </Group>
    </Stack>
  )
}
