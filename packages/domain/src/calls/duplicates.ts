import { z } from 'zod'
import { id, listResponse, okSchema, pagingQuerySchema } from '../rules/wire'
import { defineCall } from './define'

// Possible duplicates (issue 40 §1): two records of a team that may be one person (two
// churches that each added the same visitor before sharing, an import with a spelling
// difference, a child added by a parent and by a youth leader), each pair with why it was
// found; a pair someone marked "not the same person" is not offered again.

/**
 * Why two contacts may be one person, strongest first: the same email, the same phone, the
 * same name, gender and birth (year and month, as far as both are known), or names alike
 * (trigram similarity) with the first or the last name the same.
 */
export const duplicateReasons = ['email', 'phone', 'name_birth', 'similar_name'] as const
export type DuplicateReason = (typeof duplicateReasons)[number]

/** How alike two full names must be (pg_trgm's similarity, 0–1) to be offered as similar. */
export const similarNameThreshold = 0.6

/** One side of a pair: what a person compares to tell whether two records are one. */
export const duplicateContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  dob_year: z.number().int().nullable(),
  dob_month: z.number().int().nullable(),
  member_status: z.string().nullable(),
  /** When the record was made, as an ISO timestamp: the older one is usually the one to keep. */
  created_at: z.string(),
})
export type DuplicateContact = z.infer<typeof duplicateContactSchema>

export const possibleDuplicateSchema = z.object({
  /** The older record of the two (the lower id). */
  contact: duplicateContactSchema,
  other_contact: duplicateContactSchema,
  reasons: z.array(z.enum(duplicateReasons)),
})
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>

export const possibleDuplicatesQuery = pagingQuerySchema.omit({ order: true, search: true }).extend({ team_id: id })

export const dismissPossibleDuplicateRequest = z.object({
  team_id: id,
  contact_id: id,
  other_contact_id: id,
})

export const duplicateCalls = {
  possibleDuplicates: defineCall({
    method: 'GET',
    path: '/possible-duplicates',
    request: possibleDuplicatesQuery,
    response: listResponse(possibleDuplicateSchema),
    summary: "Pairs of the team's contacts that may be one person, strongest reason first (delete_contact)",
  }),
  dismissPossibleDuplicate: defineCall({
    method: 'POST',
    path: '/dismiss-possible-duplicate',
    request: dismissPossibleDuplicateRequest,
    response: okSchema,
    summary: 'Marks two contacts of the team as not the same person: the pair is not offered again (delete_contact)',
  }),
}

// Merging two records of one person (issue 40 §1): the kept record takes the other's history
// (notes, interactions, events, attendance, relationships, assignments, groups, teams,
// consent, imports, activity); the other stays behind as a tombstone that points to it, so old
// links still open the person. Undone within mergeUndoDays.

/** A merge can be undone this many days. */
export const mergeUndoDays = 30

/**
 * The contact's fields as a person compares them, a group at a time: where both records have a
 * value and the values differ, the person chooses; where one is empty, the other's value is kept.
 */
export const mergeFieldGroups = [
  'name',
  'gender',
  'birth',
  'email',
  'phone',
  'photo',
  'address',
  'religion',
  'marital_status',
  'member_status',
  'source',
  'grow_phase',
  'social',
  'parent_carer',
  'consent',
] as const
export type MergeFieldGroup = (typeof mergeFieldGroups)[number]

/**
 * The stored fields of each group, as the preview sends them: lookup codes (gender, religion,
 * marital and member status, source, grow phase, the parent or carer's relationship, the
 * consent type), raw values, and for photo and consent's photo a file id (or null).
 */
export const mergeFieldGroupFields = {
  name: ['first_name', 'last_name'],
  gender: ['gender'],
  birth: ['dob_year', 'dob_month'],
  email: ['email'],
  phone: ['phone'],
  photo: ['avatar_file_id'],
  address: ['address_formatted', 'address_street', 'address_city', 'address_state', 'address_postcode', 'address_country'],
  religion: ['religion', 'religion_other'],
  marital_status: ['marital_status'],
  member_status: ['member_status'],
  source: ['source', 'source_other'],
  grow_phase: ['grow_phase'],
  social: ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube'],
  parent_carer: ['parent_carer_first_name', 'parent_carer_last_name', 'parent_carer_relationship', 'parent_carer_email', 'parent_carer_phone'],
  consent: ['consent_type', 'consent_date', 'consent_content', 'consent_photo_file_id'],
} as const satisfies Record<MergeFieldGroup, readonly string[]>

/** A field group's stored values on one side (codes and raw values; the reader words them). */
export const mergeValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
export type MergeValues = z.infer<typeof mergeValuesSchema>

export const mergeSideSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The record signs in: it can be kept, never merged away. */
  has_account: z.boolean(),
  /** What moves with the record: its interactions, notes, events, attendance and relationships. */
  counts: z.object({
    interactions: z.number().int(),
    notes: z.number().int(),
    events: z.number().int(),
    attendance: z.number().int(),
    relationships: z.number().int(),
  }),
})
export type MergeSide = z.infer<typeof mergeSideSchema>

export const contactMergePreviewQuery = z.object({ team_id: id, contact_id: id, other_contact_id: id })

export const contactMergePreviewSchema = z.object({
  contact: mergeSideSchema,
  other_contact: mergeSideSchema,
  /** The groups where both records have a value and they differ, with each side's values. */
  choices: z.array(z.object({ group: z.enum(mergeFieldGroups), contact: mergeValuesSchema, other_contact: mergeValuesSchema })),
})
export type ContactMergePreview = z.infer<typeof contactMergePreviewSchema>

