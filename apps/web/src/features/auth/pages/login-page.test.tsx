import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { authCalls, type ErrorCode } from '@crm/domain'
import { apiError, mockCall, server } from '../../../test/server'
import { buildSession, signIn } from '../../../test/fixtures'
import { renderSignIn } from '../../../test/render'
import { decryptNote, deriveNoteKey, encryptNote } from '../../../lib/crypto'
import { changeLocale } from '../../../lib/i18n'
import { loadNoteKey } from '../../../lib/note-key'
import { getAccessToken } from '../../../lib/session'
import { readRememberId } from '../../../lib/two-factor-remember'

const session = buildSession()
const setup = { qr_code_url: 'data:image/png;base64,iVBORw0KGgo=', secret_grouped: 'JBSW Y3DP EHPK 3PXP' }

type User = ReturnType<typeof renderSignIn>['user']

async function fillAndSubmit(user: User, email = 'ruth@example.test') {
  await user.type(await screen.findByLabelText(/^Email/), email)
  await user.type(screen.getByLabelText(/^Password/), 'correct horse battery')
  await user.click(screen.getByRole('button', { name: 'Log in' }))
}

describe('login page', () => {
  it('has labelled, required email and password fields, a sign-up link and the reset link', async () => {
    renderSignIn('/login')
    const email = await screen.findByLabelText(/^Email/)
    expect(email).toBeRequired()
    expect(screen.getByLabelText(/^Password/)).toBeRequired()
    // Required labels show an asterisk.
    expect(email.closest('.mantine-InputWrapper-root')?.querySelector('label')).toHaveTextContent(/Email\s*\*/)
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('button', { name: "Don't remember your password?" })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument()
  })

  it.each<[ErrorCode, number, string]>([
    ['email_not_found', 401, 'Wrong email or password.'],
    ['is_locked', 423, 'Your account has been locked.'],
    ['login_failed', 401, 'Wrong email or password.'],
    ['internal_error', 500, 'Wrong email or password.'],
  ])('shows the text of %s', async (code, status, text) => {
    server.use(mockCall(authCalls.login, () => apiError(code, status)))
    const { user } = renderSignIn('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(getAccessToken()).toBeNull()
  })

  it("says how a locked account is unlocked (D1-8-03): a new password after failed sign-ins, a site admin's lock by them, in English and Spanish", async () => {
    server.use(mockCall(authCalls.login, () => apiError('is_locked', 423, { locked_reason: 'failures' })))
    const { user } = renderSignIn('/login')
    await fillAndSubmit(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your account has been locked.')
    expect(alert).toHaveTextContent("It was locked after many failed sign-ins. To unlock it, choose a new password: use “Don't remember your password?” below")
    await changeLocale('es')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Tu cuenta ha sido bloqueada.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Para desbloquearla, elige una contraseña nueva')
    server.use(mockCall(authCalls.login, () => apiError('is_locked', 423, { locked_reason: 'admin' })))
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('La bloqueó un administrador del sitio. Pídele que la desbloquee.'))
    await changeLocale('en')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A site administrator locked it. Ask them to unlock it.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Your account has been locked.')
    expect(getAccessToken()).toBeNull()
  })

  it('says how long to wait when sign-in is throttled (429 with retry_after), in English and Spanish', async () => {
    server.use(mockCall(authCalls.login, () => apiError('too_many_requests', 429, { retry_after: 61 })))
    const { user } = renderSignIn('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.')
    server.use(mockCall(authCalls.login, () => apiError('too_many_requests', 429, { retry_after: 30 })))
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 1 minute.'))
    await changeLocale('es')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Demasiados intentos. Vuelve a intentarlo dentro de 1 minuto.'))
    await changeLocale('en')
  })

  it('says to wait a moment on a 429 that does not say how long', async () => {
    server.use(mockCall(authCalls.login, () => apiError('too_many_requests', 429)))
    const { user } = renderSignIn('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.')
  })

  it('asks to correct the errors and sends nothing when a field is empty', async () => {
    let sent = 0
    server.use(mockCall(authCalls.login, () => (sent++, session)))
    const { user } = renderSignIn('/login')
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the errors to continue.')
    expect(sent).toBe(0)
  })

  it('signs in, sends no bearer token, keeps the session and loads the app at redirect_to', async () => {
    let authorization: string | null = 'unset'
    server.use(
      mockCall(authCalls.login, ({ input, headers }) => {
        authorization = headers.get('authorization')
        expect(input).toEqual({ email: 'ruth@example.test', password: 'correct horse battery' })
        return session
      }),
    )
    const { user, openApp } = renderSignIn('/login?redirect_to=%2Fgroup%2Fswitch')
    await fillAndSubmit(user)
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/group/switch'))
    expect(openApp).toHaveBeenCalledTimes(1)
    expect(authorization).toBeNull()
    expect(getAccessToken()).toBe('fresh-token')
  })

  it("never flashes 'You are already signed in.' while its own sign-in completes (issue #10)", async () => {
    server.use(mockCall(authCalls.login, session))
    const { user, openApp } = renderSignIn('/login?redirect_to=%2Fgroup%2Fswitch')
    await screen.findByLabelText(/^Email/)
    let flashed = false
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('You are already signed in.')) flashed = true
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    await fillAndSubmit(user)
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/group/switch'))
    observer.disconnect()
    expect(flashed).toBe(false)
  })

  it('D1-1-02 / D1-3-20 keeps the private-notes key derived from the password and the account salt', async () => {
    server.use(mockCall(authCalls.login, session))
    const { user, openApp } = renderSignIn('/login')
    await fillAndSubmit(user)
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/'))
    const kept = await loadNoteKey(session.user_id)
    expect(kept).not.toBeNull()
    const note = await encryptNote(await deriveNoteKey('correct horse battery', session.encryption_key), 'Visit on Sunday')
    await expect(decryptNote(kept!, note)).resolves.toBe('Visit on Sunday')
  })

  it.each(['https://evil.test/x', '//evil.test', '/\\evil.test'])('ignores an unsafe redirect_to %s and goes to /', async (target) => {
    server.use(mockCall(authCalls.login, session))
    const { user, openApp } = renderSignIn(`/login?redirect_to=${encodeURIComponent(target)}`)
    await fillAndSubmit(user)
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/'))
    expect(openApp).toHaveBeenCalledTimes(1)
  })

  it('clears the error once a later attempt succeeds (D1-4-02)', async () => {
    let attempts = 0
    let answer!: () => void
    const held = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      mockCall(authCalls.login, async () => {
        if (++attempts === 1) return apiError('is_locked', 423)
        await held
        return session
      }),
    )
    const { user, openApp } = renderSignIn('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has been locked.')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    // While the second attempt runs: no error, and the button shows it is busy.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled()
    answer()
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/'))
  })

  it('shows a Continue link to / when already signed in', async () => {
    signIn()
    renderSignIn('/login')
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/')
  })
})

