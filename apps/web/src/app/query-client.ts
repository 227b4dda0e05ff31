import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../lib/api'

/**
 * Client errors (4xx) are answers, not hiccups: only network and server failures are retried,
 * and not a busy server's refusal, which callApi has already asked again after its Retry-After.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && ((error.status >= 400 && error.status < 500) || error.code === 'service_unavailable')),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
