import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { eventAttendanceCalls, eventCalls, type AttendanceContact, type EventListType, type EventsQuery, type InputOf, type OutputOf } from '@crm/domain'
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
  /** The dashboard's events of today: a write to an event brings them up to date too. */
  today: (teamId: number) => [...eventKeys.all, 'today-widget', teamId] as const,
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
export function eventListQueryOptions(type: EventListType, query: EventsQuery) {
  return queryOptions({
    queryKey: eventKeys.list(type, query),
    queryFn: ({ signal }) => callApi(eventCalls.events, { input: query, signal }),
    placeholderData: (previous, previousQuery) => (previousQuery && sameTeam(previousQuery.queryKey, query) ? previous : undefined),
  })
}

export function useEventList(type: EventListType, query: EventsQuery) {
  return useQuery(eventListQueryOptions(type, query))
}

/** GET event/{id} with its occurrences from `window.from` to `window.to` (the server's window by default). */
export function eventQueryOptions(id: number, teamId: number, window: EventWindow = {}, options: { fresh?: boolean } = {}) {
  return queryOptions({
    queryKey: eventKeys.item(id, teamId, window),
    queryFn: ({ signal }) => callApi(eventCalls.event, { params: { id }, input: { team_id: teamId, ...window }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    // What is edited must be what is stored now.
    ...(options.fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  })
}

export function useEvent(id: number, teamId: number, window: EventWindow = {}, options: { fresh?: boolean } = {}) {
  return useQuery(eventQueryOptions(id, teamId, window, options))
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

/** GET events-today/{teamId}: the selected team's events happening today (the dashboard). */
export function eventsTodayQueryOptions(teamId: number, enabled: boolean) {
  return queryOptions({
    queryKey: eventKeys.today(teamId),
    queryFn: ({ signal }) => callApi(eventCalls.eventsToday, { params: { teamId }, input: {}, signal }),
    enabled,
  })
}

export function useEventsToday(teamId: number, enabled: boolean) {
  return useQuery(eventsTodayQueryOptions(teamId, enabled))
}

// ---------------------------------------------------------------------------------------
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
export function attendanceContactsQueryOptions(eventId: number, eventDate: string, query: ContactsForAttendanceQuery, enabled = true) {
  return queryOptions({
    queryKey: attendanceKeys.contactList(eventId, eventDate, query),
    queryFn: ({ signal }) => callApi(eventAttendanceCalls.contactsForAttendance, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useAttendanceContacts(eventId: number, eventDate: string, query: ContactsForAttendanceQuery, enabled = true) {
  return useQuery(attendanceContactsQueryOptions(eventId, eventDate, query, enabled))
}

/** GET event-attendance/{id}: the records of the date, by name A to Z (spec 3 §9). */
export function eventAttendanceQueryOptions(eventId: number, query: EventAttendanceQuery, enabled = true) {
  return queryOptions({
    queryKey: attendanceKeys.records(eventId, query.event_date, query),
    queryFn: ({ signal }) => callApi(eventAttendanceCalls.eventAttendance, { params: { id: eventId }, input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useEventAttendance(eventId: number, query: EventAttendanceQuery, enabled = true) {
  return useQuery(eventAttendanceQueryOptions(eventId, query, enabled))
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
        setAttended(list, contact.id, attended, attended ? (contact.attendance_id ?? null) : null),
      )
      return { before }
    },
    onSuccess: (answer, { contact, attended }) => {
      queryClient.setQueriesData<ContactsForAttendanceList>({ queryKey: contactsKey }, (list) => setAttended(list, contact.id, attended, answer?.id ?? null))
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
