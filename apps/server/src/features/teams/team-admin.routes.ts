import type { FastifyInstance } from 'fastify'
import { teamAdminCalls } from '@crm/domain'
import { addRoute, groupAccess, teamAccess } from '../../platform/route'
import { addSubTeam, leaveTeam, removeGroup, updateGroup, updateTeam } from './team-admin.service'
import { manageTeam } from './team-detail.service'

/** The team and group pages (spec 3 §2.4): view, edit, remove a group, leave, add a sub-team. */
export async function teamAdminRoutes(app: FastifyInstance) {
  addRoute(app, teamAdminCalls.manageTeam, teamAccess(), ({ deps, viewer, scope, params, input }) =>
    manageTeam(deps, viewer, scope, params.id, input.with_users === true),
  )

  addRoute(app, teamAdminCalls.updateTeam, teamAccess('update_team'), ({ deps, viewer, scope, input }) => updateTeam(deps, viewer, scope, input))

  addRoute(app, teamAdminCalls.updateGroup, groupAccess(), ({ deps, viewer, scope, input }) => updateGroup(deps, viewer, scope, input))

  addRoute(app, teamAdminCalls.removeGroup, groupAccess(), ({ deps, viewer, scope }) => removeGroup(deps, viewer, scope))

  addRoute(app, teamAdminCalls.leaveTeam, teamAccess(), ({ deps, viewer, scope, input }) => leaveTeam(deps, viewer, scope, input.group_id))

  const conferenceAdmin = teamAccess('update_team', { conferenceOnly: true })
  addRoute(app, teamAdminCalls.manageTeamsAdd, conferenceAdmin, ({ deps, viewer, scope, input }) => addSubTeam(deps, viewer, scope, input))
  addRoute(app, teamAdminCalls.addSubTeam, conferenceAdmin, ({ deps, viewer, scope, input }) => addSubTeam(deps, viewer, scope, input))
}
