import type { FastifyInstance } from 'fastify'
import { contactCalls as calls } from '@crm/domain'
import { addRoute, contactAccess, groupAccess, teamAccess, type RouteAlternative } from '../../platform/route'
import { addContactAssignment, deleteContactAssignment, listContactAssignments } from './assignments.service'
import { addContactFromParentTeam, addExistingContact, createContact } from './create.service'
import { listContactGroups, setContactInGroup } from './groups.service'
import { decideApprovalRequest, relinquishContact, takeOwnership } from './ownership.service'
import { removeContact, setContactArchived } from './status.service'
import { updateContact } from './update.service'

export interface ContactWriteOptions {
  /** The other calls on update-user's path (the team-user edit), joined in by app.ts. */
  updateUserAlternatives: readonly RouteAlternative[]
}

// Adding, editing, ownership, groups, assignments and status of contacts (spec 2 §4, §7).
export async function contactWriteRoutes(app: FastifyInstance, options: ContactWriteOptions) {
  addRoute(app, calls.createUser, groupAccess('create_contact'), ({ deps, viewer, scope, input }) => createContact(deps, viewer, scope, input))
  // Without update_contact the team asks the owner for the contact (spec 2 §4, §6).
  addRoute(app, calls.addExistingUser, groupAccess('read_assigned_contact'), ({ deps, viewer, scope, input }) => addExistingContact(deps, viewer, scope, input))
  addRoute(app, calls.addUserFromParentTeam, groupAccess('create_contact'), ({ deps, viewer, scope, input }) =>
    addContactFromParentTeam(deps, viewer, scope, input),
  )
  // The path is shared with the team-user edit (issue 15): a body with a team user's fields goes there.
  addRoute(app, calls.updateUser, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) => updateContact(deps, viewer, scope, input), {
    alternatives: options.updateUserAlternatives,
  })

  addRoute(app, calls.archiveUser, contactAccess('delete_contact'), ({ deps, viewer, scope }) => setContactArchived(deps, viewer, scope, true))
  addRoute(app, calls.unarchiveUser, contactAccess('delete_contact'), ({ deps, viewer, scope }) => setContactArchived(deps, viewer, scope, false))

  addRoute(app, calls.takeOwnership, contactAccess('update_contact'), ({ deps, viewer, scope, input }) => takeOwnership(deps, viewer, scope, input.the_user_id))
  addRoute(app, calls.relinquish, contactAccess(undefined, { assignedOnly: true }), ({ deps, viewer, scope }) => relinquishContact(deps, viewer, scope))
  addRoute(app, calls.acceptOwnershipApprovalRequest, contactAccess('update_contact'), ({ deps, viewer, scope, input }) =>
    decideApprovalRequest(deps, viewer, scope, input.requesting_team_id, 'accept'),
  )
  addRoute(app, calls.rejectOwnershipApprovalRequest, contactAccess('update_contact'), ({ deps, viewer, scope, input }) =>
    decideApprovalRequest(deps, viewer, scope, input.requesting_team_id, 'reject'),
  )

  addRoute(app, calls.contactGroups, contactAccess('read_user_groups'), ({ deps, viewer, scope, input }) => listContactGroups(deps, viewer, scope, input))
  // group_id names the target group here: set_user_public_group is checked in that group,
  // whose role governs its membership (issue 8 item 2).
  addRoute(app, calls.addUserToGroup, teamAccess(), ({ deps, viewer, scope, input }) => setContactInGroup(deps, viewer, scope, input, true))
  addRoute(app, calls.removeUserFromGroup, teamAccess(), ({ deps, viewer, scope, input }) => setContactInGroup(deps, viewer, scope, input, false))

  addRoute(app, calls.contactAssignments, contactAccess('read_user_assignment'), ({ deps, viewer, scope, input }) =>
    listContactAssignments(deps, viewer, scope, input),
  )
  addRoute(app, calls.addContactAssignment, contactAccess(), ({ deps, viewer, scope, input }) => addContactAssignment(deps, viewer, scope, input))
  addRoute(app, calls.deleteContactAssignment, contactAccess(), ({ deps, viewer, scope, input }) => deleteContactAssignment(deps, viewer, scope, input.id))

  // Last: the removal takes the contact out of the team.
  addRoute(app, calls.removeContactFromTeam, contactAccess('delete_contact'), ({ deps, viewer, scope }) => removeContact(deps, viewer, scope))
}
