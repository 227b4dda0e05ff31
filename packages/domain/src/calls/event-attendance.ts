import { z } from 'zod'
import { email } from '../rules/email'
import { flag, id, listResponse, okSchema, pagingQuerySchema, text } from '../rules/wire'
import { attendanceImportModes, maxAttendanceImportRows } from '../rules/events'
import { contactListItemSchema, contactListQuerySchema, teamGroupFields } from './contact-shapes'
import { eventDate } from './events'
import { defineCall } from './define'
import { importIssueSchema } from './contact-import'

import { issueOf } from '../field-errors'

// Attendance of an event's dates (spec 3 §2.1 "Attendance", §3 Attendance record, §4, §6,
// §7 Events; spec 2 §7.1 contacts-for-attendance and contact-event-attendance/{id}): who came
// on an event_date, contacts toggled in one click, visitors with their details, imports
// from a spreadsheet, and the events a contact attended.

const teamScope = { team_id: id }
const attendanceDate = { event_id: id, event_date: eventDate }

/** A visitor's details as sent; the name is required for a new visitor. */
const visitorFields = {
  visitor_info_name: text(200).nullish(),
  visitor_info_phone: text(40).nullish(),
  visitor_info_email: email.nullish().or(z.literal('').transform(() => null)),
  /** The visitor is new to the church. */
  visitor_info_is_new: flag.optional(),
  /** Make the visitor a contact of the team (is_visitor), or link the one that matches. */
  visitor_info_create_contact: flag.optional(),
}

/** A visitor made a contact keeps only what the consent rule allows (spec 2 §4): the fields not kept. */
const fieldsNotKept = z.array(z.string()).optional()

const notes = z.string().trim().max(2000, 'At most 2000 characters').nullish()

/** An attendance record (spec 3 §3): a contact (user_id) or a visitor, on one event_date. */
export const attendanceItemSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_date: z.string(),
  /** The contact who attended; a visitor made a contact carries it too. */
  user_id: z.number().int().nullable(),
  /** The contact's name, or the visitor's. */
  name: z.string(),
  is_visitor: z.boolean(),
  visitor_info_name: z.string().nullable(),
  visitor_info_phone: z.string().nullable(),
  visitor_info_email: z.string().nullable(),
  visitor_info_is_new: z.boolean(),
  visitor_info_create_contact: z.boolean(),
  notes: z.string().nullable(),
})
export type AttendanceItem = z.infer<typeof attendanceItemSchema>

/**
 * The records of one date: a caller under the child data gate (spec 2 §5) is not given a
 * child's records, in the page or its count; `hidden_children` says how many were left out,
 * so the date's total stays honest (count + hidden_children). Present only under the gate.
 */
export const eventAttendanceResponse = listResponse(attendanceItemSchema).extend({
  hidden_children: z.number().int().optional(),
})

export const eventAttendanceQuery = pagingQuerySchema.extend({
  /**
   * Optional (spec 3 §7: event_date and paging): the event's own team is the scope. When sent,
   * the event must be that team's (else 404).
   */
  team_id: id.optional(),
  event_date: eventDate,
  /** By name, A to Z, by default (spec 3 §9). */
  order_by: z.enum(['name', 'created']).optional(),
  /** Only visitors (true) or only contacts (false). */
  is_visitor: flag.optional(),
})

/**
 * add-event-attendance: a contact (user_id) or a visitor (is_visitor with visitor_info_name).
 * Marking a contact who is already marked changes nothing and answers the same record.
 */
export const addAttendanceRequest = z
  .object({
    ...teamScope,
    ...attendanceDate,
    user_id: id.optional(),
    is_visitor: flag.optional(),
    ...visitorFields,
    notes,
  })
  .superRefine((value, context) => {
    if (value.is_visitor) {
      if (value.user_id !== undefined) context.addIssue({ code: 'custom', path: ['user_id'], ...issueOf('visitor_not_contact') })
      if (!value.visitor_info_name)
        context.addIssue({ code: 'custom', path: ['visitor_info_name'], ...issueOf('required'), message: 'Enter the visitor’s name' })
    } else if (value.user_id === undefined) {
      context.addIssue({ code: 'custom', path: ['user_id'], ...issueOf('contact_or_visitor') })
    }
  })

/** A record by id, or a contact's record on an event date. */
const recordKey = {
  id: id.optional(),
  event_id: id.optional(),
  event_date: eventDate.optional(),
  user_id: id.optional(),
}

function requireKey(value: { id?: number; event_id?: number; event_date?: string; user_id?: number }, context: z.RefinementCtx) {
  if (value.id === undefined && (value.user_id === undefined || value.event_id === undefined || value.event_date === undefined)) {
    context.addIssue({ code: 'custom', path: ['id'], ...issueOf('record_key_required') })
  }
}

export const updateAttendanceRequest = z.object({ ...teamScope, ...recordKey, ...visitorFields, notes }).superRefine(requireKey)

export const deleteAttendanceRequest = z.object({ ...teamScope, ...recordKey }).superRefine(requireKey)

/**
 * One row of an attendance import as read from the file. Strings of any content: each row is
 * checked on its own and a bad row is reported, not the whole request refused.
 */
export const attendanceImportRowSchema = z.object({
  first_name: z.string().max(500).nullish(),
  last_name: z.string().max(500).nullish(),
  gender: z.string().max(100).nullish(),
  phone: z.string().max(100).nullish(),
  email: z.string().max(500).nullish(),
  /**
   * The date the person came (issue 41 item 4: another system's attendance export), as the
   * contact import reads dates; a row without one is for the event_date the import is on.
   */
  date: z.string().max(100).nullish(),
  /** The person's id in the system the file comes from: the contact a contact import tied to it. */
  source_id: z.string().max(200).nullish(),
})
export type AttendanceImportRow = z.infer<typeof attendanceImportRowSchema>

