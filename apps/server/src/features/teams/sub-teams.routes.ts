import type { FastifyInstance } from 'fastify'
import { subTeamCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { listSubTeams, removeSubTeam } from './sub-teams.service'

// A conference's sub-teams (spec 3 §6: update_team, conference only; another team → 403).
const conferenceAdmin = teamAccess('update_team', { conferenceOnly: true })

export async function subTeamRoutes(app: FastifyInstance) {
  addRoute(app, calls.manageTeams, conferenceAdmin, ({ deps, viewer, scope, input }) => listSubTeams(deps, viewer, scope, input))
  addRoute(app, calls.manageTeamsDelete, conferenceAdmin, ({ deps, viewer, scope, input }) => removeSubTeam(deps, viewer, scope, input.sub_team_id))
  addRoute(app, calls.removeSubTeam, conferenceAdmin, ({ deps, viewer, scope, input }) => removeSubTeam(deps, viewer, scope, input.sub_team_id))
}
