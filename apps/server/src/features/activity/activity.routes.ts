import type { FastifyInstance } from 'fastify'
import { activityLogCalls as calls, recentActivityCalls } from '@crm/domain'
import { addRoute, contactAccess, groupAccess, teamAccess } from '../../platform/route'
import { listContactActivity } from './activity.service'
import { listGroupActivity, listTeamActivity } from './recent-activity.service'

// activity-log-for-{type}/{id}: the contact's (the only record type with a log tab so far);
// the recent activity of a team and of a group (spec 3 §2.4).
export async function activityRoutes(app: FastifyInstance) {
  addRoute(app, calls.activityLog, contactAccess('read_own_activity_log'), ({ deps, viewer, scope, input }) => listContactActivity(deps, viewer, scope, input))
  addRoute(app, recentActivityCalls.teamRecentActivity, teamAccess('read_own_activity_log'), ({ deps, viewer, scope, input }) =>
    listTeamActivity(deps, viewer, scope, input),
  )
  addRoute(app, recentActivityCalls.groupRecentActivity, groupAccess('read_own_activity_log'), ({ deps, viewer, scope, input }) =>
    listGroupActivity(deps, viewer, scope, input),
  )
}
