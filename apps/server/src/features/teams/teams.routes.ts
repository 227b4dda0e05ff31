import type { FastifyInstance } from 'fastify'
import { inviteCalls, teamCalls } from '@crm/domain'
import type { Deps } from '../../platform/deps'
import { addRoute, publicAccess, signedIn, teamAccess, type RouteOptions } from '../../platform/route'
import { activateInvite, checkInviteKey } from './invites.service'
import { addGroup, listInvites, pendingItems } from './teams.service'

const perAddress: RouteOptions = { rateLimit: { max: (deps: Deps) => deps.config.loginRateLimit } }

export async function teamRoutes(app: FastifyInstance) {
  addRoute(app, teamCalls.addGroup, teamAccess(), ({ deps, viewer, scope, input }) => addGroup(deps, viewer, scope, input))

  addRoute(app, teamCalls.invites, signedIn, ({ deps, viewer }) => listInvites(deps, viewer))

  addRoute(app, teamCalls.pendingItems, teamAccess(), ({ deps, viewer, scope }) => pendingItems(deps, viewer, scope))

  addRoute(app, inviteCalls.checkInviteKey, publicAccess, ({ deps, input }) => checkInviteKey(deps, input.key), perAddress)

  addRoute(app, inviteCalls.activateInvite, publicAccess, ({ deps, input, request }) => activateInvite(deps, input, request.headers['user-agent']), perAddress)
}
