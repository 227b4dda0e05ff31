import { z } from 'zod'
import { flag, id, listResponse, pagingQuerySchema, text } from '../rules/wire'
import {
  interactionDateFilters,
  interactionSources,
  interactionTypeErrors,
  interactionTypes,
  maxInteractionContentLength,
  maxOthersPresent,
  prayerTypes,
  reactions,
  storedInteractionTypes,
} from '../rules/interactions'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

// The interactions of a contact (spec 2 §3 Interaction, §4, §6, §7.1 contact-interactions
// and contact-interactions-studies, §7.4): visits, Bible studies with their lesson and
// reaction, calls, messages, literature, prayers and others, past or upcoming.

/** A calendar date, YYYY-MM-DD, between 1900 and 2100. */
const interactionDate = z.iso.date().refine((value) => value >= '1900-01-01' && value <= '2100-12-31', issueOf('date_out_of_range', { min: 1900, max: 2100 }))

/** A time of day, HH:MM on the 24-hour clock. */
const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the form HH:MM')

/** other_contacts: a JSON list of contact ids (spec 2 §7.4), or the list itself. */
const otherContacts = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value
    if (value.trim() === '') return []
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  },
  z.array(id).max(maxOthersPresent, `At most ${maxOthersPresent} other contacts`),
)

const content = z.string().trim().max(maxInteractionContentLength, `At most ${maxInteractionContentLength} characters`)

/** The fields an interaction is written with; every one optional, for a partial update. */
const interactionFields = {
  type: z.enum(interactionTypes),
  /** The acting user; only holders of read_dcrm_team_users may name someone else (spec 2 §6). */
  by_user_id: id.nullish(),
  date: interactionDate,
  time: timeOfDay.nullish().or(z.literal('').transform(() => null)),
  other_contacts: otherContacts,
  content: content.nullish(),
  prayer_type: z
    .enum(prayerTypes)
    .nullish()
    .or(z.literal('').transform(() => null)),
  type_other: text(255).nullish(),
  /** The Bible-study lesson (GET lookups/bible-studies); 'other' reveals bible_study_other. */
  bible_study: text(60)
    .nullish()
    .or(z.literal('').transform(() => null)),
  bible_study_other: text(255).nullish(),
  reaction: z
    .enum(reactions)
    .nullish()
    .or(z.literal('').transform(() => null)),
  /** Interactions are incomplete until this is set (spec 2 §4). */
  is_completed: flag,
  /**
   * The event it happened at (spec 2 §3 "Event link"): one of the team's events, or one of the
   * contact's own decisions and events (a user event); at most one of the two, null unlinks.
   */
  event_id: id.nullish().or(z.literal('').transform(() => null)),
  contact_event_id: id.nullish().or(z.literal('').transform(() => null)),
}

const target = { ...scope, user_id: id }

export const addContactInteractionRequest = z
  .object({
    ...target,
    ...interactionFields,
    other_contacts: interactionFields.other_contacts.default([]),
    is_completed: interactionFields.is_completed.default(false),
  })
  .superRefine((input, context) => {
    for (const [path, message] of Object.entries(interactionTypeErrors(input)))
      context.addIssue({ code: 'custom', path: [path], ...issueOf('required'), message })
    if (input.event_id && input.contact_event_id) context.addIssue({ code: 'custom', path: ['event_id'], ...issueOf('one_event_link') })
  })
export type AddContactInteractionInput = z.input<typeof addContactInteractionRequest>

/** update-contact-interaction: the id and any fields to change; { id, is_completed: true } marks it complete. */
export const updateContactInteractionRequest = z.object({
  ...target,
  id,
  ...Object.fromEntries(Object.entries(interactionFields).map(([key, schema]) => [key, schema.optional()])),
} as { [K in keyof typeof interactionFields]: z.ZodOptional<(typeof interactionFields)[K]> } & typeof target & { id: typeof id })

export const contactInteractionsQuery = pagingQuerySchema.extend({
  ...scope,
  order_by: z.enum(['date', 'created']).optional(),
  /** The interaction date filter (spec 2 §9), in the team's time zone. */
  date_filter: z.enum(interactionDateFilters).default('all'),
})

