import type { FastifyInstance } from 'fastify'
import { teamAdminCalls as calls } from '@crm/domain'
import { addRoute, alternative, groupAccess, hasAnyField, teamAccess, type RouteAlternative } from '../../platform/route'
import { placeOfGroup, placeOfSubTeam, placeOfTeam, removeTeamUser, retireUser, updateTeamUser } from './team-users.service'
import { deleteInvite, sendInvite } from './team-invites.service'
import { importTeamUsers } from './user-import.service'

const manageUsers = teamAccess('update_dcrm_team_user')
/** A group's users: the group's role decides (its owner, or the team's owner in a public group). */
const manageGroupUsers = groupAccess('update_dcrm_team_user')
/** A group other than the primary one: the primary group (id = team id) is the team itself. */
const inGroup = (payload: Record<string, unknown>) => hasAnyField('group_id')(payload) && String(payload.group_id) !== String(payload.team_id)
const inSubTeam = hasAnyField('conference_team_id', 'sub_team_id')
const teamUserFields = hasAnyField('role', 'has_wwcc', 'has_adsafe', 'hidden_in_contacts', 'conference_team_id', 'sub_team_id')

/**
 * update-user shares its path with the contact edit (spec 2 and 3 both name it): a body with
 * a team user's fields is a team-user edit; contact-writes.routes.ts registers the route with
 * these, handed to it by app.ts.
 */
export const teamUserUpdateAlternatives: readonly RouteAlternative[] = [
  alternative(calls.updateTeamUser, manageUsers, inSubTeam, async ({ deps, viewer, scope, input }) =>
    updateTeamUser(deps, viewer, await placeOfSubTeam(deps.db, scope, input), input),
  ),
  alternative(
    calls.updateTeamUser,
    manageGroupUsers,
    (payload) => teamUserFields(payload) && inGroup(payload),
    ({ deps, viewer, scope, input }) => updateTeamUser(deps, viewer, placeOfGroup(scope), input),
  ),
  alternative(calls.updateTeamUser, manageUsers, teamUserFields, ({ deps, viewer, scope, input }) => updateTeamUser(deps, viewer, placeOfTeam(scope), input)),
]

// Team users and invites: the writes (spec 3 §2.4 Team users, §5, §7).
export async function teamUserRoutes(app: FastifyInstance) {
  addRoute(app, calls.sendInvite, manageUsers, ({ deps, viewer, scope, input }) => sendInvite(deps, viewer, placeOfTeam(scope), input), {
    alternatives: [
      alternative(calls.sendInvite, manageGroupUsers, inGroup, ({ deps, viewer, scope, input }) => sendInvite(deps, viewer, placeOfGroup(scope), input)),
    ],
  })

  addRoute(app, calls.sendInviteConferenceSubTeam, teamAccess('update_dcrm_team_user', { conferenceOnly: true }), async ({ deps, viewer, scope, input }) =>
    // In a conference the invite is always for a new owner (spec 3 §5).
    sendInvite(deps, viewer, await placeOfSubTeam(deps.db, scope, input), { ...input, role: 'owner' }),
  )

  addRoute(app, calls.deleteInvite, manageUsers, ({ deps, viewer, scope, input }) => deleteInvite(deps, viewer, placeOfTeam(scope), input.invite_id), {
    alternatives: [
      alternative(calls.deleteInvite, manageUsers, hasAnyField('sub_team_id'), async ({ deps, viewer, scope, input }) =>
        deleteInvite(
          deps,
          viewer,
          await placeOfSubTeam(deps.db, scope, { conference_team_id: scope.team.id, sub_team_id: input.sub_team_id }),
          input.invite_id,
        ),
      ),
      alternative(calls.deleteInvite, manageGroupUsers, inGroup, ({ deps, viewer, scope, input }) =>
        deleteInvite(deps, viewer, placeOfGroup(scope), input.invite_id),
      ),
    ],
  })

  addRoute(app, calls.removeUserFromTeam, manageUsers, ({ deps, viewer, scope, input }) => removeTeamUser(deps, viewer, placeOfTeam(scope), input.user_id), {
    alternatives: [
      alternative(calls.removeUserFromTeam, manageUsers, inSubTeam, async ({ deps, viewer, scope, input }) =>
        removeTeamUser(deps, viewer, await placeOfSubTeam(deps.db, scope, input), input.user_id),
      ),
      alternative(calls.removeUserFromTeam, manageGroupUsers, inGroup, ({ deps, viewer, scope, input }) =>
        removeTeamUser(deps, viewer, placeOfGroup(scope), input.user_id),
      ),
    ],
  })

  addRoute(app, calls.retireUser, teamAccess('retire_user', { conferenceOnly: true, teamField: 'conference_team_id' }), ({ deps, viewer, scope, input }) =>
    retireUser(deps, viewer, scope, input),
  )

  addRoute(app, calls.importTeamUsers, manageUsers, ({ deps, viewer, scope, input }) => importTeamUsers(deps, viewer, placeOfTeam(scope), input))
}
