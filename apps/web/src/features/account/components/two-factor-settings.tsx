import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Fieldset, Group, PasswordInput, Stack, Text } from '@mantine/core'
import type { Profile, TotpSetup } from '@crm/domain'
import { FormStatus } from '../../../components/form-status'
import { TwoFactorSetup } from '../../../components/two-factor-setup'
import { useFormSubmission } from '../../../lib/form-submission'
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../queries'

type Mode = { kind: 'idle' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'disable' }

/**
 * Two-factor sign-in of the profile: its status; 'Set up' shows a new secret (QR and key)
 * and turns it on with a code from it; 'Turn off' asks for the password. Roles that
 * require two-factor sign-in cannot turn it off.
 */
export function TwoFactorSettings({ profile, onChanged }: { profile: Profile; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation(['account', 'common'])
  const [mode, setMode] = useState<Mode>({ kind: 'idle' })
  const [attempt, setAttempt] = useState(0)
  const [password, setPassword] = useState('')
  const setup = useTwoFactorSetup()
  const enable = useTwoFactorEnable()
  const disable = useTwoFactorDisable()
  // One action at a time: setting up, turning on or turning off.
  const action = useFormSubmission()
  const on = profile.two_factor_enabled
  const locked = on && profile.two_factor_required

  const beginSetup = async () => {
    const result = await action.submit(() => setup.mutateAsync())
    if (!result.ok) return
    action.reset()
    setMode({ kind: 'setup', setup: result.value })
  }

  const confirmCode = async (code: string) => {
    const result = await action.submit(async () => {
      await enable.mutateAsync({ totp: code })
      return { success_message: t('twoFactor.enabled') }
    })
    if (!result.ok) return setAttempt((count) => count + 1)
    setMode({ kind: 'idle' })
    await onChanged()
  }

  const confirmTurnOff = async () => {
    const result = await action.submit(async () => {
      await disable.mutateAsync({ password })
      return { success_message: t('twoFactor.disabled') }
    })
    if (!result.ok) return
    setPassword('')
    setMode({ kind: 'idle' })
    await onChanged()
  }

  return (
    <Fieldset legend={t('twoFactor.title')}>
      <Stack gap="sm">
        <Text size="sm">{on ? t('twoFactor.on') : t('twoFactor.off')}</Text>
        {locked && (
          <Text size="sm" c="dimmed">
            {t('twoFactor.required')}
          </Text>
        )}
        {mode.kind === 'idle' && !on && (
          <Group>
            <Button variant="light" onClick={() => void beginSetup()} loading={action.isProcessing}>
              {t('twoFactor.setUp')}
            </Button>
          </Group>
        )}
        {mode.kind === 'idle' && on && !locked && (
          <Group>
            <Button variant="light" color="red" onClick={() => setMode({ kind: 'disable' })}>
              {t('twoFactor.turnOff')}
            </Button>
          </Group>
        )}
        {mode.kind === 'setup' && (
          <Stack gap="sm">
            <TwoFactorSetup key={attempt} setup={mode.setup} onComplete={(code) => void confirmCode(code)} disabled={action.isProcessing} />
            <Group>
              <Button variant="default" onClick={() => setMode({ kind: 'idle' })}>
                {t('twoFactor.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
        {mode.kind === 'disable' && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void confirmTurnOff()
            }}
          >
            <Stack gap="sm">
              <PasswordInput
                label={t('twoFactor.password')}
                description={t('twoFactor.turnOffHint')}
                autoComplete="current-password"
                withAsterisk
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={{ 'aria-label': t('common:password.show') }}
              />
              <Group>
                <Button type="submit" color="red" disabled={password === '' || action.isProcessing} loading={action.isProcessing}>
                  {t('twoFactor.turnOff')}
                </Button>
                <Button variant="default" onClick={() => setMode({ kind: 'idle' })}>
                  {t('twoFactor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <FormStatus submission={action} />
      </Stack>
    </Fieldset>
  )
}
