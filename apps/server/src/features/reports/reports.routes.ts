import type { FastifyInstance } from 'fastify'
import { reportCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { readReportsSummary } from './reports.service'

// Reports (spec 3 §2.3, §6 read_own_report, §7 Reports): leaders and up of the path's team; a
// member gets 403, another team's id 404.
export async function reportRoutes(app: FastifyInstance) {
  addRoute(app, calls.reportsSummary, teamAccess('read_own_report', { teamField: 'teamId' }), ({ deps, scope, input }) =>
    readReportsSummary(deps, scope, input),
  )
}
