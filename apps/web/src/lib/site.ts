import { useQuery } from '@tanstack/react-query'
import { siteCalls } from '@crm/domain'
import { callApi } from './api'

export const siteQuery = {
  queryKey: ['site'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(siteCalls.site, { signal }),
  staleTime: Infinity,
}

/** Site data: name, support email, mobile breakpoint (GET site), loaded once. */
export function useSite() {
  return useQuery(siteQuery).data
}

/** Used until site data arrives and if it cannot be loaded. */
export const defaultMobileBreakpoint = 768
