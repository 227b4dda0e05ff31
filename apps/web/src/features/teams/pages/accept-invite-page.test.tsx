import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { accountCalls, authCalls, inviteCalls } from '@crm/domain'
import type { OutputOf } from '../../../lib/api'
import { changeLocale } from '../../../lib/i18n'
import { loadNoteKey } from '../../../lib/note-key'
import { getAccessToken, readStoredSelection } from '../../../lib/session'
import { buildAccount, buildGroup, buildSession, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

type User = ReturnType<typeof renderApp>['user']

const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth' })] })
const hope = buildTeam({ id: 20, title: 'Hope Chapel' })
const account = buildAccount([grace, hope], { email: 'sam@example.test', name: 'Sam Lee' })
const password = 'lanterns drift over quiet harbours'

const keyInfo: OutputOf<typeof inviteCalls.checkInviteKey> = {
  team_name: 'Grace Church',
  invited_by_name: 'Pat Pastor',
  email: 'sam@example.test',
  first_name: 'Sam',
  last_name: 'Lee',
  existing: false,
}

const joined = { team_id: 10, team_is_group: false, team_parent_id: null }
const { authorization_code: _unused, ...signedIn } = buildSession()

function mockInvite(options: {
  check?: OutputOf<typeof inviteCalls.checkInviteKey> | Response
  activate?: OutputOf<typeof inviteCalls.activateInvite> | Response
}) {
  const calls = { checked: [] as unknown[], activated: [] as unknown[] }
  server.use(
    mockCall(inviteCalls.checkInviteKey, ({ input }) => {
      calls.checked.push(input)
      return options.check ?? keyInfo
    }),
    mockCall(inviteCalls.activateInvite, ({ input, headers }) => {
      calls.activated.push(input)
      expect(headers.get('authorization')).toBeNull()
      return options.activate ?? { ...joined, ...signedIn }
    }),
    mockCall(accountCalls.user, account),
  )
  return calls
}

async function setPassword(user: User, text = password) {
  await user.click(screen.getByLabelText(/^Password/))
  await user.paste(text)
}

describe('/accept-invite: a new person (spec 3 §2.5, §4)', () => {
  it('D3-2.5-06 goes to / without a key', async () => {
    const { router } = renderApp('/accept-invite?existing=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('D3-2.5-02/03/04 checks the key with a loader, then shows the welcome and the prefilled form', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let checked = 0
    server.use(
      mockCall(inviteCalls.checkInviteKey, async () => {
        checked += 1
        await held
        return keyInfo
      }),
    )
    renderApp('/accept-invite?key=inv1&first_name=Samuel&invited_to_name=Old%20name')
    // Once the call is out the page is mounted: the loader is its own, not the router's.
    await waitFor(() => expect(checked).toBe(1))
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    release()
    expect(await screen.findByText('Pat Pastor has invited you to join Grace Church. Create your account to accept the invite.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Sam')
    expect(screen.getByLabelText(/^First name/)).toBeRequired()
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lee')
    expect(screen.getByLabelText(/^Email/)).toHaveValue('sam@example.test')
    expect(screen.getByLabelText(/^Email/)).toBeRequired()
    expect(screen.getByLabelText(/^Password/)).toBeRequired()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument()
  })

  it('D3-5-11 refuses to send the form while a field has an error', async () => {
    const calls = mockInvite({})
    const { user } = renderApp('/accept-invite?key=inv1')
    await user.clear(await screen.findByLabelText(/^First name/))
    await setPassword(user, 'too short')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(screen.getByText('This field is required.')).toBeInTheDocument()
    // The password's rating comes with the rules, fetched at the first key typed.
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument()
    expect(calls.activated).toEqual([])
  })

  it('D3-4-03/05/06 accepts, signs in, keeps the notes key, selects the invited team and goes to redirect_to', async () => {
    const calls = mockInvite({})
    const { user, router } = renderApp('/accept-invite?key=inv1&redirect_to=%2Fgroup%2Fswitch')
    await screen.findByLabelText(/^First name/)
    await setPassword(user)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/switch'))
    expect(calls.checked).toEqual([{ key: 'inv1' }])
    expect(calls.activated).toEqual([{ key: 'inv1', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.test', password, redirectUrl: '/group/switch' }])
    expect(getAccessToken()).toBe('fresh-token')
    expect(await loadNoteKey(7)).not.toBeNull()
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 10 })
    expect(await screen.findByRole('heading', { name: 'Switch group' })).toBeInTheDocument()
  })

  it('selects the invited group inside its team (team_is_group)', async () => {
    mockInvite({ activate: { team_id: 12, team_is_group: true, team_parent_id: 10, ...signedIn } })
    const { user, router } = renderApp('/accept-invite?key=inv1')
    await screen.findByLabelText(/^First name/)
    await setPassword(user)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Dashboard - Grace Church (Youth)' })).toBeInTheDocument()
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 12 })
  })

  it('D3-2.5-05 2fa_not_setup: the setup step, then login with the email, password and code', async () => {
    let login: unknown
    mockInvite({
      activate: { ...joined, code: '2fa_not_setup', totp: { qr_code_url: 'data:image/png;base64,AAAA', secret_grouped: 'ABCD EFGH' } },
    })
    server.use(
      mockCall(authCalls.login, ({ input }) => {
        login = input
        return buildSession()
      }),
    )
    const { user, router } = renderApp('/accept-invite?key=inv1')
    await screen.findByLabelText(/^First name/)
    await setPassword(user)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Verification code/), '654321')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(login).toMatchObject({ email: 'sam@example.test', password, totp: '654321' })
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 10 })
  })

  it('D3-2.5-05 2fa_required: the code entry step', async () => {
    mockInvite({ activate: { ...joined, code: '2fa_required' } })
    const { user } = renderApp('/accept-invite?key=inv1')
    await screen.findByLabelText(/^First name/)
    await setPassword(user)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument()
  })

  it("D3-8-08 an expired key shows 'The link has expired.'", async () => {
    mockInvite({ check: apiError('expired', 410) })
    renderApp('/accept-invite?key=inv1')
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument()
  })

  it("D3-8-09 any other key failure: 'The link is not valid or has already been activated.' with a login link", async () => {
    mockInvite({ check: apiError('key_invalid', 400) })
    renderApp('/accept-invite?key=inv1')
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is not valid or has already been activated.')
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })

  it("D3-8-10 an answer without a team name shows 'Error.'", async () => {
    mockInvite({ check: { ...keyInfo, team_name: '' } })
    renderApp('/accept-invite?key=inv1')
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error\.$/)
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    mockInvite({})
    renderApp('/accept-invite?key=inv1')
    expect(await screen.findByText('Pat Pastor te ha invitado a unirte a Grace Church. Crea tu cuenta para aceptar la invitación.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument()
  })
})

