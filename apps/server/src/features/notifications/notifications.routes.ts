import type { FastifyInstance } from 'fastify'
import { notificationCalls as calls } from '@crm/domain'
import { addRoute, groupAccess, signedIn } from '../../platform/route'
import { listNotifications, markAllNotificationsSeen, markNotificationSeen } from './notifications.service'

// The notifications panel: notifications, seen-notification, seen-all-notifications (spec 1 §2.10, §7).
// The list needs a membership of the selected team and group; marking seen needs a notification
// the caller sees through any of their teams (404 otherwise).
export async function notificationRoutes(app: FastifyInstance) {
  addRoute(app, calls.notifications, groupAccess(), ({ deps, viewer, scope, input }) => listNotifications(deps, viewer, scope, input))
  addRoute(app, calls.seenNotification, signedIn, ({ deps, viewer, params }) => markNotificationSeen(deps, viewer, params.id))
  addRoute(app, calls.seenAllNotifications, signedIn, ({ deps, viewer }) => markAllNotificationsSeen(deps, viewer))
}
