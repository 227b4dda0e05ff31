import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { contactEventCalls, eventAttendanceCalls, type ContactEventKind, type InputOf, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

/** What a list of the contact's events asks besides the scope: kind, order and page. */
type ContactEventsQuery = Omit<InputOf<typeof contactEventCalls.contactEvents>, 'team_id' | 'group_id'>
type ContactEventAttendanceQuery = Omit<InputOf<typeof eventAttendanceCalls.contactEventAttendance>, 'team_id' | 'group_id'>

/**
 * Under the contact's key: a write reads the contact again too (its member status may change).
 * The tabs and the interaction form's event link read the same calls under the same keys.
 */
export const contactEventKeys = {
  events: (id: number, scope: TeamGroupParams, query: ContactEventsQuery) =>
    [...contactKeys.detail(id), 'events', scope.team_id, scope.group_id, query] as const,
  attended: (id: number, scope: TeamGroupParams, query: ContactEventAttendanceQuery) =>
    [...contactKeys.detail(id), 'attended', scope.team_id, scope.group_id, query] as const,
}

/** GET contact-events/{id}: the contact's decisions and events. */
export function contactEventsQueryOptions(id: number, scope: TeamGroupParams, query: ContactEventsQuery) {
  return queryOptions({
    queryKey: contactEventKeys.events(id, scope, query),
    queryFn: ({ signal }) => callApi(contactEventCalls.contactEvents, { params: { id }, input: { ...scope, ...query }, signal }),
  })
}

/** One kind, created newest first (spec 2 §9), 20 a page. */
export function useContactEvents(id: number, scope: TeamGroupParams, kind: ContactEventKind, page: number) {
  const query: ContactEventsQuery = { kind, page, per_page: 20, order_by: 'created', order: 'desc' }
  return useQuery({ ...contactEventsQueryOptions(id, scope, query), placeholderData: keepPreviousData })
}

/** GET contact-event-attendance/{id}: the events the contact attended, latest first. */
export function contactEventAttendanceQueryOptions(id: number, scope: TeamGroupParams, query: ContactEventAttendanceQuery) {
  return queryOptions({
    queryKey: contactEventKeys.attended(id, scope, query),
    queryFn: ({ signal }) => callApi(eventAttendanceCalls.contactEventAttendance, { params: { id }, input: { ...scope, ...query }, signal }),
  })
}

export function useContactEventAttendance(id: number, scope: TeamGroupParams, page: number) {
  return useQuery({ ...contactEventAttendanceQueryOptions(id, scope, { page, per_page: 20 }), placeholderData: keepPreviousData })
}

/** The fields of an event the form sends (the wire's names). */
export type ContactEventWrite = Omit<InputOf<typeof contactEventCalls.addContactEvent>, 'team_id' | 'group_id' | 'user_id'>

function useEventMutation<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    // The contact (member status) and the lists (its filter and sort) may change too.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: contactKeys.lists() })]),
  })
}

/** POST add-contact-event. */
export function useAddContactEvent(id: number, scope: TeamGroupParams) {
  return useEventMutation(id, (fields: ContactEventWrite) => callApi(contactEventCalls.addContactEvent, { input: { ...scope, user_id: id, ...fields } }))
}

/** POST update-contact-event. */
export function useUpdateContactEvent(id: number, scope: TeamGroupParams) {
  return useEventMutation(id, (fields: ContactEventWrite & { id: number }) =>
    callApi(contactEventCalls.updateContactEvent, { input: { ...scope, user_id: id, ...fields } }),
  )
}

/** POST delete-contact-event. */
export function useDeleteContactEvent(id: number, scope: TeamGroupParams) {
  return useEventMutation(id, (eventId: number) => callApi(contactEventCalls.deleteContactEvent, { input: { ...scope, user_id: id, id: eventId } }))
}
