import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { eventCalls } from '@crm/domain'
import { callApi } from '../../lib/api'

export const calendarKeys = {
  all: ['calendar'] as const,
  url: (teamId: number) => [...calendarKeys.all, 'ical-url', teamId] as const,
}

/**
 * GET ical-url: the caller's secret calendar url for the team. Asked when first needed and
 * kept for the session: it changes only when the profile resets it, which drops it here.
 */
export function icalUrlQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: calendarKeys.url(teamId),
    queryFn: ({ signal }) => callApi(eventCalls.icalUrl, { input: { team_id: teamId }, signal }),
    staleTime: Infinity,
  })
}

export async function fetchIcalUrl(queryClient: QueryClient, teamId: number): Promise<string> {
  return (await queryClient.fetchQuery(icalUrlQueryOptions(teamId))).url
}

/** POST reset-ical-urls: every old calendar url stops working; the next GET ical-url makes a new one. */
export function useResetIcalUrls() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(eventCalls.resetIcalUrls, { input: {} }),
    onSuccess: () => queryClient.removeQueries({ queryKey: calendarKeys.all }),
  })
}
