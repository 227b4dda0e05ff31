import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Providers } from '../app/providers'
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
