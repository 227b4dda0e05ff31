import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { accountCalls, authCalls, lookupCalls, type ErrorCode } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { loadNoteKey } from '../../../lib/note-key'
import { getAccessToken } from '../../../lib/session'
import { buildAccount, buildSession, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { enter } from '../../../test/user'
import { apiError, mockCall, server } from '../../../test/server'

// The ALTCHA widget needs workers and a challenge server; here the custom element stays
// undefined and the test plays its statechange events.
vi.mock('altcha', () => ({}))
vi.mock('altcha/i18n/es-es', () => ({}))

type User = ReturnType<typeof renderApp>['user']

const conferences = [
  { id: 100, title: 'North Conference' },
  { id: 200, title: 'South Conference' },
]
const churches: Record<string, Array<{ id: number; title: string }>> = {
  '100': [{ id: 101, title: 'Grace Church' }],
  '200': [{ id: 201, title: 'Hope Chapel' }],
}
const password = 'lanterns drift over quiet harbours'

function mockLookups() {
  const asked: Array<{ list: unknown; parent: unknown; authorization: string | null }> = []
  server.use(
    mockCall(lookupCalls.lookups, ({ params, input, headers }) => {
      asked.push({ list: params['list'], parent: input.parent, authorization: headers.get('authorization') })
      if (params['list'] === 'conferences') return { items: conferences }
      return { items: churches[String(input.parent)] ?? [] }
    }),
  )
  return asked
}

async function solveCaptcha(payload = 'solved-payload') {
  const widget = await waitFor(() => {
    const element = document.querySelector('altcha-widget')
    if (!element) throw new Error('no captcha widget yet')
    return element
  })
  expect(widget).toHaveAttribute('challenge', '/api/v1/captcha-challenge')
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }))
  })
}

/** Pastes into a field (each typed key of a long password would be rated again). */
async function fillForm(user: User) {
  await enter(user, await screen.findByLabelText(/^First name/), 'Ruth')
  await enter(user, screen.getByLabelText(/^Last name/), 'Miller')
  await enter(user, screen.getByLabelText(/^Email/), 'ruth@example.test')
  await enter(user, screen.getByLabelText(/^Password/), password)
  await user.selectOptions(screen.getByLabelText(/^Conference/), await screen.findByRole('option', { name: 'North Conference' }))
  await user.selectOptions(screen.getByLabelText(/^Church/), await screen.findByRole('option', { name: 'Grace Church' }))
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Privacy Policy/ }))
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Code of Conduct/ }))
  await solveCaptcha()
}

const submitButton = () => screen.getByRole('button', { name: 'Sign up' })

