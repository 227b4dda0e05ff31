import { z } from 'zod'
import { flag, id, listResponse, okSchema, pagingQuerySchema, requiredText, text } from '../rules/wire'
import { growPhases } from '../rules/contacts'
import { disciplePhases, eventListTypes, eventOrderBy } from '../rules/events'
import { addressView } from './contact-shapes'
import { defineCall } from './define'
import { addressWriteFields } from './places'
import { issueOf } from '../field-errors'

// Events (spec 3 §2.1, §3 Event, §6, §7 Events; spec 1 §2.8 events today and the calendar
// url): one-off, multi-day and recurring events of a team, their occurrences with notes and
// exceptions, and the personal calendar feed. Attendance is in event-attendance.ts.

/** A calendar date, YYYY-MM-DD, between 1900 and 2100. */
export const eventDate = z.iso.date().refine((value) => value >= '1900-01-01' && value <= '2100-12-31', issueOf('date_out_of_range', { min: 1900, max: 2100 }))

/** A time of day, HH:MM on the 24-hour clock. */
const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the form HH:MM')

/** An empty choice is none. */
const emptyIsNull = z.literal('').transform(() => null)

/**
 * The event form's fields (spec 3 §2.1, §3). start_time and end_time are the first and last
 * day, start_time_hour and end_time_hour the times of day, in the team's time zone. The
 * conditional fields are kept only where the form shows them: the address without
 * no_address, the end day for multi-day events, the times unless all-day, the rule (spec 1
 * §3: FREQ, INTERVAL, BYDAY, BYSETPOS, BYMONTHDAY, COUNT, UNTIL) for recurring events.
 */
export const eventFieldsSchema = z.object({
  title: requiredText(200),
  is_public: flag.optional(),
  /** A value of GET lookups/event-types, or 'other' with type_other. */
  type: text(60).nullish().or(emptyIsNull),
  type_other: text(120).nullish(),
  no_address: flag.optional(),
  ...addressWriteFields,
  is_recurring: flag.optional(),
  rrule: text(300).nullish().or(emptyIsNull),
  is_all_day: flag.optional(),
  is_multi_day: flag.optional(),
  start_time: eventDate,
  start_time_hour: timeOfDay.nullish().or(emptyIsNull),
  end_time: eventDate.nullish().or(emptyIsNull),
  end_time_hour: timeOfDay.nullish().or(emptyIsNull),
  auc_disciple_phase: z.enum(disciplePhases).nullish().or(emptyIsNull),
  grow_phase: z.enum(growPhases).nullish().or(emptyIsNull),
})
export type EventFields = z.input<typeof eventFieldsSchema>

const teamScope = { team_id: id }

export const createEventRequest = eventFieldsSchema.extend(teamScope)
/** update-event/{id}: the fields to change; the rest stay as stored. */
export const updateEventRequest = eventFieldsSchema.partial().extend(teamScope)

/** A date the event happens on, and how the team reads it. */
export const occurrenceDataSchema = z.object({
  event_date: z.string(),
  /** The day and, unless all-day, the time, as the team reads them. */
  start_date_time_display: z.string(),
})
export type OccurrenceData = z.infer<typeof occurrenceDataSchema>

/** One occurrence of an event (spec 3 §3 "The occurrence holds notes"). */
export const occurrenceSchema = z.object({
  /** The day it starts on; a moved occurrence's new day. */
  event_date: z.string(),
  /** The last day: event_date unless multi-day. */
  end_date: z.string(),
  /** The rule's day for it; differs from event_date when moved. */
  original_date: z.string(),
  is_cancelled: z.boolean(),
  notes: z.string().nullable(),
  attendance_count: z.number().int(),
  start_date_time_display: z.string(),
})
export type Occurrence = z.infer<typeof occurrenceSchema>

/** A cancelled or moved occurrence, for expanding the rule in the browser. */
export const occurrenceExceptionSchema = z.object({
  original_date: z.string(),
  event_date: z.string(),
  is_cancelled: z.boolean(),
})

export const eventViewSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  title: z.string(),
  is_public: z.boolean(),
  type: z.string().nullable(),
  type_other: z.string().nullable(),
  type_display: z.string().nullable(),
  no_address: z.boolean(),
  ...addressView,
  is_recurring: z.boolean(),
  rrule: z.string().nullable(),
  is_all_day: z.boolean(),
  is_multi_day: z.boolean(),
  start_time: z.string(),
  start_time_hour: z.string().nullable(),
  end_time: z.string(),
  end_time_hour: z.string().nullable(),
  auc_disciple_phase: z.enum(disciplePhases).nullable(),
  grow_phase: z.enum(growPhases).nullable(),
  /** Multi-day and lasting more than one day. */
  has_multi_days: z.boolean(),
  /** The days of the next occurrence (else the last one). */
  multi_day_dates: z.array(z.string()),
  /** The occurrences in the asked window, cancelled ones included, by date. */
  occurrences: z.array(occurrenceSchema),
  exceptions: z.array(occurrenceExceptionSchema),
  /** The next occurrence from today on, or null when none is left. */
  next_occurance_data: occurrenceDataSchema.nullable(),
  /** The last occurrence's first day; null when the schedule never ends. */
  last_date: z.string().nullable(),
  /** The team's IANA time zone, in which every date and time of the event is read. */
  time_zone: z.string(),
  created_display: z.string(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
  can_read_attendance: z.boolean(),
  can_update_attendance: z.boolean(),
})
export type EventView = z.infer<typeof eventViewSchema>

