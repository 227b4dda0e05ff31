import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { accountCalls, contactMapCalls, teamCalls } from '@crm/domain'
import { chunkReloadKey, loadChunk } from '../lib/chunk-reload'
import { getCookie } from '../lib/cookies'
import { getAccessToken, readStoredSelection, storeSelection } from '../lib/session'
import { buildAccount, buildGroup, buildTeam, signIn } from '../test/fixtures'
import { createTestQueryClient, renderApp, waitForSignInPage } from '../test/render'
import { apiError, mockCall, server } from '../test/server'
import { signedInAs } from '../test/session'
import { FullPageLoader } from '../components/status-screens'
import { RouteErrorScreen } from './route-error-screen'
import { Providers } from './providers'

const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth' })] })
const hope = buildTeam({ id: 20, title: 'Hope Chapel', role: 'member' })

describe('route guard', () => {
  it('D1-2.2-06 sends a signed-out visitor to /login with redirect_to', async () => {
    const { router } = renderApp('/group/switch?from=menu')
    // The sign-in page is a page of its own (login.html): the browser loads it, query and all.
    await waitForSignInPage('/login?redirect_to=%2Fgroup%2Fswitch%3Ffrom%3Dmenu')
    expect(router.state.location.pathname).toBe('/login')
  })

  it('D1-2.2-07 / D1-8-07 sends a user whose account cannot be loaded to /login with redirect_to', async () => {
    signIn()
    server.use(mockCall(accountCalls.user, () => apiError('internal_error', 500)))
    const { router } = renderApp('/team/switch')
    await waitForSignInPage('/login?redirect_to=%2Fteam%2Fswitch')
    expect(router.state.location.pathname).toBe('/login')
    // Still signed in: the sign-in page offers to continue (login-page.test.tsx).
    expect(getAccessToken()).not.toBeNull()
  })

  it('D1-8-06 logs the user out on a 401 while loading the account', async () => {
    signIn()
    storeSelection({ teamId: 10, groupId: 10 })
    server.use(mockCall(accountCalls.user, () => apiError('unauthorized', 401)))
    const { router } = renderApp('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(getAccessToken()).toBeNull()
    expect(getCookie('access_token')).toBeNull()
  })

  it('D1-4-14 lands a user with several teams and nothing stored in the first team, not on the switch-team page', async () => {
    signedInAs(buildAccount([hope, grace]))
    const { router } = renderApp('/')
    expect(await screen.findByRole('heading', { name: `Dashboard - ${grace.title}` })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByRole('heading', { name: 'Switch team' })).not.toBeInTheDocument()
    expect(readStoredSelection()).toEqual({ teamId: grace.id, groupId: grace.id })
  })

  it('D1-2.2-09 shows the switch-group page while no group is selected', async () => {
    // A team whose only group is the offer of a private group: nothing can be auto-selected.
    const bare = buildTeam({ id: 30, title: 'New Plant' })
    bare.groups = { '0': buildGroup({ id: 0, title: 'Private group', is_temp_private_group: true, is_public: false, user_role: null }) }
    signedInAs(buildAccount([bare]))
    const { router } = renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Switch group' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('falls back to the first team and its primary group when the stored team is stale', async () => {
    signedInAs(buildAccount([hope, grace]), { teamId: 99, groupId: 99 })
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Dashboard - Grace Church' })).toBeInTheDocument()
    await waitFor(() => expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 10 }))
  })

  it('keeps a still valid stored group', async () => {
    signedInAs(buildAccount([hope, grace]), { teamId: 10, groupId: 12 })
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Dashboard - Grace Church (Youth)' })).toBeInTheDocument()
  })

  it('shows the no-team state, with pending invites, to a user without teams', async () => {
    signedInAs(buildAccount([]))
    server.use(
      mockCall(teamCalls.invites, {
        items: [{ id: 1, team_name: 'Grace Church', url: 'http://localhost:3000/accept-invite?key=k' }],
        count: 1,
      }),
    )
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'No teams found' })).toBeInTheDocument()
    expect(screen.getByText("We couldn't locate any teams associated with your account.")).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Accept invite to Grace Church' })).toHaveAttribute('href', 'http://localhost:3000/accept-invite?key=k')
  })

  it("a member who opens /contacts/map is told it is not allowed, not 'Error' from a refused call (issue 35)", async () => {
    const member = buildTeam({ id: 40, title: 'Grace Church', role: 'member' })
    signedInAs(buildAccount([member]), { teamId: 40, groupId: 40 })
    const asked: unknown[] = []
    server.use(
      mockCall(contactMapCalls.contactsForMap, ({ input }) => {
        asked.push(input)
        return apiError('forbidden', 403)
      }),
    )
    renderApp('/contacts/map')
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed.' }, { timeout: 15000 })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByText('Error')).not.toBeInTheDocument()
    expect(asked).toEqual([])
  }, 30_000)
})

describe('error screens', () => {
  function renderRoutes(routes: Parameters<typeof createMemoryRouter>[0]) {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] })
    render(
      <Providers queryClient={createTestQueryClient()} env="test">
        <RouterProvider router={router} />
      </Providers>,
    )
  }

  it("D1-1-09 a render error shows 'Something went wrong.'", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    function Broken(): never {
      throw new Error('render failed')
    }
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }])
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
    quiet.mockRestore()
  })

  it('D1-1-08 a section that fails to load reloads once, then shows the error screen', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reload = vi.fn()
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    const lazy = () => loadChunk(failing, { storage: window.sessionStorage, reload })
    renderRoutes([{ path: '/', lazy, errorElement: <RouteErrorScreen />, hydrateFallbackElement: <FullPageLoader /> }])
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(window.sessionStorage.getItem(chunkReloadKey)).not.toBeNull()
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument()

    // The page came back (same session) and the section fails again: no second reload.
    renderRoutes([{ path: '/', lazy, errorElement: <RouteErrorScreen />, hydrateFallbackElement: <FullPageLoader /> }])
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
    expect(reload).toHaveBeenCalledTimes(1)
    quiet.mockRestore()
  })
})
