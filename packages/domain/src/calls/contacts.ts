import { z } from 'zod'
import { flag, id, listResponse, pagingQuerySchema, suggestionSchema, text } from '../rules/wire'
import {
  assignmentItemSchema,
  childGateSchema,
  contactGroupItemSchema,
  contactItemResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  teamGroupFields as scope,
  transferContactListQuerySchema,
} from './contact-shapes'
import { contactFieldsSchema } from './contact-fields'
import { defineCall } from './define'

// The contact calls of spec 2 §7 (lists, the item, writes, ownership, groups, assignments);
// the shapes they carry are in contact-shapes.ts and contact-fields.ts.

const contactIdParams = z.object({ id })
const tabQuery = pagingQuerySchema.extend(scope)

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })
const done = z.object({ success: z.literal(true), success_message: z.string().optional() })
/**
 * The fields sent but not kept because no consent is on record (spec 2 §4.2 "With no consent,
 * only name and gender can be saved"; issue 13 item 4: the server drops them and says so).
 */
const notKept = { fields_not_kept: z.array(z.string()).optional() }
/**
 * A contact search hit (spec 1 §3 "Contact search hits"): a suggestion (id, title) that also
 * names the contact as user_id and user_name, as the also-present search reads them.
 */
export const contactSearchHitSchema = suggestionSchema.extend({ user_id: id, user_name: z.string() })
export type ContactSearchHit = z.infer<typeof contactSearchHitSchema>

export const contactCalls = {
  contacts: defineCall({
    method: 'GET',
    path: '/contacts',
    request: contactListQuerySchema,
    response: contactListResponseSchema,
    summary: 'All contacts of the team (primary group) or of the group',
  }),
  assignedContacts: defineCall({
    method: 'GET',
    path: '/assigned-contacts',
    request: contactListQuerySchema,
    response: contactListResponseSchema,
    summary: 'Contacts assigned to the caller in the group',
  }),
  assignedContactsForTransfer: defineCall({
    method: 'GET',
    path: '/assigned-contacts',
    request: transferContactListQuerySchema,
    response: contactListResponseSchema,
    summary: "With transfer_team_id and no team_id: the caller's assigned contacts in the from-church of their upcoming transfer",
  }),
  archivedContacts: defineCall({
    method: 'GET',
    path: '/archived-contacts',
    request: contactListQuerySchema,
    response: contactListResponseSchema,
    summary: 'Archived contacts of the team or group',
  }),
  contact: defineCall({
    method: 'GET',
    path: '/contact/:id',
    params: contactIdParams,
    request: z.object({ ...scope, locale: text(10).optional() }),
    response: contactItemResponseSchema,
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
    response: z.object({ items: z.array(contactSearchHitSchema) }),
    summary: 'Contacts of the team whose name matches',
  }),
  createUser: defineCall({
    method: 'POST',
    path: '/create-user',
    request: contactFieldsSchema.extend({
      ...scope,
      /** Create a new contact even though one in another team matches. */
      disregard_existing: flag.optional(),
    }),
    response: created.extend(notKept),
    summary: 'Add a contact; answers user_exists_in_this_team / user_exists_in_other_team on a match',
  }),
  addUserFromParentTeam: defineCall({
    method: 'POST',
    path: '/add-user-from-parent-team',
    request: contactFieldsSchema.partial().extend({ ...scope, user_id: id, match_token: z.string().max(512).optional() }),
    response: created,
    summary: 'Bring a contact of the conference into one of its churches',
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
    request: contactFieldsSchema.partial().extend({ ...scope, user_id: id }),
    response: done.extend(notKept),
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
    response: listResponse(contactGroupItemSchema),
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
    response: listResponse(assignmentItemSchema),
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
