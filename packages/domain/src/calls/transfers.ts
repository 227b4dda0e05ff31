import { z } from 'zod'
import { transferMinDaysAhead } from '../constants'
import { id, integer, listResponse, okSchema, pagingQuerySchema } from '../rules/wire'
import { defineCall } from './define'
import { fieldError, fieldErrorText, issueOf } from '../field-errors'

// Transfers of a pastor from one church to another (spec 3 §2.2, §3 Transfer, §4, §5, §6,
// §7 Transfers, §9; spec 1 §2.8 the dashboard's upcoming transfers). A conference officer
// plans one; the pastor chooses, for each contact assigned to them in the from-church,
// move or share; on its date the transfer is processed (issue 18).

/** What happens to a contact the pastor takes: it moves to the new church, or both hold it. */
export const transferStates = ['move', 'share'] as const
export type TransferState = (typeof transferStates)[number]

/** Most contacts one selection may name (a pastor's assigned contacts in one church). */
export const maxTransferContacts = 10_000

/** The list's sorts (spec 3 §9: created, newest first, by default). */
export const transferOrderBy = ['created', 'date', 'user_name'] as const

/** A calendar date, YYYY-MM-DD. */
const isoDate = z.iso.date()

/** Today's date plus `days`, YYYY-MM-DD, in UTC. */
export function daysFromToday(days: number, now: Date = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
  return day.toISOString().slice(0, 10)
}

/** The earliest date a transfer may be set to (spec 3 §5, §9: 7 days from now). */
export function earliestTransferDate(now: Date = new Date()): string {
  return daysFromToday(transferMinDaysAhead, now)
}

export const transferDateTooSoonMessage = fieldErrorText(fieldError('transfer_date_too_soon', { days: transferMinDaysAhead }))

/**
 * The server's words for a field of the form it refuses (spec 3 §5); the web shows each in the
 * reader's language by its key.
 */
export const transferFieldMessages = {
  ownConference: 'Choose your own conference.',
  notYourConference: 'Choose a conference you administer.',
  churchOfConference: 'Choose a church of this conference.',
  sameChurch: 'Choose a church other than the from church.',
  notAnOwner: 'Choose an owner of the from church.',
} as const
export type TransferFieldMessage = keyof typeof transferFieldMessages

/**
 * The transfer form's fields (spec 3 §5): both conferences, both churches and the pastor are
 * required; the date may be empty (processed by hand) but, when set, is at least 7 days
 * from now. The server checks that each church belongs to its conference, that the
 * churches differ and that the pastor is an owner of the from-church.
 */
export const transferFieldsSchema = z.object({
  from_conference_id: id,
  to_conference_id: id,
  from_team_id: id,
  to_team_id: id,
  /** The pastor: an owner of the from-church. */
  user_id: id,
  date: isoDate.nullish().or(z.literal('').transform(() => null)),
})

const conferenceScope = { team_id: id }

const notTooSoon = isoDate.refine((value) => value >= earliestTransferDate(), issueOf('transfer_date_too_soon', { days: transferMinDaysAhead }))

export const createTransferRequest = transferFieldsSchema.extend({
  ...conferenceScope,
  date: notTooSoon.nullish().or(z.literal('').transform(() => null)),
})
/**
 * update-transfer/{id}: the whole form. A date that changes must be at least 7 days from now;
 * one left as it was may be nearer (the service checks, in the same words).
 */
export const updateTransferRequest = transferFieldsSchema.extend(conferenceScope)

/** A contact the pastor chose, as the transfer shows it. */
export const transferContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  transfer_state: z.enum(transferStates),
})
export type TransferContact = z.infer<typeof transferContactSchema>

/** A transfer (spec 3 §3 Transfer). */
export const transferSchema = z.object({
  id: z.number().int(),
  /** The pastor. */
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
  from_conference_id: z.number().int(),
  from_conference_name: z.string(),
  from_team_id: z.number().int(),
  from_team_name: z.string(),
  from_team_address_formatted_break: z.string().nullable(),
  to_conference_id: z.number().int(),
  to_conference_name: z.string(),
  to_team_id: z.number().int(),
  to_team_name: z.string(),
  to_team_address_formatted_break: z.string().nullable(),
  /** YYYY-MM-DD, or null: processed by hand. */
  date: z.string().nullable(),
  date_display: z.string().nullable(),
  created: z.string(),
  created_display: z.string(),
  is_processed: z.boolean(),
  processed_display: z.string().nullable(),
  move_contact_ids: z.array(z.number().int()),
  share_contact_ids: z.array(z.number().int()),
  /** The chosen contacts, by name. The child gate applies: a child the caller may not see is left out here and in the two id lists. */
  contacts: z.array(transferContactSchema),
})
export type Transfer = z.infer<typeof transferSchema>

