import { z } from 'zod'
import { growPhases } from '../rules/contacts'
import { contactEventKinds, maxContactEventContentLength } from '../rules/contact-events'
import { id, listResponse, pagingQuerySchema, text } from '../rules/wire'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

// A contact's decisions and events (spec 2 §3 "Contact event", §4.5, §6, §7.1 contact-events,
// §7.4 add-, update-, delete-contact-event): a baptism, a profession of faith, a decision for
// Bible studies, a prayer request… with its date, the member status it brought and a text.

/** A calendar date, YYYY-MM-DD, between 1900 and 2100. */
const eventDate = z.iso.date().refine((value) => value >= '1900-01-01' && value <= '2100-12-31', issueOf('date_out_of_range', { min: 1900, max: 2100 }))

/** An empty choice is none. */
const emptyIsNull = z.literal('').transform(() => null)

/** The fields an event is written with. */
const eventFields = {
  /** A value of GET lookups/user-event-types. */
  type: text(60).min(1, 'Choose a type'),
  date: eventDate,
  /** Only for type other (spec 2 §3); dropped for any other type. */
  grow_phase: z.enum(growPhases).nullish().or(emptyIsNull),
  /** A value of GET lookups/member-status-types; the contact takes it (spec 2 §4.5). */
  member_status: text(60).nullish().or(emptyIsNull),
  content: text(maxContactEventContentLength).nullish(),
}

const target = { ...scope, user_id: id }

export const addContactEventRequest = z.object({ ...target, ...eventFields })

/** update-contact-event: the id and any fields to change. */
export const updateContactEventRequest = z.object({
  ...target,
  id,
  type: eventFields.type.optional(),
  date: eventFields.date.optional(),
  grow_phase: eventFields.grow_phase.optional(),
  member_status: eventFields.member_status.optional(),
  content: eventFields.content.optional(),
})

export const contactEventsQuery = pagingQuerySchema.extend({
  ...scope,
  /** The Decisions tab asks for decisions, the Events tab for the rest; none: both. */
  kind: z.enum(contactEventKinds).optional(),
  /** Created, newest first, by default (spec 2 §9). */
  order_by: z.enum(['created', 'date']).optional(),
})

export const contactEventItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  type_display: z.string(),
  kind: z.enum(contactEventKinds),
  /** YYYY-MM-DD, and as the team reads it. */
  date: z.string(),
  date_display: z.string(),
  grow_phase: z.string().nullable(),
  member_status: z.string().nullable(),
  member_status_display: z.string().nullable(),
  /** Plain text, never HTML. */
  content: z.string().nullable(),
  author_id: z.number().int().nullable(),
  created_display: z.string(),
})
export type ContactEventItem = z.infer<typeof contactEventItemSchema>

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })
const done = z.object({ success: z.literal(true), success_message: z.string().optional() })

export const contactEventCalls = {
  contactEvents: defineCall({
    method: 'GET',
    path: '/contact-events/:id',
    params: z.object({ id }),
    request: contactEventsQuery,
    response: listResponse(contactEventItemSchema),
    summary: "The contact's decisions and events, newest first",
  }),
  addContactEvent: defineCall({
    method: 'POST',
    path: '/add-contact-event',
    request: addContactEventRequest,
    response: created,
    summary: 'Record a decision or event; its member status becomes the contact’s',
  }),
  updateContactEvent: defineCall({
    method: 'POST',
    path: '/update-contact-event',
    request: updateContactEventRequest,
    response: done,
    summary: 'Edit a decision or event',
  }),
  deleteContactEvent: defineCall({
    method: 'POST',
    path: '/delete-contact-event',
    request: z.object({ ...target, id }),
    response: done,
    summary: 'Delete a decision or event',
  }),
}
