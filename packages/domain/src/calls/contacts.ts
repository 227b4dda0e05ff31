import { z } from 'zod'
import { ageBands, interactionFilters } from '../constants'
import { capabilityMapSchema } from './account'
import { defineCall } from './define'
import { email as emailField } from '../rules/email'
import { flag, id, listResponse, pagingQuery, personName, requiredPersonName, suggestion, text } from '../rules/wire'
import {
  consentChoices,
  consentTypes,
  genders,
  growPhases,
  maritalStatuses,
  parentCarerRelationships,
  socialLink,
  socialNetworks,
} from '../rules/contacts'
import { assignedRoles, teamRoles } from '../capabilities'
import { contactOrderBy } from '../rules/contact-lists'

/** Every contact call works in a team and one of its groups (spec 2 §7). */
const scope = { team_id: id, group_id: id }

// ---------------------------------------------------------------------------------------
// Lists: GET contacts, assigned-contacts, archived-contacts (spec 2 §7, §9)

export const contactListQuery = pagingQuery.extend({
  ...scope,
  order_by: z.enum(contactOrderBy).optional(),
  /** Age band (spec 2 §9). */
  age: z.enum(ageBands).optional(),
  /** missed (Overdue), none, 1, 3 or 6 months since the last interaction, unvisited. */
  interaction: z.enum(interactionFilters).optional(),
  member_status: text(60).optional(),
  grow_phase: z.enum(growPhases).optional(),
  source: text(60).optional(),
  gender: z.enum(genders).optional(),
})
export type ContactListQuery = z.input<typeof contactListQuery>

export const contactListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(genders).nullable(),
  /** Month and year of birth, "YYYY-MM" ("YYYY" with only a year), spec 2 §3. */
  dob: z.string().nullable(),
  age: z.number().int().nullable(),
  is_child: z.boolean(),
  /** A child's details withheld by the child data gate: only the name is sent. */
  is_restricted: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  member_status: z.string().nullable(),
  member_status_display: z.string().nullable(),
  grow_phase: z.enum(growPhases).nullable(),
  grow_phase_display: z.string().nullable(),
  source_display: z.string().nullable(),
  status: z.enum(['active', 'archive']),
  is_assigned: z.boolean(),
  is_awaiting_approval: z.boolean(),
  has_incomplete_interaction: z.boolean(),
  last_interaction_days_ago: z.number().int().nullable(),
  created_display: z.string(),
  archived_display: z.string().nullable(),
})
export type ContactListItem = z.infer<typeof contactListItem>

export const contactListResponse = listResponse(contactListItem)

// ---------------------------------------------------------------------------------------
// The contact item: GET contact/{id} (spec 2 §3)

const socialSchema = z.object(Object.fromEntries(socialNetworks.map((network) => [network, z.string().nullable()])) as Record<
  (typeof socialNetworks)[number],
  z.ZodNullable<z.ZodString>
>)

export const addressView = {
  address_place_id: z.string().nullable(),
  address_formatted: z.string().nullable(),
  /** The address over several lines. */
  address_formatted_break: z.string().nullable(),
  address_manual_input: z.boolean(),
  address_street: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_postcode: z.string().nullable(),
  address_country: z.string().nullable(),
  address_lat: z.number().nullable(),
  address_lng: z.number().nullable(),
  address_directions_link: z.string().nullable(),
}

export const interactionSummary = z.object({
  date_display: z.string(),
  type_display: z.string(),
  bible_study: z.string().nullable(),
  bible_study_display: z.string().nullable(),
  content: z.string().nullable(),
})

/** What a reader sees of a contact. */
export const contactView = z.object({
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
  next_future_incomplete_interaction: interactionSummary.nullable(),
  last_interaction: z.object({ days_ago: z.number().int(), hours_ago: z.number().int() }).nullable(),
  created_display: z.string(),
})
export type ContactView = z.infer<typeof contactView>

