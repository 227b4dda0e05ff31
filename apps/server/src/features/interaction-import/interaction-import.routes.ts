import type { FastifyInstance } from 'fastify'
import { interactionImportCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import { importContactInteractions } from './interaction-import.service'

// Interaction import (spec 2 §6 import_interaction, §7 import-contact-interactions): the
// contact as add-contact-interaction reaches it; the service adds import_interaction in the group.
export async function interactionImportRoutes(app: FastifyInstance) {
  addRoute(app, calls.importContactInteractions, contactAccess('create_interaction'), ({ deps, viewer, scope, input }) =>
    importContactInteractions(deps, viewer, scope, input),
  )
}
