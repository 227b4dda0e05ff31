import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { authCalls, siteCalls } from '@crm/domain'
import { draftStorageKey } from '../../../lib/drafts'
import { getCookie } from '../../../lib/cookies'
import { deriveNoteKey } from '../../../lib/crypto'
import { loadNoteKey, storeNoteKey } from '../../../lib/note-key'
import { getAccessToken } from '../../../lib/session'
import type { OutputOf } from '../../../lib/api'
import { sessionKeys } from '../../session/queries'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp, renderSignIn, waitForSignInPage } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

function signedInWithLogout(answer: () => OutputOf<typeof authCalls.logout> | Response) {
  signedInAs(buildAccount([buildTeam({ id: 1, title: 'Grace Church' })]), { teamId: 1, groupId: 1 })
  let authorization: string | null = null
  server.use(
    mockCall(authCalls.logout, ({ headers }) => {
      authorization = headers.get('authorization')
      return answer()
    }),
  )
  return { authorization: () => authorization }
}

describe('/logout', () => {
  it('ends the session on the server, clears cookies, drafts and cache, then goes to /login', async () => {
    const seen = signedInWithLogout(() => ({ success: true }))
    window.localStorage.setItem(draftStorageKey('note'), '{"title":"x"}')
    const { router, queryClient } = renderApp('/logout')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(seen.authorization()).toBe('Bearer test-token')
    expect(getAccessToken()).toBeNull()
    expect(getCookie('access_token')).toBeNull()
    expect(window.localStorage.getItem(draftStorageKey('note'))).toBeNull()
    expect(queryClient.getQueryData(sessionKeys.user())).toBeUndefined()
    await waitForSignInPage('/login')
  })

  it('D1-4-13 / D1-3-20 forgets the private-notes key kept on this device', async () => {
    signedInWithLogout(() => ({ success: true as const }))
    await storeNoteKey(await deriveNoteKey('correct horse battery', 'c2FsdA=='), 7)
    const { router } = renderApp('/logout')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    await waitFor(async () => expect(await loadNoteKey()).toBeNull())
  })

  it('an ended session (expiry, a 401) forgets the key as well', async () => {
    await storeNoteKey(await deriveNoteKey('correct horse battery', 'c2FsdA=='), 7)
    renderSignIn('/login')
    await screen.findByRole('button', { name: 'Log in' })
    await waitFor(async () => expect(await loadNoteKey()).toBeNull())
  })

  it('D1-8-08 clears the session and goes to /login even when the call fails', async () => {
    signedInWithLogout(() => apiError('internal_error', 500))
    const { router } = renderApp('/logout')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(getAccessToken()).toBeNull()
  })

  it('goes to redirect_to when present, and only to a path of this site', async () => {
    signedInWithLogout(() => ({ success: true }))
    server.use(mockCall(siteCalls.contentPage, { slug: 'privacy', title: 'Privacy policy', content: '<p>Kept safe.</p>' }))
    const first = renderApp('/logout?redirect_to=%2Fprivacy')
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/privacy'))
    first.unmount()

    signedInWithLogout(() => ({ success: true }))
    const second = renderApp('/logout?redirect_to=https%3A%2F%2Fevil.test')
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/login'))
  })
})