/** The least of a contact: what an awaiting or gated reader may see. */
export const contactViewSimple = contactView.pick({ id: true, name: true, first_name: true, last_name: true, gender: true, avatar: true, is_child: true })

/** The fields a writer may send (spec 2 §3); every one optional on update. */
export const contactFields = z.object({
  first_name: requiredPersonName(100),
  last_name: personName(100).optional(),
  gender: z.enum(genders).nullable().optional(),
  dob_month: z.coerce.number().int().min(1).max(12).nullable().optional(),
  dob_year: z.coerce.number().int().min(1900).max(2100).nullable().optional(),
  age: z.coerce.number().int().min(0).max(130).nullable().optional(),
  email: emailField.nullable().optional().or(z.literal('').transform(() => null)),
  phone: text(40).nullable().optional(),
  /** The country the phone is read in when it has no prefix (AU by default). */
  phone_country: z.string().length(2).optional(),
  religion: text(60).nullable().optional(),
  religion_other: text(120).nullable().optional(),
  marital_status: z.enum(maritalStatuses).nullable().optional().or(z.literal('').transform(() => null)),
  /** Required once consent is on record; without consent it is not kept (spec 2 §4, §5). */
  member_status: text(60).optional(),
  source: text(60).nullable().optional(),
  source_other: text(120).nullable().optional(),
  grow_phase: z.enum(growPhases).nullable().optional().or(z.literal('').transform(() => null)),
  /** http(s) links on each network's own sites (socialLink). */
  social: z
    .object(Object.fromEntries(socialNetworks.map((network) => [network, socialLink(network).nullable().optional().or(z.literal('').transform(() => null))])))
    .partial()
    .optional(),
  address_place_id: text(300).nullable().optional(),
  address_formatted: text(300).nullable().optional(),
  address_manual_input: flag.optional(),
  address_street: text(200).nullable().optional(),
  address_city: text(100).nullable().optional(),
  address_state: text(100).nullable().optional(),
  address_postcode: text(20).nullable().optional(),
  address_country: text(2).nullable().optional(),
  address_lat: z.coerce.number().min(-90).max(90).nullable().optional(),
  address_lng: z.coerce.number().min(-180).max(180).nullable().optional(),
  is_visitor: flag.optional(),
  expect_follow_up: flag.optional(),
  expect_follow_up_completed: flag.optional(),
  expect_bible_study: flag.optional(),
  expect_bible_study_completed: flag.optional(),
  expect_baptism: flag.optional(),
  expect_baptism_completed: flag.optional(),
  parent_carer_first_name: personName(100).nullable().optional(),
  parent_carer_last_name: personName(100).nullable().optional(),
  parent_carer_relationship: z.enum(parentCarerRelationships).nullable().optional().or(z.literal('').transform(() => null)),
  parent_carer_email: emailField.nullable().optional().or(z.literal('').transform(() => null)),
  parent_carer_phone: text(40).nullable().optional(),
  /** How consent was given (spec 2 §2); 'none' keeps only the name and gender. */
  consent_type: z.enum(consentChoices).optional(),
  consent_date: z.iso.date().nullable().optional(),
  consent_content: text(5000).nullable().optional(),
  /** Verbal consent: 'I understand and confirm that other options are unavailable'. */
  consent_verbal_confirmed: flag.optional(),
})
export type ContactFields = z.input<typeof contactFields>

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
export const contactAuth = z.object({
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

export const contactItemResponse = z.object({
  /** Null while the current team awaits approval, or a child's details are withheld. */
  data_view: contactView.nullable(),
  data_view_simple: contactViewSimple,
  data_edit: contactView.nullable(),
  ownership: ownershipSchema,
  expect: z.object({
    follow_up: z.boolean(),
    follow_up_completed: z.boolean(),
    bible_study: z.boolean(),
    bible_study_completed: z.boolean(),
    baptism: z.boolean(),
    baptism_completed: z.boolean(),
  }),
  auth: contactAuth,
  /** Set when the child data gate withheld the details. */
  child_gate: childGateSchema.nullable(),
  parental_consent_for_current_user: z.unknown().nullable(),
  most_recent_consent: z
    .object({ type: z.enum(consentTypes), date: z.string().nullable(), content: z.string().nullable(), by_name: z.string().nullable() })
    .nullable(),
})
export type ContactItem = z.infer<typeof contactItemResponse>

// ---------------------------------------------------------------------------------------
// Tabs of this issue: groups and assignments

export const contactGroupItem = z.object({
  id: z.number().int(),
  title: z.string(),
  is_public: z.boolean(),
  is_active: z.boolean(),
  user_capabilities: capabilityMapSchema,
})

export const assignmentItem = z.object({
  id: z.number().int(),
  to_user_id: z.number().int(),
  by_user_name: z.string(),
  created_display: z.string(),
  to_user_name: z.string(),
  to_user_email: z.string().nullable(),
})

const contactIdParams = z.object({ id })
const tabQuery = pagingQuery.extend(scope)

/**
 * Details of a duplicate (spec 2 §8), in the envelope's data. For a caller under the child
 * data gate a match on a child names nobody: data, team_id and team_name are null.
 */
export const duplicateDetails = z.object({
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
export type DuplicateDetails = z.infer<typeof duplicateDetails>

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })
const done = z.object({ success: z.literal(true), success_message: z.string().optional() })

export const contactCalls = {
  contacts: defineCall({
    method: 'GET',
    path: '/contacts',
    request: contactListQuery,
    response: contactListResponse,
    summary: 'All contacts of the team (primary group) or of the group',
  }),
  assignedContacts: defineCall({
    method: 'GET',
    path: '/assigned-contacts',
    request: contactListQuery,
    response: contactListResponse,
    summary: 'Contacts assigned to the caller in the group',
  }),
  archivedContacts: defineCall({
    method: 'GET',
    path: '/archived-contacts',
    request: contactListQuery,
    response: contactListResponse,
    summary: 'Archived contacts of the team or group',
  }),
  contact: defineCall({
    method: 'GET',
    path: '/contact/:id',
    params: contactIdParams,
    request: z.object({ ...scope, locale: text(10).optional() }),
    response: contactItemResponse,
    summary: 'One contact, with ownership and what the caller may do',
  }),
  contactAccessForNew: defineCall({
    method: 'GET',
    path: '/contact-access-for-new',
    request: z.object(scope),
    response: z.object({
      can_create: z.boolean(),
      fields: z.array(z.string()),
      /** Adding a child needs both checks (unless exempt by role). */
      child_gate: childGateSchema.nullable(),
      /** The team keeps public notes (the note type choice). */
      public_notes: z.boolean(),
    }),
    summary: 'What the caller may fill in for a new contact',
  }),
  teamContactSuggestions: defineCall({
    method: 'GET',
    path: '/input-suggestions/team-contacts',
    request: z.object({
      search: text(100).default(''),
      team_id: id,
      /** Optional here (spec 1 §7): the team's contacts are offered whichever group asks. */
      group_id: id.optional(),
      /** Leave out contacts already in this group. */
      exclude_group_id: id.optional(),
      /** Leave out this contact. */
      exclude_id: id.optional(),
    }),
    response: z.object({ items: z.array(suggestion) }),
    summary: 'Contacts of the team whose name matches',
  }),
  createUser: defineCall({
    method: 'POST',
    path: '/create-user',
    request: contactFields.extend({
      ...scope,
      /** Create a new contact even though one in another team matches. */
      disregard_existing: flag.optional(),
    }),
    response: created,
    summary: 'Add a contact; answers user_exists_in_this_team / user_exists_in_other_team on a match',
  }),
  addUserFromParentTeam: defineCall({
    method: 'POST',
    path: '/add-user-from-parent-team',
    request: contactFields.partial().extend({ ...scope, user_id: id, match_token: z.string().max(512).optional() }),
    response: created,
    summary: "Bring a contact of the conference into one of its churches",
  }),
  addExistingUser: defineCall({
    method: 'POST',
    path: '/add-existing-user',
    request: z.object({
      ...scope,
      user_id: id,
      /** The duplicate answer's match_token: needed for a contact another team holds. */
      match_token: z.string().max(512).optional(),
    }),
    response: z.object({ id: z.number().int(), is_awaiting_approval: z.boolean(), success_message: z.string().optional() }),
    summary: 'Add an existing contact to the group; another team’s contact needs its approval without update_contact',
  }),
  updateUser: defineCall({
    method: 'POST',
    path: '/update-user',
    request: contactFields.partial().extend({ ...scope, user_id: id }),
    response: done,
    summary: 'Edit a contact',
  }),
  archiveUser: defineCall({
    method: 'POST',
    path: '/archive-user',
    request: z.object({ ...scope, user_id: id }),
    response: done,
    summary: 'Archive a contact in the team',
  }),
  unarchiveUser: defineCall({
    method: 'POST',
    path: '/unarchive-user',
    request: z.object({ ...scope, user_id: id }),
    response: done,
    summary: 'Restore an archived contact',
  }),
  removeContactFromTeam: defineCall({
    method: 'POST',
    path: '/remove-contact-from-team',
    request: z.object({ ...scope, user_id: id }),
    response: done,
    summary: 'Remove a contact from the team (primary group) or from the group',
  }),
  takeOwnership: defineCall({
    method: 'POST',
    path: '/contact/:id/take-ownership',
    params: contactIdParams,
    request: z.object({ ...scope, the_user_id: id.optional() }),
    response: done,
    summary: 'The current team takes ownership of a contact nobody owns',
  }),
  relinquish: defineCall({
    method: 'POST',
    path: '/contact/:id/relinquish',
    params: contactIdParams,
    request: z.object(scope),
    response: done,
    summary: 'Give up one’s own assignment to the contact',
  }),
  acceptOwnershipApprovalRequest: defineCall({
    method: 'POST',
    path: '/contact/:id/accept-ownership-approval-request',
    params: contactIdParams,
    request: z.object({ ...scope, requesting_team_id: id }),
    response: done,
    summary: 'Let another team use a contact this team owns',
  }),
  rejectOwnershipApprovalRequest: defineCall({
    method: 'POST',
    path: '/contact/:id/reject-ownership-approval-request',
    params: contactIdParams,
    request: z.object({ ...scope, requesting_team_id: id }),
    response: done,
    summary: 'Refuse another team’s request to use a contact',
  }),
  contactGroups: defineCall({
    method: 'GET',
    path: '/contact-groups/:id',
    params: contactIdParams,
    request: tabQuery,
    response: listResponse(contactGroupItem),
    summary: 'The groups of the team the contact is in',
  }),
  addUserToGroup: defineCall({
    method: 'POST',
    path: '/add-user-to-group',
    request: z.object({ team_id: id, group_id: id, user_id: id }),
    response: done,
    summary: 'Put a contact into a group of the team',
  }),
  removeUserFromGroup: defineCall({
    method: 'POST',
    path: '/remove-user-from-group',
    request: z.object({ team_id: id, group_id: id, user_id: id }),
    response: done,
    summary: 'Take a contact out of a group',
  }),
  contactAssignments: defineCall({
    method: 'GET',
    path: '/contact-assignments/:id',
    params: contactIdParams,
    request: tabQuery,
    response: listResponse(assignmentItem),
    summary: 'Who follows the contact up',
  }),
  addContactAssignment: defineCall({
    method: 'POST',
    path: '/add-contact-assignment',
    request: z.object({ ...scope, user_id: id, to_self: flag.optional(), to_user_id: id.optional() }),
    response: created,
    summary: 'Assign the contact to oneself or to a team user',
  }),
  deleteContactAssignment: defineCall({
    method: 'POST',
    path: '/delete-contact-assignment',
    request: z.object({ ...scope, user_id: id, id }),
    response: done,
    summary: 'Remove an assignment',
  }),
}
