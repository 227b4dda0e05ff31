import type { FastifyInstance } from 'fastify'
import { contactImportCalls as calls } from '@crm/domain'
import { addRoute, groupAccess } from '../../platform/route'
import { importContacts } from './contact-import.service'

// Contact import (spec 2 §6 import_contact, §7 import-users): into the selected group.
export async function contactImportRoutes(app: FastifyInstance) {
  addRoute(app, calls.importUsers, groupAccess('import_contact'), ({ deps, viewer, scope, input }) => importContacts(deps, viewer, scope, input))
}