describe('/accept-invite: an existing person (existing=1)', () => {
  it('D3-4-04 activates at once, stores the invited selection and goes to log in, back to redirect_to', async () => {
    const calls = mockInvite({ activate: { team_id: 12, team_is_group: true, team_parent_id: 10 } })
    const { router } = renderApp('/accept-invite?key=inv2&existing=1&email=sam%40example.test&redirect_to=%2Fgroup%2Fswitch')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?redirect_to=%2Fgroup%2Fswitch')
    expect(calls.checked).toEqual([])
    expect(calls.activated).toEqual([{ key: 'inv2' }])
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 12 })
    expect(getAccessToken()).toBeNull()
  })

  it('goes to /login?redirect_to=/ without a redirect_to', async () => {
    mockInvite({ activate: joined })
    const { router } = renderApp('/accept-invite?key=inv2&existing=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?redirect_to=%2F')
  })

  it('signed in as that same email: reloads the account, selects the invited team and goes on', async () => {
    const calls = mockInvite({ activate: joined })
    const { userCalls } = signedInAs(account, { teamId: 20, groupId: 20 })
    const { router } = renderApp('/accept-invite?key=inv2&existing=1&email=Sam%40example.test')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Dashboard - Grace Church' })).toBeInTheDocument()
    expect(calls.activated).toEqual([{ key: 'inv2' }])
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 10 })
    expect(userCalls()).toBeGreaterThanOrEqual(2)
  })

  it('a key check that says the email has an account accepts at once too', async () => {
    const calls = mockInvite({ check: { ...keyInfo, existing: true }, activate: joined })
    const { router } = renderApp('/accept-invite?key=inv3')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(calls.activated).toEqual([{ key: 'inv3' }])
  })

  it('shows the link failure when the key has expired', async () => {
    mockInvite({ activate: apiError('expired', 410) })
    renderApp('/accept-invite?key=inv2&existing=1')
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
  })
})
