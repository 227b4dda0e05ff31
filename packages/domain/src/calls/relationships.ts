import { z } from 'zod'
import { relationshipTypes } from '../rules/relationships'
import { id, listResponse, okSchema, pagingQuerySchema } from '../rules/wire'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'

// Relationships between contacts (spec 2 §3, §7 "Interests and relationships").

/** A type the caller may choose (spec 2 §3). */
export const relationshipTypeSchema = z.enum(relationshipTypes)
/** A type the server may show: the choices, plus 'ward', the other side of a guardian. */
export const computedRelationshipTypeSchema = z.enum([...relationshipTypes, 'ward'])

/** One related contact: `user_name` is the contact's `relationship_type` (spec 2 §3). */
export const relationshipItemSchema = z.object({
  /** The stored relationship; the direct list edits and deletes by it. */
  id: z.number().int(),
  related_user_id: z.number().int(),
  relationship_type: computedRelationshipTypeSchema,
  relationship_type_display: z.string(),
  user_name: z.string(),
})
export type RelationshipItem = z.infer<typeof relationshipItemSchema>

/** A relationship two hops suggest, to confirm or remove. */
export const inferredRelationshipSchema = relationshipItemSchema.omit({ id: true }).extend({
  /** The contact the suggestion goes through (the mother, for a mother's husband). */
  via_user_id: z.number().int(),
  via_user_name: z.string(),
})
export type InferredRelationshipItem = z.infer<typeof inferredRelationshipSchema>

/** The three lists: direct (entered on this contact, paged), inverse and inferred. */
export const contactRelationshipsResponse = listResponse(relationshipItemSchema).extend({
  inverse: z.array(relationshipItemSchema),
  inferred: z.array(inferredRelationshipSchema),
})
export type ContactRelationships = z.infer<typeof contactRelationshipsResponse>

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })
const relationshipFields = { ...scope, user_id: id, related_user_id: id, relationship_type: relationshipTypeSchema }

export const relationshipCalls = {
  contactRelationships: defineCall({
    method: 'GET',
    path: '/contact-relationships/:id',
    params: z.object({ id }),
    request: pagingQuerySchema.extend(scope),
    response: contactRelationshipsResponse,
    summary: "A contact's relationships: direct, inverse (computed) and inferred (two hops)",
  }),
  addContactRelationship: defineCall({
    method: 'POST',
    path: '/add-contact-relationship',
    request: z.object(relationshipFields),
    response: created,
    summary: 'Relate another contact of the team to this one',
  }),
  updateContactRelationship: defineCall({
    method: 'POST',
    path: '/update-contact-relationship',
    request: z.object({ ...relationshipFields, related_user_id: id.optional(), id }),
    response: okSchema,
    summary: 'Change a relationship entered on this contact',
  }),
  deleteContactRelationship: defineCall({
    method: 'POST',
    path: '/delete-contact-relationship',
    request: z.object({ ...scope, user_id: id, id }),
    response: okSchema,
    summary: 'Delete a relationship entered on this contact',
  }),
  removeInferredContactRelationship: defineCall({
    method: 'POST',
    path: '/remove-inferred-contact-relationship',
    request: z.object({ ...scope, user_id: id, related_user_id: id }),
    response: okSchema,
    summary: 'Stop suggesting an inferred relationship on this contact',
  }),
  confirmInferredContactRelationship: defineCall({
    method: 'POST',
    path: '/confirm-inferred-contact-relationship',
    request: z.object({ ...relationshipFields, relationship_type: relationshipTypeSchema.optional() }),
    response: created,
    summary: 'Make an inferred relationship a direct one (its suggested type unless another is given)',
  }),
}
