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
