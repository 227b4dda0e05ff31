import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { contactEventCalls, eventAttendanceCalls, type ContactEventKind, type InputOf, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

/** Under the contact's key: a write reads the contact again too (its member status may change). */
export const contactEventKeys = {
  list: (id: number, scope: TeamGroupParams, kind: ContactEventKind, page: number) =>
    [...contactKeys.detail(id), 'events', scope.team_id, scope.group_id, kind, page] as const,
}

/** GET contact-events/{id}: one kind, created newest first (spec 2 §9). */
export function useContactEvents(id: number, scope: TeamGroupParams, kind: ContactEventKind, page: number) {
  return useQuery({
    queryKey: contactEventKeys.list(id, scope, kind, page),
    queryFn: ({ signal }) =>
      callApi(contactEventCalls.contactEvents, { params: { id }, input: { ...scope, kind, page, per_page: 20, order_by: 'created', order: 'desc' }, signal }),
    placeholderData: keepPreviousData,
  })
}

/** GET contact-event-attendance/{id}: the events the contact attended, latest first (20 a page). */
export function useContactEventAttendance(id: number, scope: TeamGroupParams, page: number) {
  return useQuery({
    queryKey: [...contactKeys.detail(id), 'attended', scope.team_id, scope.group_id, page] as const,
    queryFn: ({ signal }) => callApi(eventAttendanceCalls.contactEventAttendance, { params: { id }, input: { ...scope, page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
  })
}

/** The fields of an event the form sends (the wire's names). */
export type ContactEventWrite = Omit<InputOf<typeof contactEventCalls.addContactEvent>, 'team_id' | 'group_id' | 'user_id'>

function useEventMutation<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    // The contact (member status) and the lists (its filter and sort) may change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
      ]),
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
