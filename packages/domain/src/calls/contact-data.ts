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

/** The media types of the downloads: a contact's and a team's (teamExport, teamVcard). */
export const contactDataFileTypes = { export: 'application/zip', vcard: 'text/vcard', teamExport: 'application/zip', teamVcard: 'text/vcard' } as const

/**
 * Leave to any system (issue 41 item 5): the files of a team's contacts export. contacts.csv
 * has a row per contact in the columns the contact import reads (contactExportColumns), so
 * the file imports again unchanged; relationships.csv every relationship between them;
 * interactions.csv their interactions, each in the interaction import's columns after the
 * contact's source_id.
 */
export const teamExportFiles = ['contacts.csv', 'relationships.csv', 'interactions.csv'] as const

export const teamContactsExportQuery = z.object({ team_id: id })

export const contactDataQuery = z.object({ ...teamGroupFields, user_id: id })

/** An erasure may be called off this many days; then it is carried out and cannot be undone. */
export const erasureGraceDays = 7

/**
 * What an erasure does: `erase` removes the person and everything about them, files included;
 * `de_identify` removes every personal field, note, file and link to other people, and keeps
 * what the reports count (that the team took a contact in, when and from which source; that an
 * interaction happened, a decision was made or an event attended, in which month and church),
 * so the figures stay as they were. The contact leaves every list.
 */
export const erasureModes = ['erase', 'de_identify'] as const
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
  /** The contact's name while they are held ('' for a child the caller may not see); null once carried out. */
  contact_name: z.string().nullable(),
  mode: z.enum(erasureModes),
  /** Why, as asked; '' when the retention schedule did it (retention_months says so). */
  reason: z.string(),
  /** Set when the team's retention schedule de-identified the contact after this many months without activity. */
  retention_months: z.number().int().nullable(),
  /** '' when the retention schedule did it, or the person who asked has gone. */
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

/**
 * Retention on schedule (issue 40 §2, APP 11.2): a team may have the contacts it owns that
 * have had no activity for this many months de-identified by a daily job. Off by default.
 */
export const retentionMonthsOptions = [12, 24, 36] as const
export type RetentionMonths = (typeof retentionMonthsOptions)[number]
/** The team's owners are told this many days before the schedule de-identifies a contact, and may keep it. */
export const retentionNoticeDays = 30

const retentionMonths = z.union(retentionMonthsOptions.map((months) => z.literal(months)) as [z.ZodLiteral<12>, z.ZodLiteral<24>, z.ZodLiteral<36>])

export const contactRetentionSchema = z.object({
  /** null: off. */
  months: retentionMonths.nullable(),
  notice_days: z.number().int(),
  /** Contacts the owners have been told of, to be de-identified unless kept. */
  due_count: z.number().int(),
})
export type ContactRetention = z.infer<typeof contactRetentionSchema>

export const setContactRetentionRequest = z.object({ team_id: id, months: retentionMonths.nullable() })

/** A contact the schedule will de-identify unless it is kept or has activity first. */
export const contactDueSchema = z.object({
  id: z.number().int(),
  /** '' for a child the caller may not see named. */
  name: z.string(),
  /** The last interaction, note, attendance or change, in any team holding them; or when the team took them in. */
  last_activity_at: z.string(),
  due_at: z.string(),
})
export type ContactDue = z.infer<typeof contactDueSchema>

export const contactsDueQuery = pagingQuerySchema.omit({ order: true, search: true }).extend({ team_id: id })

export const contactDataCalls = {
  teamContactsExport: defineCall({
    method: 'GET',
    path: '/team-contacts-export',
    request: teamContactsExportQuery,
    response: z.string().meta({ description: 'contacts.csv, relationships.csv and interactions.csv' }),
    answersFile: contactDataFileTypes.teamExport,
    summary: "The team's contacts with their fields, relationships and interactions, as CSV files in a ZIP (delete_contact)",
  }),
  teamContactsVcard: defineCall({
    method: 'GET',
    path: '/team-contacts-vcard',
    request: teamContactsExportQuery,
    response: z.string().meta({ description: 'vCard 4.0, a card per contact' }),
    answersFile: contactDataFileTypes.teamVcard,
    summary: "The team's contacts as vCard 4.0 (delete_contact)",
  }),
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
    summary: `Records that a contact is to be erased or de-identified; carried out after ${erasureGraceDays} days unless called off (delete_contact in the owning team)`,
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
  contactRetention: defineCall({
    method: 'GET',
    path: '/contact-retention',
    request: z.object({ team_id: id }),
    response: contactRetentionSchema,
    summary: 'How long the team keeps a contact with no activity before it is de-identified (delete_contact)',
  }),
  setContactRetention: defineCall({
    method: 'POST',
    path: '/set-contact-retention',
    request: setContactRetentionRequest,
    response: contactRetentionSchema,
    summary: `Sets it: ${retentionMonthsOptions.join(', ')} months, or null for off; contacts already told of are no longer due (update_team)`,
  }),
  contactsDueForDeIdentification: defineCall({
    method: 'GET',
    path: '/contacts-due-for-de-identification',
    request: contactsDueQuery,
    response: listResponse(contactDueSchema),
    summary: "The team's contacts the schedule will de-identify, soonest first (delete_contact)",
  }),
  keepContact: defineCall({
    method: 'POST',
    path: '/keep-contact',
    request: z.object({ ...teamGroupFields, user_id: id }),
    response: okSchema,
    summary: 'Keeps a contact the schedule would de-identify: its time without activity starts again (delete_contact)',
  }),
}