describe('email not verified (D1-8-02, D1-4-03)', () => {
  it("shows 'Email not verified. Resend?'; Resend? sends the typed email and password, then 'Email sent.'", async () => {
    let resent: unknown
    server.use(
      mockCall(authCalls.login, () => apiError('email_not_verified', 403)),
      mockCall(authCalls.resendVerificationEmail, ({ input }) => {
        resent = input
        return { success: true as const }
      }),
    )
    const { user } = renderSignIn('/login')
    await fillAndSubmit(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Email not verified. Resend?')
    await user.click(within(alert).getByRole('button', { name: 'Resend?' }))
    expect(await within(alert).findByText('Email sent.')).toBeInTheDocument()
    expect(resent).toEqual({ email: 'ruth@example.test', password: 'correct horse battery' })
  })
})

describe('reset request form (D1-2.3-02, D1-2.4-01)', () => {
  it('opens from the link, sends the email and shows the generic confirmation (D1-8-10)', async () => {
    let asked: unknown
    server.use(
      mockCall(authCalls.requestPasswordReset, ({ input }) => {
        asked = input
        return { success: true as const }
      }),
    )
    const { user } = renderSignIn('/login?redirect_to=%2Fgroup%2Fswitch')
    await user.click(await screen.findByRole('button', { name: "Don't remember your password?" }))
    // The reset request form loads when asked for (lazy-views.tsx).
    await user.type(await screen.findByLabelText(/^Email/), 'ruth@example.test')
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send link' }))
    expect(
      await screen.findByText(
        'If your account exists in our system, you will receive an email with a link to create a new password. Please check your inbox, and also your spam or junk folder, just in case.',
      ),
    ).toBeInTheDocument()
    expect(asked).toEqual({ email: 'ruth@example.test', redirect: '/group/switch' })
  })

  it("shows 'Wrong email.' when the request fails (D1-8-09), and Cancel goes back", async () => {
    server.use(mockCall(authCalls.requestPasswordReset, () => apiError('internal_error', 500)))
    const { user } = renderSignIn('/login')
    await user.click(await screen.findByRole('button', { name: "Don't remember your password?" }))
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ruth@example.test')
    await user.click(screen.getByRole('button', { name: 'Send link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    server.use(mockCall(authCalls.requestPasswordReset, () => apiError('internal_error', 500)))
    const { user } = renderSignIn('/login')
    await user.click(await screen.findByRole('button', { name: '¿No recuerdas tu contraseña?' }))
    await user.type(await screen.findByLabelText(/^Correo electrónico/), 'ruth@example.test')
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo electrónico incorrecto.')
  })
})

describe('two-factor sign-in', () => {
  it('D1-2.3-06 2fa_required: the code entry replaces the form; the 6th digit signs in with the code', async () => {
    const sent: unknown[] = []
    server.use(
      mockCall(authCalls.login, ({ input }) => {
        sent.push(input)
        if (!input.totp) return apiError('2fa_required', 401)
        if (input.totp !== '246810') return apiError('incorrect_totp', 401)
        return buildSession({ two_factor_remember_id: 'device-1' })
      }),
    )
    const { user, openApp } = renderSignIn('/login')
    await fillAndSubmit(user)
    const code = await screen.findByLabelText(/^Verification code/)
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument()

    // D1-8-05: a wrong code.
    await user.type(code, '111111')
    expect(await screen.findByText('Incorrect verification code.')).toBeInTheDocument()
    expect(getAccessToken()).toBeNull()

    await user.type(screen.getByLabelText(/^Verification code/), '246810')
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/'))
    expect(sent.at(-1)).toEqual({
      email: 'ruth@example.test',
      password: 'correct horse battery',
      totp: '246810',
      remember_device: true,
    })
    expect(readRememberId('Ruth@Example.test')).toBe('device-1')
  })

  it('sends the remembered device token with a later login of that email', async () => {
    window.localStorage.setItem('crm.2fa-remember:ruth@example.test', 'device-1')
    let sent: unknown
    server.use(
      mockCall(authCalls.login, ({ input }) => {
        sent = input
        return buildSession({ two_factor_remember_id: 'device-1' })
      }),
    )
    const { user, openApp } = renderSignIn('/login')
    await fillAndSubmit(user)
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/'))
    expect(sent).toMatchObject({ email: 'ruth@example.test', two_factor_remember_id: 'device-1' })
  })

  it('D1-2.3-07 2fa_not_setup: the setup view shows the QR image and grouped secret; a pasted code signs in', async () => {
    let totp: string | undefined
    server.use(
      mockCall(authCalls.login, ({ input }) => {
        if (!input.totp) return apiError('2fa_not_setup', 401, { totp: setup })
        totp = input.totp
        return session
      }),
    )
    const { user, openApp } = renderSignIn('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', setup.qr_code_url)
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
    await user.click(screen.getByLabelText(/^Verification code/))
    await user.paste('1357924680')
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/'))
    expect(totp).toBe('135792')
  })

  it('Cancel goes back to the login form', async () => {
    server.use(mockCall(authCalls.login, () => apiError('2fa_required', 401)))
    const { user } = renderSignIn('/login')
    await fillAndSubmit(user)
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })
})
