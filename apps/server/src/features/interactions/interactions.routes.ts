import type { FastifyInstance } from 'fastify'
import { interactionCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import { addContactInteraction, deleteContactInteraction, updateContactInteraction } from './interactions.service'
import { getInteractionStudies, listContactInteractions } from './list.service'

// A contact's interactions (spec 2 §7.1, §7.4). Who may edit or delete one is the §6 rule,
// decided per interaction in the service.
export async function interactionRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactInteractions, contactAccess('read_own_interaction'), ({ deps, viewer, scope, input }) =>
    listContactInteractions(deps, viewer, scope, input),
  )
  addRoute(app, calls.contactInteractionsStudies, contactAccess('read_own_interaction'), ({ deps, viewer, scope }) =>
    getInteractionStudies(deps, viewer, scope),
  )
  addRoute(app, calls.addContactInteraction, contactAccess('create_interaction'), ({ deps, viewer, scope, input }) =>
    addContactInteraction(deps, viewer, scope, input),
  )
  addRoute(app, calls.updateContactInteraction, contactAccess(), ({ deps, viewer, scope, input }) => updateContactInteraction(deps, viewer, scope, input))
  addRoute(app, calls.deleteContactInteraction, contactAccess(), ({ deps, viewer, scope, input }) => deleteContactInteraction(deps, viewer, scope, input.id))
}
