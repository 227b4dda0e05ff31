import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../lib/api'

/** Client errors (4xx) are answers, not hiccups: only network and server failures are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