export const otherPresentSchema = z.object({ id: z.number().int(), user_id: z.number().int(), user_name: z.string() })

export const interactionItemSchema = z.object({
  id: z.number().int(),
  /** The contact the interaction was logged on (another contact's, when this one was present). */
  contact_id: z.number().int(),
  /** As stored: a prayer is prayer_request or prayer_answer (spec 2 §3). */
  type: z.enum(storedInteractionTypes),
  type_display: z.string(),
  prayer_type: z.enum(prayerTypes).nullable(),
  type_other: z.string().nullable(),
  /** YYYY-MM-DD and HH:MM where the team lives. */
  date: z.string(),
  date_display: z.string(),
  time: z.string().nullable(),
  /** The date, and the time on the locale's clock when there is one: what a list shows. */
  date_time_display: z.string(),
  /** Later than now: an upcoming interaction. */
  is_future: z.boolean(),
  by_user_id: z.number().int().nullable(),
  by_user_name: z.string(),
  author_id: z.number().int().nullable(),
  /** Plain text, never HTML. */
  content: z.string().nullable(),
  is_completed: z.boolean(),
  /** The contact's grow phase when it was logged (the banners of spec 2 §4). */
  grow_phase: z.string().nullable(),
  source: z.enum(interactionSources).nullable(),
  team_id: z.number().int(),
  conference_id: z.number().int().nullable(),
  /** The team that logged it, when not the selected one (a sub-team of a conference). */
  other_team_name: z.string().nullable(),
  bible_study: z.string().nullable(),
  bible_study_display: z.string().nullable(),
  /** The study (GET lookups/bible-studies-parents) the lesson belongs to. */
  bible_study_parent: z.string().nullable(),
  bible_study_other: z.string().nullable(),
  reaction: z.enum(reactions).nullable(),
  /** The linked event: its title, or the type of the contact's own event (a user event). */
  event_id: z.number().int().nullable(),
  contact_event_id: z.number().int().nullable(),
  event_title: z.string().nullable(),
  is_user_event: z.boolean(),
  others_present: z.array(otherPresentSchema),
  /** The caller may edit or delete it (spec 2 §6). */
  can_update: z.boolean(),
  can_delete: z.boolean(),
})
export type InteractionItem = z.infer<typeof interactionItemSchema>

const studyDoneSchema = z.object({ date: z.string(), date_display: z.string(), reaction: z.enum(reactions).nullable() })

/** contact-interactions-studies: the lessons done (completed), keyed by lesson, and the other studies. */
export const interactionStudiesResponse = z.object({
  items: z.record(z.string(), studyDoneSchema),
  items_other: z.array(studyDoneSchema.extend({ bible_study_other: z.string() })),
})
export type InteractionStudies = z.infer<typeof interactionStudiesResponse>

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })
const done = z.object({ success: z.literal(true), success_message: z.string().optional() })

export const interactionCalls = {
  contactInteractions: defineCall({
    method: 'GET',
    path: '/contact-interactions/:id',
    params: z.object({ id }),
    request: contactInteractionsQuery,
    response: listResponse(interactionItemSchema),
    summary: "The contact's interactions, by date newest first",
  }),
  contactInteractionsStudies: defineCall({
    method: 'GET',
    path: '/contact-interactions-studies/:id',
    params: z.object({ id }),
    request: z.object(scope),
    response: interactionStudiesResponse,
    summary: 'Which Bible-study lessons the contact has done, with reactions',
  }),
  addContactInteraction: defineCall({
    method: 'POST',
    path: '/add-contact-interaction',
    request: addContactInteractionRequest,
    response: created,
    summary: 'Log an interaction (past, or upcoming when dated later)',
  }),
  updateContactInteraction: defineCall({
    method: 'POST',
    path: '/update-contact-interaction',
    request: updateContactInteractionRequest,
    response: done,
    summary: 'Edit an interaction; is_completed true marks it complete',
  }),
  deleteContactInteraction: defineCall({
    method: 'POST',
    path: '/delete-contact-interaction',
    request: z.object({ ...target, id }),
    response: done,
    summary: 'Delete an interaction',
  }),
}
