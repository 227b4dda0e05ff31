import { useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { Providers } from './providers'
import { createQueryClient } from './query-client'
import { routes } from './router'

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}
