import type { FastifyInstance } from 'fastify'
import { interestCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import { addContactInterest, deleteContactInterest, listContactInterests } from './interests.service'

// Interests are the contact's details: reading takes read_user_interest, changing them the
// right to edit the contact (spec 2 §6 names no write capability).
export async function interestRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactInterests, contactAccess('read_user_interest'), ({ deps, viewer, scope, input }) =>
    listContactInterests(deps, viewer, scope, input),
  )
  addRoute(app, calls.addContactInterest, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    addContactInterest(deps, viewer, scope, input),
  )
  addRoute(app, calls.deleteContactInterest, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, input }) =>
    deleteContactInterest(deps, viewer, scope, input),
  )
}
