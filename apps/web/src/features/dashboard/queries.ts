import { queryOptions, useQuery } from '@tanstack/react-query'
import { dashboardCalls } from '@crm/domain'
import { callApi } from '../../lib/api'

// The dashboard refetches on each visit (staleTime 0), so an interaction added elsewhere shows
// the next time the dashboard opens without the interactions feature knowing these keys.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  upcomingInteractions: (teamId: number) => [...dashboardKeys.all, 'upcoming-interactions', teamId] as const,
  upcomingTransfers: (teamId: number) => [...dashboardKeys.all, 'upcoming-transfers', teamId] as const,
}

/** GET upcoming-interactions-for-current-user: the caller's own interactions still to come in the team. */
export function upcomingInteractionsQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: dashboardKeys.upcomingInteractions(teamId),
    queryFn: ({ signal }) => callApi(dashboardCalls.upcomingInteractions, { input: { team_id: teamId }, signal }),
  })
}

export function useUpcomingInteractions(teamId: number) {
  return useQuery(upcomingInteractionsQueryOptions(teamId))
}

/** GET upcoming-transfers-for-current-user: asked for a conference team only (`enabled`). */
export function upcomingTransfersQueryOptions(teamId: number, enabled: boolean) {
  return queryOptions({
    queryKey: dashboardKeys.upcomingTransfers(teamId),
    queryFn: ({ signal }) => callApi(dashboardCalls.upcomingTransfers, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

export function useUpcomingTransfers(teamId: number, enabled: boolean) {
  return useQuery(upcomingTransfersQueryOptions(teamId, enabled))
}