describe('/signup', () => {
  it('D1-2.5-01/04/05 has the six fields, both required boxes with their links, and a link to /login', async () => {
    mockLookups()
    renderApp('/signup')
    for (const label of [/^First name/, /^Last name/, /^Email/, /^Password/, /^Conference/, /^Church/]) {
      expect(await screen.findByLabelText(label)).toBeRequired()
    }
    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms and Privacy Policy/ })
    const conduct = screen.getByRole('checkbox', { name: /I agree to the Code of Conduct/ })
    expect(terms).toBeRequired()
    expect(conduct).toBeRequired()
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(screen.getByRole('link', { name: 'Code of Conduct' })).toHaveAttribute('href', '/code-of-conduct')
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(document.title).toContain('Sign up')
  })

  it('D1-2.5-02/03 keeps the church disabled until a conference is chosen; its choices follow the conference', async () => {
    const asked = mockLookups()
    const { user } = renderApp('/signup')
    const church = await screen.findByLabelText(/^Church/)
    expect(church).toBeDisabled()
    await user.selectOptions(screen.getByLabelText(/^Conference/), await screen.findByRole('option', { name: 'North Conference' }))
    expect(church).toBeEnabled()
    await user.selectOptions(church, await screen.findByRole('option', { name: 'Grace Church' }))
    expect(church).toHaveValue('101')
    // Another conference: other churches, and the chosen one is cleared.
    await user.selectOptions(screen.getByLabelText(/^Conference/), 'South Conference')
    expect(await screen.findByRole('option', { name: 'Hope Chapel' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Grace Church' })).not.toBeInTheDocument()
    expect(church).toHaveValue('')
    expect(asked).toContainEqual({ list: 'conference-teams', parent: '200', authorization: null })
    // D1-4-22: the list is loaded once, however often the form renders.
    expect(asked.filter((call) => call.list === 'conferences')).toEqual([{ list: 'conferences', parent: undefined, authorization: null }])
  })

  it('D1-8-17 a failed lookup is only logged: no message, an empty list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(mockCall(lookupCalls.lookups, () => apiError('internal_error', 500)))
    renderApp('/signup')
    const conference = await screen.findByLabelText(/^Conference/)
    await waitFor(() => expect(logged).toHaveBeenCalledWith('The lookup list conferences could not be loaded', expect.anything()))
    expect(
      within(conference)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose your conference'])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    logged.mockRestore()
  })

  it('fetches the captcha once the visitor begins filling in the form, not with the page', async () => {
    mockLookups()
    const { user } = renderApp('/signup')
    const firstName = await screen.findByLabelText(/^First name/)
    await screen.findByRole('option', { name: 'North Conference' })
    expect(document.querySelector('altcha-widget')).toBeNull()
    await user.click(firstName)
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull())
    // The visitor has begun: the widget solves at once rather than on a later focus.
    expect(document.querySelector('altcha-widget')).toHaveAttribute('auto', 'onload')
  })

  it('D1-5-08 keeps Sign up disabled until every field, both boxes and the captcha are done, without errors', async () => {
    mockLookups()
    const { user } = renderApp('/signup')
    await enter(user, await screen.findByLabelText(/^First name/), 'Ruth')
    await enter(user, screen.getByLabelText(/^Last name/), 'Miller')
    await enter(user, screen.getByLabelText(/^Email/), 'ruth@example')
    await user.type(screen.getByLabelText(/^Password/), 'short')
    await user.selectOptions(screen.getByLabelText(/^Conference/), await screen.findByRole('option', { name: 'North Conference' }))
    await user.selectOptions(screen.getByLabelText(/^Church/), await screen.findByRole('option', { name: 'Grace Church' }))
    await user.click(screen.getByRole('checkbox', { name: /Terms and Privacy Policy/ }))
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }))
    await solveCaptcha()
    // A bad email and a weak password still block it.
    expect(submitButton()).toBeDisabled()
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Email/), '.test')
    expect(submitButton()).toBeDisabled()
    await user.clear(screen.getByLabelText(/^Password/))
    await enter(user, screen.getByLabelText(/^Password/), password)
    await waitFor(() => expect(submitButton()).toBeEnabled())
    // Unticking a box, or an expired captcha, disables it again.
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }))
    expect(submitButton()).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }))
    expect(submitButton()).toBeEnabled()
    act(() => {
      document.querySelector('altcha-widget')!.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }))
    })
    expect(submitButton()).toBeDisabled()
  })

  it('D1-4-04 with an access token: signs in, keeps the notes key, loads the account and goes to /', async () => {
    mockLookups()
    let sent: unknown
    server.use(
      mockCall(authCalls.signup, ({ input, headers }) => {
        sent = input
        expect(headers.get('authorization')).toBeNull()
        return buildSession()
      }),
      mockCall(accountCalls.user, buildAccount([buildTeam({ id: 101, title: 'Grace Church', role: 'member_request' })])),
    )
    const { user, router } = renderApp('/signup')
    await fillForm(user)
    await user.click(submitButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Awaiting membership approval' })).toBeInTheDocument()
    expect(sent).toEqual({
      first_name: 'Ruth',
      last_name: 'Miller',
      email: 'ruth@example.test',
      password,
      conference_id: 100,
      team_id: 101,
      recaptcha_token: 'solved-payload',
    })
    expect(getAccessToken()).toBe('fresh-token')
    expect(await loadNoteKey(7)).not.toBeNull()
  })

  it('D1-4-05 email_not_verified: shows the pending email-verification message', async () => {
    mockLookups()
    server.use(mockCall(authCalls.signup, () => apiError('email_not_verified', 403)))
    const { user } = renderApp('/signup')
    await fillForm(user)
    await user.click(submitButton())
    expect(await screen.findByText('Check your email')).toBeInTheDocument()
    expect(screen.getByText(/We have sent you an email with a link to verify your address/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument()
    expect(getAccessToken()).toBeNull()
  })

  it('D1-4-06 2fa_not_setup: shows the QR setup; the code signs in with login', async () => {
    mockLookups()
    let login: unknown
    server.use(
      mockCall(authCalls.signup, () => apiError('2fa_not_setup', 401, { totp: { qr_code_url: 'data:image/png;base64,AAAA', secret_grouped: 'ABCD EFGH' } })),
      mockCall(authCalls.login, ({ input }) => {
        login = input
        return buildSession()
      }),
      mockCall(accountCalls.user, buildAccount([buildTeam({ id: 101, title: 'Grace Church', role: 'member_request' })])),
    )
    const { user, router } = renderApp('/signup')
    await fillForm(user)
    await user.click(submitButton())
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument()
    expect(screen.getByText('ABCD EFGH')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Verification code/), '123456')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(login).toMatchObject({ email: 'ruth@example.test', password, totp: '123456' })
  })

  it('D1-4-06 2fa_required: shows the code entry', async () => {
    mockLookups()
    server.use(mockCall(authCalls.signup, () => apiError('2fa_required', 401)))
    const { user } = renderApp('/signup')
    await fillForm(user)
    await user.click(submitButton())
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Verification code/)).toBeInTheDocument()
  })

  it.each<[ErrorCode, number, string]>([
    ['email_exists', 409, 'A user with this email already exists'],
    ['invalid_request', 400, 'Error'],
    ['internal_error', 500, 'Error'],
  ])('D1-8-12/14 %s shows its text and asks for a new captcha', async (code, status, text) => {
    mockLookups()
    server.use(mockCall(authCalls.signup, () => apiError(code, status, { errors: { password: 'Too weak' } })))
    const { user } = renderApp('/signup')
    await fillForm(user)
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text}$`))
    // The solved captcha was spent: it must be solved again.
    expect(submitButton()).toBeDisabled()
  })

  it('D1-8-13 incorrect_recaptcha: apologises with a link to the support email', async () => {
    mockLookups()
    server.use(mockCall(authCalls.signup, () => apiError('incorrect_recaptcha', 400)))
    const { user } = renderApp('/signup')
    await fillForm(user)
    await user.click(submitButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Sorry, we could not verify that you are a person.')
    expect(screen.getByRole('link', { name: 'support@example.test' })).toHaveAttribute('href', 'mailto:support@example.test')
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    mockLookups()
    server.use(mockCall(authCalls.signup, () => apiError('email_exists', 409)))
    const { user } = renderApp('/signup')
    await enter(user, await screen.findByLabelText(/^Nombre/), 'Ruth')
    await enter(user, screen.getByLabelText(/^Apellido/), 'Miller')
    await enter(user, screen.getByLabelText(/^Correo electrónico/), 'ruth@example.test')
    await enter(user, screen.getByLabelText(/^Contraseña/), password)
    await user.selectOptions(screen.getByLabelText(/^Asociación/), await screen.findByRole('option', { name: 'North Conference' }))
    await user.selectOptions(screen.getByLabelText(/^Iglesia/), await screen.findByRole('option', { name: 'Grace Church' }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto las Condiciones y la Política de privacidad/ }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto el Código de conducta/ }))
    await solveCaptcha()
    await user.click(screen.getByRole('button', { name: 'Registrarme' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe un usuario con este correo electrónico')
  })
})
