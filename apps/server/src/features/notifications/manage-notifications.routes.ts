import type { FastifyInstance } from 'fastify'
import { notificationCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { addNotification, deleteNotification, listManagedNotifications, updateNotification } from './manage-notifications.service'

// Notification management: manage-, add-, update-, delete-notification (spec 3 §2.7, §7 Notifications).
// create_notification on a conference (spec 3 §6): a church answers 403, another conference 404.
const listAccess = teamAccess('create_notification', { conferenceOnly: true })
const writeAccess = teamAccess('create_notification', { conferenceOnly: true, teamField: 'requesting_team_id' })

export async function manageNotificationRoutes(app: FastifyInstance) {
  addRoute(app, calls.manageNotifications, listAccess, ({ deps, viewer, scope, input }) => listManagedNotifications(deps, viewer, scope, input))
  addRoute(app, calls.addNotification, writeAccess, ({ deps, viewer, scope, input }) => addNotification(deps, viewer, scope, input))
  addRoute(app, calls.updateNotification, writeAccess, ({ deps, viewer, scope, input }) => updateNotification(deps, viewer, scope, input))
  addRoute(app, calls.deleteNotification, writeAccess, ({ deps, viewer, scope, input }) => deleteNotification(deps, viewer, scope, input.id))
}
