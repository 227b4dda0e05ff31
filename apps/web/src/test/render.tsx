import type { ReactElement } from 'react'
import { render, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, vi } from 'vitest'
import { Providers } from '../app/providers'
import { SignInApp } from '../app/sign-in-app'
import { documentNavigation } from '../lib/document-navigation'
import { routes } from '../app/router'
import { setupUser } from './user'

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
}

/** Renders the whole app at a path, as a person opening that URL would see it. */
export function renderApp(path = '/') {
  const queryClient = createTestQueryClient()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = setupUser()
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router, queryClient, user }
}

/** Renders one element inside the providers and a router, at a path. */
export function renderWithProviders(element: ReactElement, path = '/') {
  const queryClient = createTestQueryClient()
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] })
  const user = setupUser()
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router, queryClient, user }
}

/**
 * Renders the sign-in page (login.html's app) at a URL such as '/login?redirect_to=%2Fcontacts'.
 * openApp records where it would load the app once signed in.
 */
export function renderSignIn(url = '/login') {
  const openApp = vi.fn<(path: string) => void>()
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : ''
  const user = setupUser()
  const view = render(<SignInApp location={{ search }} openApp={openApp} env="test" />)
  return { ...view, openApp, user }
}

/** The app has asked the browser to load the sign-in page (login.html) at the URL. */
export async function waitForSignInPage(url: string) {
  await waitFor(() => expect(documentNavigation.replace).toHaveBeenLastCalledWith(url))
}
