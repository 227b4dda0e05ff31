import type { FastifyInstance } from 'fastify'
import { contactEventCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import { addContactEvent, deleteContactEvent, listContactEvents, updateContactEvent } from './contact-events.service'

// A contact's decisions and events (spec 2 §6, §7.1, §7.4): read_user_event reads them,
// update_user_event adds and edits them, delete_user_event deletes them.
export async function contactEventRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactEvents, contactAccess('read_user_event'), ({ deps, viewer, scope, input }) => listContactEvents(deps, viewer, scope, input))
  addRoute(app, calls.addContactEvent, contactAccess('update_user_event'), ({ deps, viewer, scope, input }) => addContactEvent(deps, viewer, scope, input))
  addRoute(app, calls.updateContactEvent, contactAccess('update_user_event'), ({ deps, viewer, scope, input }) =>
    updateContactEvent(deps, viewer, scope, input),
  )
  addRoute(app, calls.deleteContactEvent, contactAccess('delete_user_event'), ({ deps, viewer, scope, input }) =>
    deleteContactEvent(deps, viewer, scope, input.id),
  )
}