export const eventListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type_display: z.string().nullable(),
  is_public: z.boolean(),
  is_recurring: z.boolean(),
  rrule: z.string().nullable(),
  is_all_day: z.boolean(),
  is_multi_day: z.boolean(),
  start_time: z.string(),
  start_time_hour: z.string().nullable(),
  end_time: z.string(),
  end_time_hour: z.string().nullable(),
  address_formatted: z.string().nullable(),
  /** today: today's occurrence; future: the next one after today; past: the last one. */
  next_occurance_data: occurrenceDataSchema.nullable(),
  last_date: z.string().nullable(),
  created_display: z.string(),
})
export type EventListItem = z.infer<typeof eventListItemSchema>

export const eventsQuery = pagingQuerySchema.extend({
  ...teamScope,
  type: z.enum(eventListTypes),
  order_by: z.enum(eventOrderBy).optional(),
  is_recurring: flag.optional(),
})
export type EventsQuery = z.input<typeof eventsQuery>

export const eventQuery = z.object({
  ...teamScope,
  /** The window of occurrences to answer; by default from 8 weeks ago to 8 weeks ahead. */
  from: eventDate.optional(),
  to: eventDate.optional(),
})

/** update-event-occurance: notes, or an exception (cancel, restore, move) of one occurrence. */
export const updateOccurrenceRequest = z.object({
  ...teamScope,
  event_id: id,
  /** The day the occurrence starts on now. */
  event_date: eventDate,
  notes: z.string().trim().max(5000, 'At most 5000 characters').nullish(),
  /** Cancel (true) or restore (false) the occurrence; its notes and attendance stay. */
  is_cancelled: flag.optional(),
  /** Move the occurrence to another day; its notes and attendance move with it. */
  move_to: eventDate.optional(),
})

export const eventsTodayItemSchema = z.object({
  /** The event; each item links to /events/view/{id}. */
  id: z.number().int(),
  /** The series the occurrence belongs to: the event itself (decisions.md). */
  original_id: z.number().int(),
  title: z.string(),
  event_date: z.string(),
  start_date_time_display: z.string(),
})
export type EventsTodayItem = z.infer<typeof eventsTodayItemSchema>

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })

export const eventCalls = {
  events: defineCall({
    method: 'GET',
    path: '/events',
    request: eventsQuery,
    response: listResponse(eventListItemSchema),
    summary: "The team's events happening today, still to come or finished",
  }),
  event: defineCall({
    method: 'GET',
    path: '/event/:id',
    params: z.object({ id }),
    request: eventQuery,
    response: eventViewSchema,
    summary: 'One event with its occurrences in a window',
  }),
  createEvent: defineCall({
    method: 'POST',
    path: '/create-event',
    request: createEventRequest,
    response: created,
    summary: 'Add an event',
  }),
  updateEvent: defineCall({
    method: 'POST',
    path: '/update-event/:id',
    params: z.object({ id }),
    request: updateEventRequest,
    response: okSchema,
    summary: 'Edit an event',
  }),
  deleteEvent: defineCall({
    method: 'POST',
    path: '/delete-event',
    request: z.object({ ...teamScope, id }),
    response: okSchema,
    summary: 'Delete an event with its occurrences and attendance',
  }),
  updateOccurrence: defineCall({
    method: 'POST',
    path: '/update-event-occurance',
    request: updateOccurrenceRequest,
    response: okSchema,
    summary: "Save an occurrence's notes, or cancel, restore or move it",
  }),
  eventsToday: defineCall({
    method: 'GET',
    path: '/events-today/:teamId',
    params: z.object({ teamId: id }),
    request: z.object({}),
    response: z.object({ items: z.array(eventsTodayItemSchema) }),
    summary: "The team's events happening today (the dashboard)",
  }),
  icalUrl: defineCall({
    method: 'GET',
    path: '/ical-url',
    request: z.object(teamScope),
    response: z.object({ url: z.string() }),
    summary: "The caller's secret calendar url for the team's events and their own interactions",
  }),
  resetIcalUrls: defineCall({
    method: 'POST',
    path: '/reset-ical-urls',
    request: z.object({}),
    response: okSchema,
    summary: "Replace the caller's calendar urls: the old ones stop working",
  }),
}
