import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { retryAfterMinutes, tooManyAttemptsText } from '../../auth/login'
import { deleteAccount } from '../queries'

/** What the dialog's own fields can put right: said at the field, the dialog stays open. */
type FieldFailure = { field: 'password' | 'code'; text: string }

/**
 * 'Remove account' (spec 3 §2.6, §4): asks first, with the password (and the code while
 * two-factor sign-in is on), then removes it, signs out and goes to /login. A wrong or
 * missing password or code is said at its field, for another try; any other failure closes
 * the dialog and is said beside the button (spec 3 §8).
 */
export function RemoveAccount({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useTranslation(['account', 'errors', 'common'])
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [fieldFailure, setFieldFailure] = useState<FieldFailure | null>(null)

  const open = () => {
    setFailure(null)
    setOpened(true)
  }

  // What failed stays said after the dialog closes.
  const close = () => {
    setOpened(false)
    setFieldFailure(null)
    setPassword('')
    setCode('')
  }

  const remove = async () => {
    setFailure(null)
    setFieldFailure(null)
    try {
      await deleteAccount({ password, ...(twoFactorEnabled ? { totp: code.trim() } : {}) })
    } catch (error) {
      const atField = fieldFailureOf(error)
      if (atField) setFieldFailure(atField)
      else setFailure(failureText(error))
      throw error
    }
    // /logout clears this device's session, key, drafts and cache and goes to /login (outside
    // the signed-in frame, whose guard would otherwise add a redirect_to back here).
    await navigate('/logout', { replace: true })
  }

  const fieldFailureOf = (error: unknown): FieldFailure | null => {
    if (!isApiError(error)) return null
    switch (error.code) {
      case 'invalid_request':
        return 'totp' in ((error.data['errors'] as object | undefined) ?? {})
          ? { field: 'code', text: t('account:remove.codeInvalid') }
          : { field: 'password', text: t('account:remove.passwordRequired') }
      case '2fa_required':
        return { field: 'code', text: t('account:remove.codeRequired') }
      case 'incorrect_password':
        return { field: 'password', text: errorText(error, t('account:remove.failed')) }
      case 'incorrect_totp':
        return { field: 'code', text: errorText(error, t('account:remove.failed')) }
      default:
        return null
    }
  }

  const failureText = (error: unknown): string => {
    if (!isApiError(error)) return t('account:remove.failed')
    switch (error.code) {
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
              error={fieldFailure?.field === 'password' ? fieldFailure.text : undefined}
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
                error={fieldFailure?.field === 'code' ? fieldFailure.text : undefined}
              />
            )}
          </Stack>
        }
        confirmLabel={t('account:remove.confirm')}
        danger
        onConfirm={remove}
        keepsOpenOn={(error) => fieldFailureOf(error) !== null}
        onClose={close}
      />
    </Group>
  )
}
