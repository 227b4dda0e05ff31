import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { eventCalls, type EventListType, type EventsQuery, type InputOf } from '@crm/domain'
import { callApi } from '../../lib/api'

/**
 * Every key of the events feature, under ['events']: a write to an event invalidates
 * eventKeys.all (the three lists and every event read), as its dates move between them.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (type: EventListType, query: EventsQuery) => [...eventKeys.lists(), type, query] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  /** GET event/{id}: the view (with its window of occurrences) and the edit page. */
  item: (id: number, teamId: number, window: EventWindow) => [...eventKeys.detail(id), teamId, window.from ?? null, window.to ?? null] as const,
}

export interface EventWindow {
  from?: string
  to?: string
}

function sameTeam(key: QueryKey, query: EventsQuery): boolean {
  const previous = key[key.length - 1] as EventsQuery | undefined
  return previous?.team_id === query.team_id
}

/** One of the three lists of /events; the rows stay while the next page or search loads. */
export function useEventList(type: EventListType, query: EventsQuery) {
  return useQuery({
    queryKey: eventKeys.list(type, query),
    queryFn: ({ signal }) => callApi(eventCalls.events, { input: query, signal }),
    placeholderData: (previous, previousQuery) => (previousQuery && sameTeam(previousQuery.queryKey, query) ? previous : undefined),
  })
}

/** GET event/{id} with its occurrences from `window.from` to `window.to` (the server's window by default). */
export function useEvent(id: number, teamId: number, window: EventWindow = {}, options: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: eventKeys.item(id, teamId, window),
    queryFn: ({ signal }) => callApi(eventCalls.event, { params: { id }, input: { team_id: teamId, ...window }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    // What is edited must be what is stored now.
    ...(options.fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  })
}

function useEventsWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  })
}

export type CreateEventWrite = InputOf<typeof eventCalls.createEvent>
export type UpdateEventWrite = InputOf<typeof eventCalls.updateEvent>

/** POST create-event. */
export function useCreateEvent() {
  return useEventsWrite((input: CreateEventWrite) => callApi(eventCalls.createEvent, { input }))
}

/** POST update-event/{id}. */
export function useUpdateEvent(id: number) {
  return useEventsWrite((input: UpdateEventWrite) => callApi(eventCalls.updateEvent, { params: { id }, input }))
}

/** POST delete-event. */
export function useDeleteEvent() {
  return useEventsWrite((input: InputOf<typeof eventCalls.deleteEvent>) => callApi(eventCalls.deleteEvent, { input }))
}

/** POST update-event-occurance: notes, cancel, restore or move one occurrence. */
export function useUpdateOccurrence() {
  return useEventsWrite((input: InputOf<typeof eventCalls.updateOccurrence>) => callApi(eventCalls.updateOccurrence, { input }))
}
