import type { FastifyInstance } from 'fastify'
import { contactImportCalls as calls, contactImportHistoryCalls as historyCalls, contactImportMappingCalls as mappingCalls } from '@crm/domain'
import { addRoute, groupAccess } from '../../platform/route'
import { importContacts } from './contact-import.service'
import { listContactImports, undoContactImport } from './contact-imports.service'
import { listImportMappings, saveImportMapping } from './import-mappings.service'

/** A chunk of 500 rows with notes and prayer requests of 2,000 characters is larger than the app's 2 MB body limit. */
const contactImportBodyLimit = 8 * 1024 * 1024

// Contact import (spec 2 §6 import_contact, §7 import-users): into the selected group.
export async function contactImportRoutes(app: FastifyInstance) {
  // This plugin's routes only (Fastify encapsulation): the import takes a large body.
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith(calls.importUsers.path)) route.bodyLimit = contactImportBodyLimit
  })
  addRoute(app, calls.importUsers, groupAccess('import_contact'), ({ deps, viewer, scope, input }) => importContacts(deps, viewer, scope, input))
  // The team's column matches for its next file (issue 41 item 1): whoever may import.
  addRoute(app, mappingCalls.contactImportMappings, groupAccess('import_contact'), ({ deps, scope }) => listImportMappings(deps, scope))
  addRoute(app, mappingCalls.saveContactImportMapping, groupAccess('import_contact'), ({ deps, viewer, scope, input }) =>
    saveImportMapping(deps, viewer, scope, input),
  )
  // The group's imports and their undo within 30 days (issue 41 item 3): whoever may import there.
  addRoute(app, historyCalls.contactImports, groupAccess('import_contact'), ({ deps, viewer, scope }) => listContactImports(deps, viewer, scope))
  addRoute(app, historyCalls.undoContactImport, groupAccess('import_contact'), ({ deps, viewer, scope, input }) =>
    undoContactImport(deps, viewer, scope, input),
  )
}
