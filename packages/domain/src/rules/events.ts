import { fieldError, fieldErrorText } from '../field-errors'

// Events (spec 3 §2.1, §3, §9): the choices and limits the form, the server and the
// calendar feed share. The schedule's rules are in recurrence.ts.

/** Discipleship phase of an event (spec 2 §3 "Discipleship phase options"). */
export const disciplePhases = ['prepare', 'sow', 'cultivate', 'harvest', 'connect', 'grow', 'worship', 'serve', 'share'] as const
export type DisciplePhase = (typeof disciplePhases)[number]

/** The three lists of /events (spec 3 §2.1): happening today, still to come, finished. */
export const eventListTypes = ['today', 'future', 'past'] as const
export type EventListType = (typeof eventListTypes)[number]

/** Sorting of the events list; created, newest first, by default (spec 3 §9). */
export const eventOrderBy = ['created', 'title', 'start_time'] as const
export type EventOrderBy = (typeof eventOrderBy)[number]

/** The event type whose name is typed in (spec 3 §2.1 "with an 'other' option"). */
export const otherEventType = 'other'

/** A multi-day event lasts at most this many days (decisions.md). */
export const maxEventDays = 31

/** One import of attendance takes at most this many rows (decisions.md). */
export const maxAttendanceImportRows = 2000

/** Occurrences one GET event/{id} answers at most, and the widest window it reads. */
export const maxOccurrencesPerEventView = 100
export const maxOccurrenceWindowDays = 400

/** The calendar feed carries events that ended at most this many days ago (decisions.md). */
export const icalPastDays = 365

/** How unmatched rows of an attendance import are added (spec 3 §2.1, issue 14 item 3). */
export const attendanceImportModes = ['visitor', 'contact'] as const
export type AttendanceImportMode = (typeof attendanceImportModes)[number]

export const endBeforeStartMessage = fieldErrorText(fieldError('end_before_start'))
export const endTimeBeforeStartMessage = fieldErrorText(fieldError('end_time_before_start'))
export const notAnOccurrenceMessage = fieldErrorText(fieldError('not_an_occurrence'))
export const maxEventDaysMessage = fieldErrorText(fieldError('max_event_days', { days: maxEventDays }))
