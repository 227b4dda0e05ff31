import { useQuery } from '@tanstack/react-query'
import { eventCalls } from '@crm/domain'
import { callApi } from '../../lib/api'

/**
 * Under the events feature's root key (['events']), so that a write to an event, which
 * invalidates every events key, brings the dashboard's list up to date too.
 */
export const eventsTodayKeys = {
  team: (teamId: number) => ['events', 'today-widget', teamId] as const,
}

/** GET events-today/{teamId}: the selected team's events happening today (the dashboard). */
export function useEventsToday(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: eventsTodayKeys.team(teamId),
    queryFn: ({ signal }) => callApi(eventCalls.eventsToday, { params: { teamId }, input: {}, signal }),
    enabled,
  })
}
