import { z } from 'zod'
import { id, listResponse, okSchema, pagingQuerySchema, requiredText } from '../rules/wire'
import { teamGroupFields } from './contact-shapes'
import { defineCall } from './define'

// A person's data on request (issue 40 §2; the Australian Privacy Act's APP 12 and 11.2):
// what the product holds about a contact, exported for them, and their record erased when
// they ask or it is no longer needed.

/**
 * The kinds of record an export holds, one JSON and one CSV file each (`<kind>.json`,
 * `<kind>.csv`), beside `summary.html` (the same, readable) and `files/` (the photo and the
 * consent evidence). Private notes are left out: the server holds only their ciphertext.
 */
export const exportKinds = [
  'contact',
  'teams',
  'interactions',
  'notes',
  'contact_events',
  'attendance',
  'relationships',
  'interests',
  'assignments',
  'groups',
  'consent_records',
  'consent_requests',
  'transfers',
  'imports',
  'merges',
  'activity',
  'notifications',
  'files',
] as const
export type ExportKind = (typeof exportKinds)[number]

/** The contact, in the team and group the caller opened it from (as every contact call). */
/** The media types of the two downloads. */
export const contactDataFileTypes = { export: 'application/zip', vcard: 'text/vcard' } as const

export const contactDataQuery = z.object({ ...teamGroupFields, user_id: id })

/** An erasure may be called off this many days; then it is carried out and cannot be undone. */
export const erasureGraceDays = 7

/** What an erasure does: `erase` removes the person and everything about them, files included. */
export const erasureModes = ['erase'] as const
export type ErasureMode = (typeof erasureModes)[number]

export const eraseContactRequest = z.object({
  ...teamGroupFields,
  user_id: id,
  mode: z.enum(erasureModes),
  /** Why, for the record (the person's request, no longer needed…); not the person's details. */
  reason: requiredText(500),
})

/**
 * An erasure as it is recorded: who asked, when and why, and what became of it, without the
 * person's data (their id only, which names nobody once they are gone).
 */
export const contactErasureSchema = z.object({
  id: z.number().int(),
  contact_id: z.number().int(),
  /** The contact's name while they are held ('' for a child the caller may not see); null once erased. */
  contact_name: z.string().nullable(),
  mode: z.enum(erasureModes),
  reason: z.string(),
  requested_by_name: z.string(),
  requested_at: z.string(),
  /** When it is carried out unless called off first, as an ISO timestamp. */
  due_at: z.string(),
  status: z.enum(['pending', 'cancelled', 'carried_out']),
  cancelled_by_name: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  carried_out_at: z.string().nullable(),
})
export type ContactErasure = z.infer<typeof contactErasureSchema>

export const cancelContactErasureRequest = z.object({ team_id: id, erasure_id: id })

export const contactErasuresQuery = pagingQuerySchema.omit({ order: true, search: true }).extend({
  team_id: id,
  /** Only this contact's erasures (its page asks whether one is pending). */
  contact_id: id.optional(),
})

export const contactDataCalls = {
  contactDataExport: defineCall({
    method: 'GET',
    path: '/contact-data-export',
    request: contactDataQuery,
    response: z.string().meta({ description: 'summary.html, a JSON and a CSV file of each kind of record, files/' }),
    answersFile: contactDataFileTypes.export,
    summary: 'Everything held about a contact in the teams where the caller may remove contacts, as a ZIP (delete_contact)',
  }),
  contactVcard: defineCall({
    method: 'GET',
    path: '/contact-vcard',
    request: contactDataQuery,
    response: z.string().meta({ description: 'vCard 4.0' }),
    answersFile: contactDataFileTypes.vcard,
    summary: "The contact's card as vCard 4.0 (delete_contact)",
  }),
  eraseContact: defineCall({
    method: 'POST',
    path: '/erase-contact',
    request: eraseContactRequest,
    response: contactErasureSchema,
    summary: `Records that a contact is to be erased; carried out after ${erasureGraceDays} days unless called off (delete_contact in the owning team)`,
  }),
  cancelContactErasure: defineCall({
    method: 'POST',
    path: '/cancel-contact-erasure',
    request: cancelContactErasureRequest,
    response: okSchema,
    summary: 'Calls off a pending erasure: the contact is kept (delete_contact in the owning team)',
  }),
  contactErasures: defineCall({
    method: 'GET',
    path: '/contact-erasures',
    request: contactErasuresQuery,
    response: listResponse(contactErasureSchema),
    summary: "The team's erasures, newest first: who asked, when, why and what became of it (delete_contact)",
  }),
}
