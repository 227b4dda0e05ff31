import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { interactionCalls, interactionImportCalls, type InputOf, type InteractionDateFilter, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'
import { contactEventAttendanceQueryOptions, contactEventsQueryOptions } from '../contact-events/queries'

/** Under the contact's key: a write reads the contact again too (upcoming, last interaction). */
export const interactionKeys = {
  all: (id: number) => [...contactKeys.detail(id), 'interactions'] as const,
  list: (id: number, scope: TeamGroupParams, filter: InteractionDateFilter, page: number) =>
    [...interactionKeys.all(id), 'list', scope.team_id, scope.group_id, filter, page] as const,
  studies: (id: number, scope: TeamGroupParams) => [...interactionKeys.all(id), 'studies', scope.team_id, scope.group_id] as const,
}

/** GET contact-interactions/{id}: newest first (spec 2 §9), with the date filter. */
export function contactInteractionsQueryOptions(id: number, scope: TeamGroupParams, filter: InteractionDateFilter, page: number) {
  return queryOptions({
    queryKey: interactionKeys.list(id, scope, filter, page),
    queryFn: ({ signal }) =>
      callApi(interactionCalls.contactInteractions, { params: { id }, input: { ...scope, page, per_page: 20, date_filter: filter }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useContactInteractions(id: number, scope: TeamGroupParams, filter: InteractionDateFilter, page: number) {
  return useQuery(contactInteractionsQueryOptions(id, scope, filter, page))
}

/** GET contact-interactions-studies/{id}: the lessons done, with reactions. */
export function interactionStudiesQueryOptions(id: number, scope: TeamGroupParams) {
  return queryOptions({
    queryKey: interactionKeys.studies(id, scope),
    queryFn: ({ signal }) => callApi(interactionCalls.contactInteractionsStudies, { params: { id }, input: scope, signal }),
  })
}

export function useInteractionStudies(id: number, scope: TeamGroupParams) {
  return useQuery(interactionStudiesQueryOptions(id, scope))
}

/** One choice of the form's event link: a team event the contact attended, or their own event. */
export interface EventLinkOption {
  value: string
  label: string
}

/** How the form's event link names its choice: 'event:12' or 'contact-event:7'. */
export const eventLinkValue = {
  event: (id: number) => `event:${id}`,
  contactEvent: (id: number) => `contact-event:${id}`,
}

/**
 * The events an interaction may be linked to (spec 2 §3 "Event link"): the latest team events
 * the contact attended and the contact's own decisions and events. Read only with
 * read_user_event, which both lists need.
 */
export function useEventLinkOptions(id: number, scope: TeamGroupParams, enabled: boolean) {
  const attended = useQuery({ ...contactEventAttendanceQueryOptions(id, scope, { page: 1, per_page: 50 }), enabled })
  const own = useQuery({ ...contactEventsQueryOptions(id, scope, { page: 1, per_page: 50, order_by: 'date', order: 'desc' }), enabled })
  const seen = new Set<number>()
  const attendedOptions: EventLinkOption[] = []
  for (const item of attended.data?.items ?? []) {
    // Latest date first: an event attended on several dates is offered once, at its latest.
    if (seen.has(item.event_id)) continue
    seen.add(item.event_id)
    attendedOptions.push({ value: eventLinkValue.event(item.event_id), label: `${item.title} (${item.event_date_display})` })
  }
  const ownOptions = (own.data?.items ?? []).map((item) => ({
    value: eventLinkValue.contactEvent(item.id),
    label: `${item.type_display} (${item.date_display})`,
  }))
  return { attended: attendedOptions, own: ownOptions }
}

/** The fields of an interaction the form sends (the wire's names). */
export type InteractionWrite = Omit<InputOf<typeof interactionCalls.addContactInteraction>, 'team_id' | 'group_id' | 'user_id'>
export type InteractionChange = Omit<InputOf<typeof interactionCalls.updateContactInteraction>, 'team_id' | 'group_id' | 'user_id'>

/** After interactions are written: the contact (notes area) and the lists (last-interaction column, filters) change too. */
export function useRefreshAfterInteractions(id: number) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: contactKeys.lists() })])
}

function useInteractionMutation<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const refresh = useRefreshAfterInteractions(id)
  return useMutation({ mutationFn: write, onSuccess: refresh })
}

/** POST add-contact-interaction. */
export function useAddInteraction(id: number, scope: TeamGroupParams) {
  return useInteractionMutation(id, (fields: InteractionWrite) =>
    callApi(interactionCalls.addContactInteraction, { input: { ...scope, user_id: id, ...fields } }),
  )
}

/** POST update-contact-interaction; { id, is_completed: true } marks it complete. */
export function useUpdateInteraction(id: number, scope: TeamGroupParams) {
  return useInteractionMutation(id, (fields: InteractionChange) =>
    callApi(interactionCalls.updateContactInteraction, { input: { ...scope, user_id: id, ...fields } }),
  )
}

/** POST delete-contact-interaction. */
export function useDeleteInteraction(id: number, scope: TeamGroupParams) {
  return useInteractionMutation(id, (interactionId: number) =>
    callApi(interactionCalls.deleteContactInteraction, { input: { ...scope, user_id: id, id: interactionId } }),
  )
}

/** POST import-contact-interactions: one chunk of an import (useRefreshAfterInteractions once it saved rows). */
export function importInteractions(input: InputOf<typeof interactionImportCalls.importContactInteractions>) {
  return callApi(interactionImportCalls.importContactInteractions, { input })
}
