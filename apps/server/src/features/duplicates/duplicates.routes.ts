import type { FastifyInstance } from 'fastify'
import { duplicateCalls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { dismissPossibleDuplicate, listPossibleDuplicates } from './possible-duplicates.service'

// Possible duplicates (issue 40 §1). Who may merge two contacts may see the pairs: the team's
// owners (delete_contact), a conference's staff across its churches.
export async function duplicateRoutes(app: FastifyInstance) {
  addRoute(app, duplicateCalls.possibleDuplicates, teamAccess('delete_contact'), ({ deps, scope, input }) => listPossibleDuplicates(deps, scope, input))
  addRoute(app, duplicateCalls.dismissPossibleDuplicate, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) =>
    dismissPossibleDuplicate(deps, viewer, scope, input),
  )
}