/** The form's values of a transfer, with the titles its suggestion inputs show. */
export const transferEditSchema = z.object({
  from_conference_id: z.number().int(),
  from_conference_name: z.string(),
  to_conference_id: z.number().int(),
  to_conference_name: z.string(),
  from_team_id: z.number().int(),
  from_team_name: z.string(),
  to_team_id: z.number().int(),
  to_team_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  date: z.string().nullable(),
})
export type TransferEdit = z.infer<typeof transferEditSchema>

/**
 * GET transfer/{id} (spec 3 §3: data_view and data_edit). data_edit is null once processed
 * or without create_transfer. The flags say what the caller may do on the view.
 */
export const transferItemResponseSchema = z.object({
  data_view: transferSchema,
  data_edit: transferEditSchema.nullable(),
  /** create_transfer in the conference and not processed: the Edit button and the cancel. */
  can_update: z.boolean(),
  /** The caller is the pastor and it is not processed: the contact-selection form. */
  can_select_contacts: z.boolean(),
  /** update_transfer: the staff's read-only view of the chosen contacts. */
  can_read_contacts: z.boolean(),
  /** create_transfer and not processed, with no date: 'Process now'. */
  can_process: z.boolean(),
})
export type TransferItemResponse = z.infer<typeof transferItemResponseSchema>

/** A row of GET transfers. */
export const transferListItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  from_team_name: z.string(),
  to_team_name: z.string(),
  date: z.string().nullable(),
  date_display: z.string().nullable(),
  created_display: z.string(),
  is_processed: z.boolean(),
  /** How many contacts the pastor chose to move and to share. */
  move_count: z.number().int(),
  share_count: z.number().int(),
})
export type TransferListItem = z.infer<typeof transferListItemSchema>

export const transfersQuery = pagingQuerySchema.extend({
  ...conferenceScope,
  /** 1: processed transfers; 0 (default): upcoming ones. */
  processed: integer(0, 1).default(0),
  order_by: z.enum(transferOrderBy).optional(),
})
export type TransfersQuery = z.input<typeof transfersQuery>

/** set-contacts-to-transfer/{id}: the whole selection; a contact left out stays behind. */
export const setContactsToTransferRequest = z.object({
  /** The church the caller (the pastor) works in: the transfer's from-church. */
  team_id: id,
  contacts: z
    .record(z.string().regex(/^\d{1,10}$/, 'A contact id'), z.enum(transferStates, { message: "Choose 'move' or 'share'" }))
    .refine((map) => Object.keys(map).length <= maxTransferContacts, {
      ...issueOf('too_many', { max: maxTransferContacts }),
      message: `At most ${maxTransferContacts} contacts`,
    }),
})

export const transferCalls = {
  transfers: defineCall({
    method: 'GET',
    path: '/transfers',
    request: transfersQuery,
    response: listResponse(transferListItemSchema),
    summary: "The conference's upcoming or processed transfers",
  }),
  transfer: defineCall({
    method: 'GET',
    path: '/transfer/:id',
    params: z.object({ id }),
    request: z.object(conferenceScope),
    response: transferItemResponseSchema,
    summary: 'One transfer: for the conference that plans it, and for the pastor it moves',
  }),
  createTransfer: defineCall({
    method: 'POST',
    path: '/create-transfer',
    request: createTransferRequest,
    response: z.object({ data: z.object({ id: z.number().int() }) }),
    summary: 'Plan a transfer of a pastor to another church',
  }),
  updateTransfer: defineCall({
    method: 'POST',
    path: '/update-transfer/:id',
    params: z.object({ id }),
    request: updateTransferRequest,
    response: okSchema,
    summary: 'Change an upcoming transfer',
  }),
  deleteTransfer: defineCall({
    method: 'POST',
    path: '/delete-transfer',
    request: z.object({ ...conferenceScope, id }),
    response: okSchema,
    summary: 'Cancel an upcoming transfer (nothing else changes)',
  }),
  setContactsToTransfer: defineCall({
    method: 'POST',
    path: '/set-contacts-to-transfer/:id',
    params: z.object({ id }),
    request: setContactsToTransferRequest,
    response: okSchema,
    summary: 'The pastor chooses which assigned contacts move or are shared',
  }),
  processTransfer: defineCall({
    method: 'POST',
    path: '/process-transfer/:id',
    params: z.object({ id }),
    request: z.object(conferenceScope),
    response: okSchema,
    summary: 'Carry out an upcoming transfer without a date now (a dated one is processed on its date)',
  }),
}
