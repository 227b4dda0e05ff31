import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { authCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'

const strong = 'lanterns drift over quiet harbours'

function keyIsValid() {
  const checked: unknown[] = []
  server.use(
    mockCall(authCalls.checkResetPasswordKey, ({ input }) => {
      checked.push(input)
      return { success: true as const }
    }),
  )
  return checked
}

async function typeNewPassword(user: ReturnType<typeof renderApp>['user'], text: string) {
  const field = await screen.findByLabelText(/^New password/)
  await user.click(field)
  await user.paste(text)
}

describe('/reset-password (spec 1 §2, §4)', () => {
  it('D1-2.4-02/03 D1-4-11 checks the key of the link on load, with a loader, then shows the form and the warning', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const checked: unknown[] = []
    server.use(
      mockCall(authCalls.checkResetPasswordKey, async ({ input }) => {
        checked.push(input)
        await held
        return { success: true as const }
      }),
    )
    renderApp('/reset-password?key=k3y&user_id=7&redirect_to=%2Fgroup%2Fswitch')
    // Once the call is out the page is mounted: the loader is its own, not the router's.
    await waitFor(() => expect(checked).toHaveLength(1))
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument()
    release()
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument()
    // D1-2.4-07
    expect(screen.getByText('Resetting your password makes previously created Private Notes unreadable.')).toBeInTheDocument()
    expect(checked).toEqual([{ user_id: 7, key: 'k3y' }])
  })

  it('D1-2.4-06 keeps Save disabled while the password is empty or has an error', async () => {
    keyIsValid()
    const { user } = renderApp('/reset-password?key=k3y&user_id=7')
    await screen.findByLabelText(/^New password/)
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await typeNewPassword(user, 'short')
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.clear(screen.getByLabelText(/^New password/))
    await typeNewPassword(user, strong)
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it("D1-2.4-04 saves and shows 'Saved!' with a link on to the safe redirect_to", async () => {
    keyIsValid()
    let sent: unknown
    server.use(
      mockCall(authCalls.resetPassword, ({ input }) => {
        sent = input
        return { success: true as const }
      }),
    )
    const { user } = renderApp('/reset-password?key=k3y&user_id=7&redirect_to=%2Fgroup%2Fswitch')
    await typeNewPassword(user, strong)
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved!')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/group/switch')
    expect(sent).toEqual({ user_id: 7, key: 'k3y', password: strong, redirect: '/group/switch' })
  })

  it('links to / after saving when redirect_to is missing or unsafe', async () => {
    keyIsValid()
    server.use(mockCall(authCalls.resetPassword, { success: true }))
    const { user } = renderApp('/reset-password?key=k3y&user_id=7&redirect_to=https%3A%2F%2Fevil.test')
    await typeNewPassword(user, strong)
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/')
  })

  it("D1-2.4-05 an invalid key shows 'The link has expired.'", async () => {
    server.use(mockCall(authCalls.checkResetPasswordKey, () => apiError('key_invalid', 400)))
    renderApp('/reset-password?key=old&user_id=7')
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument()
  })

  it('issue #10 item 14: an expired link offers the reset request form, which asks for a new link; Cancel goes back', async () => {
    server.use(mockCall(authCalls.checkResetPasswordKey, () => apiError('key_invalid', 400)))
    const requests: unknown[] = []
    server.use(
      mockCall(authCalls.requestPasswordReset, ({ input }) => {
        requests.push(input)
        return { success: true as const }
      }),
    )
    const { user } = renderApp('/reset-password?key=old&user_id=7&redirect_to=%2Fcontacts')
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
    await user.click(screen.getByRole('button', { name: 'Request a new link' }))
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Request a new link' }))
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ann@example.test')
    await user.click(screen.getByRole('button', { name: 'Send link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If your account exists in our system, you will receive an email with a link to create a new password.',
    )
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ email: 'ann@example.test' })
  })

  it('treats a link without a key or user id as expired, without asking the server', async () => {
    renderApp('/reset-password?user_id=7')
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
  })

  it("D1-8-11 a failed save shows 'Error. You may have an expired link.' and how to reach support", async () => {
    keyIsValid()
    server.use(mockCall(authCalls.resetPassword, () => apiError('key_invalid', 400)))
    const { user } = renderApp('/reset-password?key=k3y&user_id=7')
    await typeNewPassword(user, strong)
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error. You may have an expired link.')
    expect(alert).toHaveTextContent('If you need help, contact us at support@example.test.')
    expect(screen.getByRole('link', { name: 'support@example.test' })).toHaveAttribute('href', 'mailto:support@example.test')
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    keyIsValid()
    renderApp('/reset-password?key=k3y&user_id=7')
    expect(await screen.findByText('Al restablecer tu contraseña, las Notas privadas que creaste antes ya no se podrán leer.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled()
  })

  it('offers a new link in Spanish too', async () => {
    await changeLocale('es')
    renderApp('/reset-password?user_id=7')
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace ha caducado.')
    expect(screen.getByRole('button', { name: 'Pedir un enlace nuevo' })).toBeInTheDocument()
  })
})
