import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import type { inviteCalls } from '@crm/domain'
import { useSession } from '../../session/session'
import { FullPageLoader } from '../../../components/status-screens'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { safeRedirect } from '../../../lib/safe-redirect'
import type { StoredSelection } from '../../../lib/session'
import { LazyTwoFactorStep } from '../../auth/components/lazy-views'
import type { TwoFactorRequest } from '../../auth/login'
import { useCompleteSignIn, type SignInSession } from '../../auth/sign-in'
import { AcceptInviteForm, type AcceptInviteValues } from '../components/accept-invite-form'
import { useActivateInvite, useInviteKeyCheck } from '../queries'

type Acceptance = z.output<typeof inviteCalls.activateInvite.response>
type LinkFailure = 'expired' | 'invalid' | 'error'

/** The invited team, or the group and its team (spec 3 §4). */
export function invitedSelection(answer: Pick<Acceptance, 'team_id' | 'team_is_group' | 'team_parent_id'>): StoredSelection {
  if (answer.team_is_group) return { teamId: answer.team_parent_id ?? answer.team_id, groupId: answer.team_id }
  return { teamId: answer.team_id, groupId: answer.team_id }
}

/** The session of an acceptance that signed the new person in, or null. */
function sessionOf(answer: Acceptance): SignInSession | null {
  const { access_token, expires_in, encryption_key, user_id, two_factor_remember_id } = answer
  if (!access_token || expires_in === undefined || encryption_key === undefined || user_id === undefined) return null
  return { access_token, expires_in, encryption_key, user_id, two_factor_remember_id }
}

function linkFailureOf(error: unknown): LinkFailure {
  return isApiError(error) && error.code === 'expired' ? 'expired' : 'invalid'
}

function LinkFailed({ failure }: { failure: LinkFailure }) {
  const { t } = useTranslation('teams')
  return (
    <Alert color="red" role="alert">
      {failure === 'expired' && t('acceptInvite.expired')}
      {failure === 'error' && t('acceptInvite.error')}
      {failure === 'invalid' && (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('acceptInvite.invalid')}</Text>
          <Anchor href="/login" fw={600}>
            {t('acceptInvite.login')}
          </Anchor>
        </Stack>
      )}
    </Alert>
  )
}

/**
 * /accept-invite (spec 3 §2.5, §4): a new person checks the key, then fills the form; an
 * existing person (existing=1, or the key check says so) joins at once. Afterwards the
 * invited team or group is selected and the person goes on to redirect_to or /.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation('teams')
  const [params] = useSearchParams()
  const key = params.get('key')?.trim() ?? ''
  const redirectTo = safeRedirect(params.get('redirect_to'))
  const existingParam = params.get('existing') === '1' || params.get('existing') === 'true'
  const navigate = useNavigate()
  const { status, account, reload, select } = useSession()
  const completeSignIn = useCompleteSignIn()
  const check = useInviteKeyCheck(key, !existingParam)
  const activate = useActivateInvite()
  const [failure, setFailure] = useState<LinkFailure | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [twoFactor, setTwoFactor] = useState<{ values: AcceptInviteValues; request: TwoFactorRequest; answer: Acceptance } | null>(null)
  const started = useRef(false)
  usePageTitle(t('acceptInvite.pageName'))

  const existing = existingParam || check.data?.existing === true
  const inviteEmail = (check.data?.email || params.get('email') || '').trim().toLowerCase()
  const teamName = check.data?.team_name ?? params.get('invited_to_name') ?? ''
  const inviterName = check.data?.invited_by_name || params.get('invited_by_name') || ''

  const goOn = async (selection: StoredSelection) => {
    select(selection)
    await navigate(redirectTo, { replace: true })
  }

  // An existing person: the key proves the email but signs no one in.
  useEffect(() => {
    if (!existing || started.current || status === 'loading' || key === '') return
    started.current = true
    const run = async () => {
      let answer: Acceptance
      try {
        answer = await activate.mutateAsync({ key })
      } catch (error) {
        return setFailure(linkFailureOf(error))
      }
      const selection = invitedSelection(answer)
      if (status === 'ready' && account && inviteEmail !== '' && account.email.toLowerCase() === inviteEmail) {
        await reload()
        return goOn(selection)
      }
      select(selection)
      await navigate(`/login?redirect_to=${encodeURIComponent(redirectTo)}`, { replace: true })
    }
    void run()
  })

  const onSubmit = async (values: AcceptInviteValues) => {
    setFormError(null)
    let answer: Acceptance
    try {
      answer = await activate.mutateAsync({
        key,
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        password: values.password,
        redirectUrl: params.get('redirect_to') ? redirectTo : undefined,
      })
    } catch (error) {
      const code = isApiError(error) ? error.code : null
      if (code === 'expired' || code === 'key_invalid') return setFailure(linkFailureOf(error))
      return setFormError(t('acceptInvite.error'))
    }
    const session = sessionOf(answer)
    if (session) {
      await completeSignIn(session, { email: values.email, password: values.password })
      return goOn(invitedSelection(answer))
    }
    if (answer.code) {
      const request = { setup: answer.code === '2fa_not_setup' ? (answer.totp ?? null) : null }
      return setTwoFactor({ values, answer, request })
    }
    setFormError(t('acceptInvite.error'))
  }

  if (key === '') return <Navigate to="/" replace />

  let content
  if (failure) content = <LinkFailed failure={failure} />
  else if (!existingParam && check.isError) content = <LinkFailed failure={linkFailureOf(check.error)} />
  else if (existing || check.isPending) content = <FullPageLoader />
  else if (!check.data?.team_name) content = <LinkFailed failure="error" />
  else if (twoFactor) {
    content = (
      <Paper withBorder p="lg" radius="md">
        <LazyTwoFactorStep
          email={twoFactor.values.email}
          password={twoFactor.values.password}
          request={twoFactor.request}
          onSignedIn={async (session) => {
            await completeSignIn(session, { email: twoFactor.values.email, password: twoFactor.values.password, withCode: true })
            await goOn(invitedSelection(twoFactor.answer))
          }}
        />
      </Paper>
    )
  } else {
    content = (
      <Stack gap="md">
        <Text>
          {inviterName ? t('acceptInvite.welcome', { inviter: inviterName, team: teamName }) : t('acceptInvite.welcomeNoInviter', { team: teamName })}
        </Text>
        <Paper withBorder p="lg" radius="md">
          <AcceptInviteForm
            defaults={{
              first_name: check.data.first_name || params.get('first_name') || '',
              last_name: check.data.last_name || params.get('last_name') || '',
              email: check.data.email || params.get('email') || '',
            }}
            onSubmit={onSubmit}
            busy={activate.isPending}
            error={formError}
          />
        </Paper>
      </Stack>
    )
  }

  return (
    <Stack maw={520} mx="auto" gap="lg">
      <Title order={1} size="h2">
        {t('acceptInvite.title')}
      </Title>
      {content}
    </Stack>
  )
}

export { AcceptInvitePage as Component }
