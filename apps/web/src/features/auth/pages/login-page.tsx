import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoginSession } from '@crm/domain'
import { usePageTitle } from '../../../lib/page-title'
import { safeRedirect } from '../../../lib/safe-redirect'
import { useAccessToken } from '../../../lib/session'
import { LoginForm, type LoginCredentials } from '../components/login-form'
import { LazyResetRequestForm, LazyTwoFactorStep } from '../components/lazy-views'
import { DocumentLink } from '../../../components/site-link'
import { keepSignIn } from '../keep-sign-in'
import type { TwoFactorRequest } from '../login'

type View = { kind: 'login' } | { kind: 'reset'; email: string } | { kind: 'two-factor'; credentials: LoginCredentials; request: TwoFactorRequest }

export interface LoginPageProps {
  /** The page's query string: redirect_to (a path of this site) is where it goes after. */
  search: string
  /** Opens the app at a path once signed in: a page load, as the app is another bundle. */
  openApp: (path: string) => void
}

/**
 * /login (login.html, a bundle of its own): email and password, then the app at redirect_to.
 * The reset request form and the two-factor views replace the form when asked for.
 */
export function LoginPage({ search, openApp }: LoginPageProps) {
  const { t } = useTranslation('auth')
  const redirectParam = new URLSearchParams(search).get('redirect_to')
  const redirectTo = safeRedirect(redirectParam)
  const signedIn = useAccessToken() !== null
  const [view, setView] = useState<View>({ kind: 'login' })
  // From the moment this page's own sign-in succeeds until the app's page replaces it, the
  // token is set: that is not someone 'already signed in'.
  const [signingIn, setSigningIn] = useState(false)
  usePageTitle(t('login.pageName'))

  const finish = async (session: LoginSession, credentials: LoginCredentials, withCode = false) => {
    setSigningIn(true)
    try {
      await keepSignIn(session, { ...credentials, withCode })
      openApp(redirectTo)
    } catch (error) {
      setSigningIn(false)
      throw error
    }
  }

  return (
    <Stack maw={420} mx="auto" gap="lg">
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      {signedIn && !signingIn && (
        <Alert color="blue" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('login.signedIn')}</Text>
            <Anchor component={DocumentLink} to="/" fw={600}>
              {t('login.continue')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        {view.kind === 'login' && (
          <LoginForm
            onSignedIn={finish}
            onTwoFactor={(credentials, request) => setView({ kind: 'two-factor', credentials, request })}
            onForgotPassword={(email) => setView({ kind: 'reset', email })}
          />
        )}
        {view.kind === 'reset' && (
          <LazyResetRequestForm defaultEmail={view.email} redirect={redirectParam ? redirectTo : undefined} onCancel={() => setView({ kind: 'login' })} />
        )}
        {view.kind === 'two-factor' && (
          <LazyTwoFactorStep
            email={view.credentials.email}
            password={view.credentials.password}
            request={view.request}
            onSignedIn={(session) => finish(session, view.credentials, true)}
            onCancel={() => setView({ kind: 'login' })}
          />
        )}
      </Paper>
      {view.kind === 'login' && (
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={DocumentLink} to="/signup">
            {t('login.signUp')}
          </Anchor>
        </Text>
      )}
    </Stack>
  )
}