export const importAttendanceRequest = z.object({
  ...teamScope,
  ...attendanceDate,
  /** Rows that match no contact become visitors or new contacts of the team. */
  unmatched: z.enum(attendanceImportModes).default('visitor'),
  data: z.array(attendanceImportRowSchema).min(1, 'The file has no rows').max(maxAttendanceImportRows, `At most ${maxAttendanceImportRows} rows at a time`),
  /** Check and match only: the answer says what an import would do and nothing is saved. */
  dry_run: flag.optional(),
})
export type ImportAttendanceInput = z.input<typeof importAttendanceRequest>

export const importRowResultSchema = z.object({
  /** 1 for the first data row. */
  row: z.number().int(),
  /** matched: an existing contact; added: a new visitor or contact; already: marked before; refused: see errors. */
  status: z.enum(['matched', 'added', 'already', 'refused']),
  user_id: z.number().int().nullable(),
  /** The matched contact's name, for the preview. */
  name: z.string().nullable(),
  /** What matched: the source id a contact import tied, the email, the phone, or the name and gender. */
  matched_by: z.enum(['source_id', 'email', 'phone', 'name']).nullable(),
  /** The date the row marks: its own date, or the import's event_date. */
  event_date: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The same as codes with their parameters, one per field: the web words them (issue 36). */
  issues: z.array(importIssueSchema).optional(),
  /**
   * Why a row was refused when no field is wrong: child_data_gate, the row matches a child the
   * caller may not touch (spec 2 §5); the row then names nobody (no user_id, no name).
   */
  reason: z.enum(['child_data_gate']).optional(),
})
export type ImportRowResult = z.infer<typeof importRowResultSchema>

export const importAttendanceResponse = z.object({
  matched: z.number().int(),
  added: z.number().int(),
  already: z.number().int(),
  refused: z.number().int(),
  rows: z.array(importRowResultSchema),
  success_message: z.string().optional(),
})
export type ImportAttendanceResult = z.infer<typeof importAttendanceResponse>

/**
 * contacts-for-attendance (spec 2 §7.1: the same query as the contacts list): the contacts
 * list's query, and optionally the event date to mark (event_id with event_date, both or
 * neither); with them each contact says whether it attended on that date.
 */
export const contactsForAttendanceQuery = contactListQuerySchema
  .extend({ event_id: id.optional(), event_date: eventDate.optional() })
  .superRefine((value, context) => {
    if (value.event_id !== undefined && value.event_date === undefined) {
      context.addIssue({ code: 'custom', path: ['event_date'], ...issueOf('event_and_date_together') })
    }
    if (value.event_date !== undefined && value.event_id === undefined) {
      context.addIssue({ code: 'custom', path: ['event_id'], ...issueOf('event_and_date_together') })
    }
  })

export const attendanceContactSchema = contactListItemSchema.extend({
  /** With event_id and event_date: the contact attended on that date. Absent without them. */
  attended: z.boolean().optional(),
  /** The attendance record when attended (with event_id and event_date). */
  attendance_id: z.number().int().nullable().optional(),
})
export type AttendanceContact = z.infer<typeof attendanceContactSchema>

/** The events a contact attended (spec 2 §7.1 contact-event-attendance/{id}). */
export const contactAttendanceItemSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  title: z.string(),
  event_date: z.string(),
  event_date_display: z.string(),
  is_visitor: z.boolean(),
})
export type ContactAttendanceItem = z.infer<typeof contactAttendanceItemSchema>

export const eventAttendanceCalls = {
  eventAttendance: defineCall({
    method: 'GET',
    path: '/event-attendance/:id',
    params: z.object({ id }),
    request: eventAttendanceQuery,
    response: eventAttendanceResponse,
    summary: 'Who attended the event on one date, contacts and visitors',
  }),
  contactsForAttendance: defineCall({
    method: 'GET',
    path: '/contacts-for-attendance',
    request: contactsForAttendanceQuery,
    response: listResponse(attendanceContactSchema),
    summary: 'The contacts to mark on an event date, with the contacts list’s filters',
  }),
  addAttendance: defineCall({
    method: 'POST',
    path: '/add-event-attendance',
    request: addAttendanceRequest,
    response: z.object({ id: z.number().int(), user_id: z.number().int().nullable(), success_message: z.string().optional(), fields_not_kept: fieldsNotKept }),
    summary: 'Mark a contact attended, or add a visitor',
  }),
  updateAttendance: defineCall({
    method: 'POST',
    path: '/update-event-attendance',
    request: updateAttendanceRequest,
    response: z.object({
      success: z.literal(true),
      user_id: z.number().int().nullable(),
      success_message: z.string().optional(),
      fields_not_kept: fieldsNotKept,
    }),
    summary: "Edit a visitor's details or a record's notes",
  }),
  deleteAttendance: defineCall({
    method: 'POST',
    path: '/delete-event-attendance',
    request: deleteAttendanceRequest,
    response: okSchema,
    summary: 'Unmark a contact, or remove a visitor',
  }),
  importAttendance: defineCall({
    method: 'POST',
    path: '/import-event-attendance',
    request: importAttendanceRequest,
    response: importAttendanceResponse,
    summary: 'Mark attendance from spreadsheet rows: match contacts, add the rest',
  }),
  contactEventAttendance: defineCall({
    method: 'GET',
    path: '/contact-event-attendance/:id',
    params: z.object({ id }),
    request: pagingQuerySchema.extend(teamGroupFields),
    response: listResponse(contactAttendanceItemSchema),
    summary: 'The events the contact attended, latest first',
  }),
}
