import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { retryAfterMinutes, tooManyAttemptsText } from '../../auth/queries'
import { deleteAccount } from '../queries'

/**
 * 'Remove account' (spec 3 §2.6, §4): asks first, with the password (and the code while
 * two-factor sign-in is on), then removes it, signs out and goes to /login. A failure closes
 * the dialog and is said beside the button (spec 3 §8).
 */
export function RemoveAccount({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useTranslation(['account', 'errors', 'common'])
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [failure, setFailure] = useState<string | null>(null)

  const open = () => {
    setFailure(null)
    setOpened(true)
  }

  // What failed stays said after the dialog closes.
  const close = () => {
    setOpened(false)
    setPassword('')
    setCode('')
  }

  const remove = async () => {
    setFailure(null)
    try {
      await deleteAccount({ password, ...(twoFactorEnabled ? { totp: code.trim() } : {}) })
    } catch (error) {
      setFailure(failureText(error))
      throw error
    }
    // /logout clears this device's session, key, drafts and cache and goes to /login (outside
    // the signed-in frame, whose guard would otherwise add a redirect_to back here).
    await navigate('/logout', { replace: true })
  }

  const failureText = (error: unknown): string => {
    if (!isApiError(error)) return t('account:remove.failed')
    switch (error.code) {
      case 'invalid_request':
        return 'totp' in ((error.data['errors'] as object | undefined) ?? {}) ? t('account:remove.codeInvalid') : t('account:remove.passwordRequired')
      case '2fa_required':
        return t('account:remove.codeRequired')
      case 'too_many_requests':
        return t(...tooManyAttemptsText(retryAfterMinutes(error)))
      default:
        return errorText(error, t('account:remove.failed'))
    }
  }

  return (
    <Group>
      <Button color="red" variant="outline" onClick={open}>
        {t('account:remove.button')}
      </Button>
      <Text size="sm" c="red.8" fw={500} role="alert">
        {failure ?? ''}
      </Text>
      <ConfirmDialog
        opened={opened}
        title={t('account:remove.title')}
        message={
          <Stack gap="sm">
            <Text>{t('account:remove.message')}</Text>
            <PasswordInput
              label={t('account:remove.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {twoFactorEnabled && (
              <TextInput
                label={t('account:remove.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
            )}
          </Stack>
        }
        confirmLabel={t('account:remove.confirm')}
        danger
        onConfirm={remove}
        onClose={close}
      />
    </Group>
  )
}
