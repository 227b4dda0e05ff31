import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { eventAttendanceCalls, type AttendanceContact, type InputOf, type OutputOf } from '@crm/domain'
import { callApi } from '../../lib/api'
import { eventKeys } from './queries'

// The attendance of one event date (spec 3 §2.1 "Attendance", §4): the contacts to mark, the
// records (contacts and visitors), and the writes. Every key is under eventKeys.all, so a
// write to the event refreshes them too.

export type ContactsForAttendanceQuery = InputOf<typeof eventAttendanceCalls.contactsForAttendance>
export type EventAttendanceQuery = InputOf<typeof eventAttendanceCalls.eventAttendance>
type ContactsForAttendanceList = OutputOf<typeof eventAttendanceCalls.contactsForAttendance>

export const attendanceKeys = {
  /** Everything of one event date. */
  date: (eventId: number, eventDate: string) => [...eventKeys.all, 'attendance', eventId, eventDate] as const,
  contacts: (eventId: number, eventDate: string) => [...attendanceKeys.date(eventId, eventDate), 'contacts'] as const,
  contactList: (eventId: number, eventDate: string, query: ContactsForAttendanceQuery) => [...attendanceKeys.contacts(eventId, eventDate), query] as const,
  records: (eventId: number, eventDate: string, query: EventAttendanceQuery) => [...attendanceKeys.date(eventId, eventDate), 'records', query] as const,
}

const toggleKey = ['events', 'attendance', 'toggle'] as const

/** GET contacts-for-attendance: the team's contacts with `attended` for the date; rows stay while the next page loads. */
export function useAttendanceContacts(eventId: number, eventDate: string, query: ContactsForAttendanceQuery, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.contactList(eventId, eventDate, query),
    queryFn: ({ signal }) => callApi(eventAttendanceCalls.contactsForAttendance, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** GET event-attendance/{id}: the records of the date, by name A to Z (spec 3 §9). */
export function useEventAttendance(eventId: number, query: EventAttendanceQuery, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.records(eventId, query.event_date, query),
    queryFn: ({ signal }) => callApi(eventAttendanceCalls.eventAttendance, { params: { id: eventId }, input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export interface ToggleAttendance {
  contact: AttendanceContact
  attended: boolean
}

function setAttended(list: ContactsForAttendanceList | undefined, userId: number, attended: boolean, attendanceId: number | null) {
  if (!list) return list
  return {
    ...list,
    items: list.items.map((item) => (item.id === userId ? { ...item, attended, attendance_id: attendanceId } : item)),
  }
}

/**
 * Marks a contact attended (add-event-attendance) or not (delete-event-attendance), shown at
 * once in every list of the date; a failure puts the row back as it was. The counts are read
 * again once the last toggle in flight settles.
 */
export function useToggleAttendance(scope: { teamId: number; eventId: number; eventDate: string }) {
  const queryClient = useQueryClient()
  const { teamId, eventId, eventDate } = scope
  const contactsKey = attendanceKeys.contacts(eventId, eventDate)
  return useMutation({
    mutationKey: toggleKey,
    mutationFn: async ({ contact, attended }: ToggleAttendance) => {
      const key = { team_id: teamId, event_id: eventId, event_date: eventDate, user_id: contact.id }
      if (attended) return callApi(eventAttendanceCalls.addAttendance, { input: key })
      await callApi(eventAttendanceCalls.deleteAttendance, { input: key })
      return null
    },
    onMutate: async ({ contact, attended }) => {
      await queryClient.cancelQueries({ queryKey: contactsKey })
      const before = queryClient.getQueriesData<ContactsForAttendanceList>({ queryKey: contactsKey })
      queryClient.setQueriesData<ContactsForAttendanceList>({ queryKey: contactsKey }, (list) =>
        setAttended(list, contact.id, attended, attended ? contact.attendance_id : null),
      )
      return { before }
    },
    onSuccess: (answer, { contact, attended }) => {
      queryClient.setQueriesData<ContactsForAttendanceList>({ queryKey: contactsKey }, (list) =>
        setAttended(list, contact.id, attended, answer?.id ?? null),
      )
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: async () => {
      // Only the last toggle in flight reads the lists again: an earlier answer must not undo a later click.
      if (queryClient.isMutating({ mutationKey: toggleKey }) > 1) return
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.date(eventId, eventDate) })
    },
  })
}

function useDateWrite<T, R>(eventId: number, eventDate: string, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.date(eventId, eventDate) }),
  })
}

export type AddVisitorInput = InputOf<typeof eventAttendanceCalls.addAttendance>
export type UpdateVisitorInput = InputOf<typeof eventAttendanceCalls.updateAttendance>
export type ImportAttendanceInput = InputOf<typeof eventAttendanceCalls.importAttendance>

/** POST add-event-attendance for a visitor. */
export function useAddVisitor(eventId: number, eventDate: string) {
  return useDateWrite(eventId, eventDate, (input: AddVisitorInput) => callApi(eventAttendanceCalls.addAttendance, { input }))
}

/** POST update-event-attendance: a visitor's details. */
export function useUpdateVisitor(eventId: number, eventDate: string) {
  return useDateWrite(eventId, eventDate, (input: UpdateVisitorInput) => callApi(eventAttendanceCalls.updateAttendance, { input }))
}

/** POST delete-event-attendance: a visitor removed. */
export function useDeleteAttendance(eventId: number, eventDate: string) {
  return useDateWrite(eventId, eventDate, (input: InputOf<typeof eventAttendanceCalls.deleteAttendance>) =>
    callApi(eventAttendanceCalls.deleteAttendance, { input }),
  )
}

/** POST import-event-attendance: a dry run (the preview) changes nothing; the import refreshes the date. */
export function useImportAttendance(eventId: number, eventDate: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ImportAttendanceInput) => callApi(eventAttendanceCalls.importAttendance, { input }),
    onSuccess: (_answer, input) => {
      if (!input.dry_run) return queryClient.invalidateQueries({ queryKey: attendanceKeys.date(eventId, eventDate) })
    },
  })
}
