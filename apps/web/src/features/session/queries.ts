import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { accountCalls, type Account } from '@crm/domain'
import { callApi } from '../../lib/api'

export const sessionKeys = {
  all: ['session'] as const,
  /** GET user: the signed-in account with its teams and groups. */
  user: () => [...sessionKeys.all, 'user'] as const,
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: ({ signal }) => callApi(accountCalls.user, { input: { return_teams: 1 }, signal }),
  })
}

/** Loads the account again (GET user) and answers it, or null when that fails. */
export function reloadAccount(queryClient: QueryClient): Promise<Account | null> {
  return queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 }).catch(() => null)
}
