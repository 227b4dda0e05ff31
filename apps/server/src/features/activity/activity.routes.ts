import type { FastifyInstance } from 'fastify'
import { activityLogCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import { listContactActivity } from './activity.service'

// activity-log-for-{type}/{id}: the contact's (the only record type with a log tab so far).
export async function activityRoutes(app: FastifyInstance) {
  addRoute(app, calls.activityLog, contactAccess('read_own_activity_log'), ({ deps, viewer, scope, input }) =>
    listContactActivity(deps, viewer, scope, input),
  )
}
