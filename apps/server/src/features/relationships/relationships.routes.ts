import type { FastifyInstance } from 'fastify'
import { relationshipCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import {
  addContactRelationship,
  confirmInferredRelationship,
  deleteContactRelationship,
  removeInferredRelationship,
  updateContactRelationship,
} from './relationship-writes.service'
import { listContactRelationships } from './relationships.service'

// Relationships are part of the contact's record: reading them takes read_user_relationship,
// changing them the right to edit the contact (spec 2 §6 names no write capability).
export async function relationshipRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactRelationships, contactAccess('read_user_relationship'), ({ deps, viewer, scope, input }) =>
    listContactRelationships(deps, viewer, scope, input),
  )
  addRoute(app, calls.addContactRelationship, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    addContactRelationship(deps, viewer, scope, input),
  )
  addRoute(app, calls.updateContactRelationship, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    updateContactRelationship(deps, viewer, scope, input),
  )
  addRoute(app, calls.deleteContactRelationship, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    deleteContactRelationship(deps, viewer, scope, input.id),
  )
  addRoute(app, calls.removeInferredContactRelationship, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    removeInferredRelationship(deps, viewer, scope, input.related_user_id),
  )
  addRoute(app, calls.confirmInferredContactRelationship, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    confirmInferredRelationship(deps, viewer, scope, input),
  )
}
