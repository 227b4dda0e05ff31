import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { authCalls, type ErrorCode } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { renderApp, waitForSignInPage } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'

describe('/activate (spec 1 §2, §4)', () => {
  it('D1-2.6-01 goes to / without a key', async () => {
    const { router } = renderApp('/activate')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    // / is behind sign-in: the visitor lands on the sign-in page.
    await waitForSignInPage('/login')
  })

  it('D1-2.6-02/03 shows a loader, then activates once and offers Continue to /login', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent: unknown[] = []
    server.use(
      mockCall(authCalls.activate, async ({ input, headers }) => {
        sent.push(input)
        expect(headers.get('authorization')).toBeNull()
        await held
        return { success: true as const }
      }),
    )
    renderApp('/activate?key=abc123')
    // Once the call is out the page is mounted: the loader is its own, not the router's.
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    release()
    expect(await screen.findByText('Your email has been verified. You can now log in.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/login')
    expect(sent).toEqual([{ key: 'abc123' }])
  })

  it.each<[ErrorCode, number, string]>([
    ['key_invalid', 400, 'The link has expired.'],
    ['internal_error', 500, 'Error.'],
    ['too_many_requests', 429, 'Error.'],
  ])('D1-8-15 %s shows %s', async (code, status, text) => {
    server.use(mockCall(authCalls.activate, () => apiError(code, status)))
    renderApp('/activate?key=abc123')
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace('.', '\\.')}$`))
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    server.use(mockCall(authCalls.activate, () => apiError('key_invalid', 400)))
    renderApp('/activate?key=abc123')
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace ha caducado.')
  })
})
