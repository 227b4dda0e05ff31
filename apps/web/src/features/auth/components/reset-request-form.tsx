import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { authCalls } from '@crm/domain'
import { requestPasswordReset } from '../login'

const resetRequestForm = authCalls.requestPasswordReset.request.pick({ email: true })
type ResetRequestForm = z.input<typeof resetRequestForm>

export interface ResetRequestFormProps {
  /** Back to the login form. */
  onCancel: () => void
  /** Where the reset link leads after the new password is saved (the login page's redirect_to). */
  redirect?: string
  defaultEmail?: string
}

/**
 * The reset request form of the login page (spec 1 §2): an email, then a confirmation that
 * does not say whether the account exists; a failure or falsy answer is 'Wrong email.'.
 */
export function ResetRequestForm({ onCancel, redirect, defaultEmail = '' }: ResetRequestFormProps) {
  const { t } = useTranslation(['auth', 'common'])
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useForm<ResetRequestForm, unknown, z.output<typeof resetRequestForm>>({
    resolver: zodResolver(resetRequestForm),
    defaultValues: { email: defaultEmail },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setOutcome(null)
    setBusy(true)
    try {
      const answer = await requestPasswordReset({ email, redirect })
      setOutcome(answer.success ? 'sent' : 'failed')
    } catch {
      setOutcome('failed')
    } finally {
      setBusy(false)
    }
  })

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('resetRequest.title')}
        </Title>
        {outcome === 'sent' ? (
          <Alert color="teal" role="status">
            {t('resetRequest.sent')}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t('resetRequest.intro')}</Text>
            <TextInput
              label={t('resetRequest.email')}
              type="email"
              autoComplete="username"
              withAsterisk
              required
              error={errors.email ? (form.getValues('email').trim() === '' ? t('common:fieldRequired') : t('login.emailInvalid')) : undefined}
              {...form.register('email')}
            />
            {outcome === 'failed' && (
              <Alert color="red" role="alert">
                {t('resetRequest.failed')}
              </Alert>
            )}
          </>
        )}
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            {t('resetRequest.cancel')}
          </Anchor>
          {outcome !== 'sent' && (
            <Button type="submit" loading={busy} disabled={busy}>
              {t('resetRequest.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
