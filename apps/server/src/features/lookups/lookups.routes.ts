import type { FastifyInstance } from 'fastify'
import { lookupCalls, publicLookupLists, suggestionCalls } from '@crm/domain'
import { addRoute, teamAccess, type Access } from '../../platform/route'
import { listLookup, suggestEntityTeamOwners, suggestEntityTeams, suggestTeamUsers } from './lookups.service'

// Sign-up lists the conferences before anyone is signed in; every other list needs a session.
const publicLists = new Set<string>(publicLookupLists)
const lookupAccess: Access = {
  kind: 'signed_in',
  allowAnonymous: (request) => publicLists.has((request.params as { list?: string }).list ?? ''),
}

export async function lookupRoutes(app: FastifyInstance) {
  addRoute(app, lookupCalls.lookups, lookupAccess, async ({ deps, params, input, viewer }) => ({
    items: await listLookup(deps, params.list, {
      ...(input.parent ? { parent: input.parent } : {}),
      locale: input.locale ?? viewer?.locale ?? 'en',
    }),
  }))

  addRoute(app, suggestionCalls.teamUsers, teamAccess('read_dcrm_team_users_names'), async ({ deps, scope, input }) => ({
    items: await suggestTeamUsers(deps, scope.team.id, input.search),
  }))

  addRoute(app, suggestionCalls.entityTeams, teamAccess('read_dcrm_team_users', { conferenceOnly: true }), async ({ deps, scope, input }) => ({
    items: await suggestEntityTeams(deps, scope.team.id, input.search),
  }))

  addRoute(
    app,
    suggestionCalls.entityTeamOwners,
    teamAccess('read_dcrm_team_users', { conferenceOnly: true, teamField: 'conference_team_id' }),
    async ({ deps, scope, input }) => ({
      items: await suggestEntityTeamOwners(deps, scope.team.id, input.team_id, input.search),
    }),
  )
}