export const mergeContactsRequest = z.object({
  team_id: id,
  /** The record that is kept. */
  contact_id: id,
  /** The record merged into it, which becomes a tombstone pointing to it. */
  other_contact_id: id,
  /** The groups whose values are taken from the other record where both have one. */
  from_other: z.array(z.enum(mergeFieldGroups)).max(mergeFieldGroups.length).default([]),
})

export const contactMergeSchema = z.object({
  /** The merge, for undo-contact-merge. */
  id: z.number().int(),
  contact_id: z.number().int(),
  other_contact_id: z.number().int(),
  /** Until when it can be undone, as an ISO timestamp. */
  undo_until: z.string(),
})
export type ContactMerge = z.infer<typeof contactMergeSchema>

export const undoContactMergeRequest = z.object({ team_id: id, merge_id: id })

export const contactMergesQuery = z.object({ team_id: id, contact_id: id })

/** A merge into a contact that can still be undone, with the name the other record had. */
export const undoableMergeSchema = contactMergeSchema.extend({ other_name: z.string(), created_at: z.string() })
export type UndoableMerge = z.infer<typeof undoableMergeSchema>

/**
 * The activity log's row of a merge, on the kept contact: type `contact_merge`, action `add`
 * (merged; `data.after`) or `delete` (undone; `data.before`), with these values.
 */
export const mergeActivitySchema = z.object({ merge_id: z.number().int(), other_contact_id: z.number().int(), other_name: z.string() })
export const mergeActivityType = 'contact_merge'

/**
 * A merge that needs the agreement of teams the asker does not act for (issue 40 §1): the
 * other record, or this one, is also held by a team whose owners the asker is not (a church
 * of another conference, a team the asker cannot see). As a team's request to take in another
 * team's contact goes to that team's owners, the merge goes to each such team's owners; once
 * every one has agreed it is carried out as asked, and one that declines ends it.
 */
export const mergeRequestStatuses = ['pending', 'merged', 'declined'] as const
export type MergeRequestStatus = (typeof mergeRequestStatuses)[number]

export const contactMergeRequestSchema = z.object({
  id: z.number().int(),
  /** The record to be kept, and the one to be merged into it. */
  contact_id: z.number().int(),
  other_contact_id: z.number().int(),
  /** Their names as the caller may see them ('' for a child the caller may not see). */
  contact_name: z.string(),
  other_name: z.string(),
  /** The groups to take from the other record, as asked. */
  from_other: z.array(z.enum(mergeFieldGroups)),
  requesting_team_id: z.number().int(),
  requesting_team_name: z.string(),
  /** '' once the asker has left. */
  requested_by_name: z.string(),
  created_at: z.string(),
  status: z.enum(mergeRequestStatuses),
  /** Each team whose owners must agree, and what they said (null: not yet). */
  teams: z.array(z.object({ team_id: z.number().int(), title: z.string(), approved: z.boolean().nullable() })),
  /** The call's team is one of them and has not said yet. */
  awaits_this_team: z.boolean(),
  /** The merge carried out, for its undo. */
  merge_id: z.number().int().nullable(),
})
export type ContactMergeRequest = z.infer<typeof contactMergeRequestSchema>

export const contactMergeRequestsQuery = z.object({
  team_id: id,
  /** Only the requests naming this contact (its page asks). */
  contact_id: id.optional(),
})

export const decideContactMergeRequest = z.object({ team_id: id, request_id: id, approve: z.boolean() })

export const mergeCalls = {
  contactMergePreview: defineCall({
    method: 'GET',
    path: '/contact-merge-preview',
    request: contactMergePreviewQuery,
    response: contactMergePreviewSchema,
    summary: 'Two contacts side by side before a merge: what each holds and the fields to choose between (delete_contact)',
  }),
  mergeContacts: defineCall({
    method: 'POST',
    path: '/merge-contacts',
    request: mergeContactsRequest,
    response: contactMergeSchema,
    summary: 'Merges the other contact into the kept one; the same merge asked again answers the same (delete_contact in every team holding either)',
  }),
  contactMerges: defineCall({
    method: 'GET',
    path: '/contact-merges',
    request: contactMergesQuery,
    response: z.object({ data: z.array(undoableMergeSchema) }),
    summary: 'The merges into a contact that can still be undone, newest first (delete_contact)',
  }),
  requestContactMerge: defineCall({
    method: 'POST',
    path: '/request-contact-merge',
    request: mergeContactsRequest,
    response: contactMergeRequestSchema,
    summary:
      'Asks the owners of the teams the caller does not act for to agree to a merge (merge-contacts answers 409 merge_other_team naming them); the same request asked again answers the pending one (delete_contact)',
  }),
  contactMergeRequests: defineCall({
    method: 'GET',
    path: '/contact-merge-requests',
    request: contactMergeRequestsQuery,
    response: z.object({ data: z.array(contactMergeRequestSchema) }),
    summary: 'The pending merge requests the team asked or must decide, newest first; with contact_id, those naming the contact (delete_contact)',
  }),
  decideContactMergeRequest: defineCall({
    method: 'POST',
    path: '/decide-contact-merge-request',
    request: decideContactMergeRequest,
    response: contactMergeRequestSchema,
    summary: "The team's owners agree or decline; the last agreement carries the merge out as asked (delete_contact)",
  }),
  undoContactMerge: defineCall({
    method: 'POST',
    path: '/undo-contact-merge',
    request: undoContactMergeRequest,
    response: contactMergeSchema,
    summary: `Puts both contacts back as they were, within ${mergeUndoDays} days (delete_contact in every team holding either)`,
  }),
}
