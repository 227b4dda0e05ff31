// The shapes of a contact on the wire (spec 2 §3): list item, view, form fields, ownership,
// the item answer and the duplicate answer. The calls that carry them are in contacts.ts.
import { z } from 'zod'
import { ageBands, interactionFilters } from '../constants'
import { capabilityMapSchema } from './account'
import { id, listResponse, pagingQuerySchema, text } from '../rules/wire'
import { consentTypes, genders, growPhases, maritalStatuses, parentCarerRelationships, socialNetworks } from '../rules/contacts'
import { assignedRoles, teamRoles } from '../capabilities'
import { addressPartsView } from './places'
import { mostRecentConsentSchema, parentalConsentRecordSchema } from './consent-record'
import { contactOrderBy } from '../rules/contact-lists'
import { interactionSummarySchema, interestItemSchema } from './record-shapes'

/** Every contact call works in a team and one of its groups (spec 2 §7). */
export const teamGroupFields = { team_id: id, group_id: id }

// ---------------------------------------------------------------------------------------
// Lists: GET contacts, assigned-contacts, archived-contacts (spec 2 §7, §9)

export const contactListQuerySchema = pagingQuerySchema.extend({
  ...teamGroupFields,
  order_by: z.enum(contactOrderBy).optional(),
  /** Age band (spec 2 §9). */
  age: z.enum(ageBands).optional(),
  /** missed (Overdue), none, 1, 3 or 6 months since the last interaction, unvisited. */
  interaction: z.enum(interactionFilters).optional(),
  member_status: text(60).optional(),
  grow_phase: z.enum(growPhases).optional(),
  source: text(60).optional(),
  gender: z.enum(genders).optional(),
  /**
   * assigned-contacts only (spec 2 §7 transferTeamId): the from-church of the caller's upcoming
   * transfer. The list is then the caller's assigned contacts there, whatever team_id and
   * group_id select; any other church is not found. The other lists ignore it.
   */
  transfer_team_id: id.optional(),
})
export type ContactListQuery = z.input<typeof contactListQuerySchema>

/**
 * assigned-contacts with transfer_team_id in place of team_id and group_id (spec 2 §7: it
 * replaces them): the caller's assigned contacts in the from-church of their upcoming transfer.
 */
export const transferContactListQuerySchema = contactListQuerySchema.omit({ team_id: true, group_id: true }).extend({ transfer_team_id: id })

// ---------------------------------------------------------------------------------------
// The contact item: GET contact/{id} (spec 2 §3)

const socialSchema = z.object(
  Object.fromEntries(socialNetworks.map((network) => [network, z.string().nullable()])) as Record<(typeof socialNetworks)[number], z.ZodNullable<z.ZodString>>,
)

export const addressView = {
  address_place_id: z.string().nullable(),
  address_formatted: z.string().nullable(),
  /** The address over several lines. */
  address_formatted_break: z.string().nullable(),
  address_manual_input: z.boolean(),
  ...addressPartsView,
  address_directions_link: z.string().nullable(),
}

/** What a reader sees of a contact. */
export const contactViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(genders).nullable(),
  dob_month: z.number().int().nullable(),
  dob_year: z.number().int().nullable(),
  /** Month and year of birth, "YYYY-MM" ("YYYY" with only a year), spec 2 §3. */
  dob: z.string().nullable(),
  age: z.number().int().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  email_is_verified: z.boolean(),
  /** International format. */
  phone: z.string().nullable(),
  religion: z.string().nullable(),
  religion_display: z.string().nullable(),
  religion_other: z.string().nullable(),
  marital_status: z.enum(maritalStatuses).nullable(),
  member_status: z.string().nullable(),
  member_status_display: z.string().nullable(),
  source: z.string().nullable(),
  source_display: z.string().nullable(),
  source_other: z.string().nullable(),
  grow_phase: z.enum(growPhases).nullable(),
  grow_phase_display: z.string().nullable(),
  social: socialSchema,
  ...addressView,
  status: z.enum(['active', 'archive']),
  hidden_in_contacts: z.boolean(),
  is_awaiting_approval: z.boolean(),
  has_incomplete_interaction: z.boolean(),
  is_assigned: z.boolean(),
  is_visitor: z.boolean(),
  /** Created by this team, or another team's contact that this team added (spec 2 §3). */
  is_new: z.boolean(),
  is_existing: z.boolean(),
  is_child: z.boolean(),
  consent_given: z.boolean(),
  consent_declined: z.boolean(),
  parental_consent_declined: z.boolean(),
  expect_follow_up: z.boolean(),
  expect_follow_up_completed: z.boolean(),
  expect_bible_study: z.boolean(),
  expect_bible_study_completed: z.boolean(),
  expect_baptism: z.boolean(),
  expect_baptism_completed: z.boolean(),
  access_from_date_display: z.string().nullable(),
  access_to_date_display: z.string().nullable(),
  parent_carer_first_name: z.string().nullable(),
  parent_carer_last_name: z.string().nullable(),
  parent_carer_name: z.string().nullable(),
  parent_carer_relationship: z.enum(parentCarerRelationships).nullable(),
  parent_carer_email: z.string().nullable(),
  parent_carer_phone: z.string().nullable(),
  consent_type: z.enum(consentTypes).nullable(),
  consent_date: z.string().nullable(),
  consent_content: z.string().nullable(),
  consent_photo: z.string().nullable(),
  consent_url_sent: z.boolean(),
  consent_url_sent_date: z.string().nullable(),
  consent_url_sent_date_display: z.string().nullable(),
  consent_url_viewed: z.boolean(),
  consent_url_submitted: z.boolean(),
  consent_url_sent_to: z.string().nullable(),
  /** The contact's interests (spec 2 §3), in the order they were added. */
  interests: z.array(interestItemSchema),
  next_future_incomplete_interaction: interactionSummarySchema.nullable(),
  last_interaction: z.object({ days_ago: z.number().int(), hours_ago: z.number().int() }).nullable(),
  created_display: z.string(),
})
export type ContactView = z.infer<typeof contactViewSchema>

