import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Trans, useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { FullPageLoader } from '../../../components/status-screens'
import { PasswordField } from '../../../components/password-field'
import { usePageTitle } from '../../../lib/page-title'
import { usePasswordCheck } from '../../../lib/password-strength'
import { safeRedirect } from '../../../lib/safe-redirect'
import { useSite } from '../../../lib/site'
import { ResetRequestForm } from '../components/reset-request-form'
import { useResetKeyCheck, useResetPassword } from '../queries'

function userIdOf(value: string | null): number | null {
  const id = Number(value)
  return value && Number.isInteger(id) && id > 0 ? id : null
}

/** 'Error. You may have an expired link.' and how to reach support. */
function SetPasswordFailed() {
  const { t } = useTranslation('auth')
  const email = useSite()?.support_email ?? ''
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{t('resetPassword.failed')}</Text>
      <Text size="sm">
        <Trans t={t} i18nKey="resetPassword.contactSupport" values={{ email }} components={{ mail: <Anchor href={`mailto:${email}`} /> }} />
      </Text>
    </Alert>
  )
}

/** 'The link has expired.' and a way to ask for a new link: the login page's reset request form. */
function ExpiredLink({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('auth')
  const [requesting, setRequesting] = useState(false)
  return (
    <Stack gap="md">
      <Alert color="red" role="alert">
        {t('resetPassword.expired')}
      </Alert>
      {requesting ? (
        <Paper withBorder p="lg" radius="md">
          <ResetRequestForm redirect={redirect} onCancel={() => setRequesting(false)} />
        </Paper>
      ) : (
        <Button variant="default" onClick={() => setRequesting(true)} style={{ alignSelf: 'flex-start' }}>
          {t('resetPassword.requestNew')}
        </Button>
      )}
    </Stack>
  )
}

/**
 * /reset-password?key=&user_id=&redirect_to= (spec 1 §2, §4): checks the key on load, then a
 * new-password form; 'Saved!' with a link on, or 'The link has expired.'. A link without a
 * key or user id is treated as expired.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const key = params.get('key')?.trim() ?? ''
  const userId = userIdOf(params.get('user_id'))
  const target = safeRedirect(params.get('redirect_to'))
  const check = useResetKeyCheck(userId, key)
  const reset = useResetPassword()
  const [password, setPassword] = useState('')
  const passwordCheck = usePasswordCheck(password)
  usePageTitle(t('resetPassword.pageName'))

  const linkBroken = key === '' || userId === null
  // Pressed while the password rules load, the submit waits for them instead of refusing;
  // meanwhile the button shows it is busy and a second press sends nothing more.
  const [settling, setSettling] = useState(false)
  const onSubmit = async () => {
    if (userId === null || settling) return
    setSettling(true)
    const verdict = await passwordCheck.settle().finally(() => setSettling(false))
    if (!verdict.ok) return
    reset.mutate({ user_id: userId, key, password, redirect: target === '/' ? undefined : target })
  }

  let content
  if (linkBroken || check.isError) {
    content = <ExpiredLink redirect={params.get('redirect_to') ? target : undefined} />
  } else if (check.isPending) {
    content = <FullPageLoader />
  } else if (reset.isSuccess) {
    content = (
      <Alert color="teal" role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" fw={600}>
            {t('resetPassword.saved')}
          </Text>
          <Anchor component={Link} to={target} fw={600}>
            {t('resetPassword.continue')}
          </Anchor>
        </Stack>
      </Alert>
    )
  } else {
    content = (
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void onSubmit()
          }}
        >
          <Stack gap="md">
            <Alert color="yellow" role="note" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
              {t('resetPassword.warning')}
            </Alert>
            <PasswordField
              label={t('resetPassword.newPassword')}
              check={passwordCheck}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              withAsterisk
              required
            />
            {reset.isError && <SetPasswordFailed />}
            <Button type="submit" loading={reset.isPending || settling} disabled={!(passwordCheck.ok || passwordCheck.pending) || reset.isPending || settling}>
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    )
  }

  return (
    <Stack maw={480} mx="auto" gap="lg">
      <Title order={1} size="h2">
        {t('resetPassword.title')}
      </Title>
      {content}
    </Stack>
  )
}

export { ResetPasswordPage as Component }
