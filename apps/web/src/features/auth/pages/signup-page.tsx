import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoginSession } from '@crm/domain'
import { usePageTitle } from '../../../lib/page-title'
import { SignupForm, type SignupCredentials } from '../components/signup-form'
import { LazyTwoFactorStep } from '../components/lazy-views'
import type { TwoFactorRequest } from '../login'
import { useCompleteSignIn } from '../sign-in'

type Outcome = { kind: 'form' } | { kind: 'pending' } | { kind: 'two-factor'; credentials: SignupCredentials; request: TwoFactorRequest }

/**
 * /signup (spec 1 §2, §4): the account asks to join a church. The answer reads as a login
 * would: signed in (to /), the pending email-verification message, or a two-factor step.
 */
export function SignupPage() {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const completeSignIn = useCompleteSignIn()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' })
  usePageTitle(t('signup.pageName'))

  const finish = async (session: LoginSession, credentials: SignupCredentials, withCode = false) => {
    await completeSignIn(session, { ...credentials, withCode })
    await navigate('/', { replace: true })
  }

  return (
    <Stack maw={520} mx="auto" gap="lg">
      <Title order={1} size="h2">
        {t('signup.title')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {outcome.kind === 'form' && (
          <SignupForm
            onSignedIn={finish}
            onPending={() => setOutcome({ kind: 'pending' })}
            onTwoFactor={(credentials, request) => setOutcome({ kind: 'two-factor', credentials, request })}
          />
        )}
        {outcome.kind === 'pending' && (
          <Alert color="teal" role="status" title={t('signup.pendingTitle')}>
            <Text size="sm">{t('signup.pending')}</Text>
          </Alert>
        )}
        {outcome.kind === 'two-factor' && (
          <LazyTwoFactorStep
            email={outcome.credentials.email}
            password={outcome.credentials.password}
            request={outcome.request}
            onSignedIn={(session) => finish(session, outcome.credentials, true)}
          />
        )}
      </Paper>
    </Stack>
  )
}

export { SignupPage as Component }