/** The least of a contact: what an awaiting or gated reader may see. */
export const contactViewSimpleSchema = contactViewSchema.pick({
  id: true,
  name: true,
  first_name: true,
  last_name: true,
  gender: true,
  avatar: true,
  is_child: true,
})

/** A row of the contact lists: the view's list columns and what only a list says. */
export const contactListItemSchema = contactViewSchema
  .pick({
    id: true,
    name: true,
    first_name: true,
    last_name: true,
    gender: true,
    dob: true,
    age: true,
    is_child: true,
    email: true,
    phone: true,
    member_status: true,
    member_status_display: true,
    grow_phase: true,
    grow_phase_display: true,
    source_display: true,
    status: true,
    is_assigned: true,
    is_awaiting_approval: true,
    has_incomplete_interaction: true,
    created_display: true,
  })
  .extend({
    /** A child under the caller's child data gate: a neutral row, no name and no details (issue 33). */
    is_restricted: z.boolean(),
    last_interaction_days_ago: z.number().int().nullable(),
    archived_display: z.string().nullable(),
  })
export type ContactListItem = z.infer<typeof contactListItemSchema>

export const contactListResponseSchema = listResponse(contactListItemSchema)

export const ownershipSchema = z.object({
  has_owner: z.boolean(),
  is_owned_by_current_team: z.boolean(),
  /** The contact holds a membership (is a user) of the current team. */
  is_member_of_current_team: z.boolean(),
  has_multiple_owners: z.boolean(),
  primary_owner: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  owners: z.array(z.object({ id: z.number().int(), title: z.string() })),
  current_team_is_awaiting_approval: z.boolean(),
  other_team_is_awaiting_approval_data: z.array(
    z.object({
      team: z.object({ id: z.number().int(), title: z.string() }),
      requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
})
export type Ownership = z.infer<typeof ownershipSchema>

/** What the caller may do with the contact (spec 2 §3 "auth"). */
export const contactAuthSchema = z.object({
  user_capabilities: capabilityMapSchema,
  user_role: z.enum([...teamRoles, ...assignedRoles]),
  /** The fields the caller may send. */
  fields: z.array(z.string()),
})

/** When the child data gate withholds a child's details (spec 2 §5). */
export const childGateSchema = z.object({
  missing: z.array(z.enum(['wwcc', 'adsafe'])),
  primary_owner_name: z.string().nullable(),
  primary_owner_email: z.string().nullable(),
})
export type ChildGate = z.infer<typeof childGateSchema>

/**
 * GET contact/{id} answers 404 for a contact the selected team does not hold. When another
 * of the caller's teams holds it, the 404's data names that team as `contact_team`, for
 * the 'not in the current team' banner; user_has_access is false while the caller's
 * membership there is only requested (spec 2 §2).
 */
export const contactTeamSchema = z.object({ id: z.number().int(), title: z.string(), user_has_access: z.boolean() })
export type ContactTeam = z.infer<typeof contactTeamSchema>

export const contactItemResponseSchema = z.object({
  /** Null while the current team awaits approval, or a child's details are withheld. */
  data_view: contactViewSchema.nullable(),
  data_view_simple: contactViewSimpleSchema,
  data_edit: contactViewSchema.nullable(),
  ownership: ownershipSchema,
  expect: z.object({
    follow_up: z.boolean(),
    follow_up_completed: z.boolean(),
    bible_study: z.boolean(),
    bible_study_completed: z.boolean(),
    baptism: z.boolean(),
    baptism_completed: z.boolean(),
  }),
  auth: contactAuthSchema,
  /** Set when the child data gate withheld the details. */
  child_gate: childGateSchema.nullable(),
  /** The caller's own consent on record for this contact (to_id = the caller), if any. */
  parental_consent_for_current_user: parentalConsentRecordSchema.nullable(),
  /** The latest consent (spec 2 §3.4's record); null with none, or while the details are withheld. */
  most_recent_consent: mostRecentConsentSchema.nullable(),
})
export type ContactItem = z.infer<typeof contactItemResponseSchema>

// ---------------------------------------------------------------------------------------
// Tabs of this issue: groups and assignments

export const contactGroupItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_public: z.boolean(),
  is_active: z.boolean(),
  user_capabilities: capabilityMapSchema,
})

export const assignmentItemSchema = z.object({
  id: z.number().int(),
  to_user_id: z.number().int(),
  by_user_name: z.string(),
  created_display: z.string(),
  to_user_name: z.string(),
  to_user_email: z.string().nullable(),
})

/**
 * Details of a duplicate (spec 2 §8), in the envelope's data. For a caller under the child
 * data gate a match on a child names nobody: data, team_id and team_name are null.
 */
export const duplicateDetailsSchema = z.object({
  field: z.enum(['email', 'phone', 'gender']),
  /** Only what the message needs: the found contact's id and name. */
  data: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  /**
   * With user_exists_in_other_team: the proof, valid for 30 minutes, that this caller was
   * shown this contact, which add-existing-user needs for another team's contact.
   */
  match_token: z.string().optional(),
})
export type DuplicateDetails = z.infer<typeof duplicateDetailsSchema>
