import type { FastifyInstance } from 'fastify'
import { dashboardCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { listUpcomingInteractions, listUpcomingTransfers } from './dashboard.service'

// The dashboard's upcoming interactions and transfers (spec 1 §2.8, §7). Any member of the
// team reads their own interactions; transfers are the conference's (a church gets 403).
export async function dashboardRoutes(app: FastifyInstance) {
  addRoute(app, calls.upcomingInteractions, teamAccess(), ({ deps, viewer, scope }) => listUpcomingInteractions(deps, viewer, scope))
  addRoute(app, calls.upcomingTransfers, teamAccess(undefined, { conferenceOnly: true }), ({ deps, viewer, scope }) =>
    listUpcomingTransfers(deps, viewer, scope),
  )
}
