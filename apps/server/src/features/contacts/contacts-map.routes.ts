import type { FastifyInstance } from 'fastify'
import { contactMapCalls } from '@crm/domain'
import { addRoute, groupAccess } from '../../platform/route'
import { listContactsForMap } from './contacts-map.service'

// contacts-for-map (spec 1 §2.9, §7): the group's capability read_contact, as GET contacts.
export async function contactMapRoutes(app: FastifyInstance) {
  addRoute(app, contactMapCalls.contactsForMap, groupAccess('read_contact'), ({ deps, viewer, scope, input }) => listContactsForMap(deps, viewer, scope, input))
}
