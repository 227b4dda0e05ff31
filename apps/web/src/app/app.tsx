import { useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { userQueryOptions } from '../features/session/queries'
import { getAccessToken } from '../lib/session'
import { Providers } from './providers'
import { createQueryClient } from './query-client'
import { routes } from './router'

export function App() {
  const [queryClient] = useState(startQueryClient)
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}

/**
 * The query client, already asking for the signed-in account when a session is stored: the
 * answer arrives while the page's sections load instead of after them.
 */
function startQueryClient() {
  const queryClient = createQueryClient()
  if (getAccessToken() !== null) void queryClient.prefetchQuery(userQueryOptions())
  return queryClient
}
