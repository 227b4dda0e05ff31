import type { FastifyInstance } from 'fastify'
import { duplicateCalls, mergeCalls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { dismissPossibleDuplicate, listPossibleDuplicates } from './possible-duplicates.service'
import { listUndoableMerges, mergeContacts, previewContactMerge, undoContactMerge } from './contact-merge.service'
import { decideContactMergeRequest, listContactMergeRequests, requestContactMerge } from './merge-requests.service'

// Possible duplicates and merging them (issue 40 §1). Who may merge two contacts may see the
// pairs: the team's owners (delete_contact), a conference's staff across its churches. A merge
// also needs delete_contact in every other team that holds either record (the service); where
// the caller has it not, those teams' owners are asked to agree (merge-requests.service.ts).
export async function duplicateRoutes(app: FastifyInstance) {
  addRoute(app, duplicateCalls.possibleDuplicates, teamAccess('delete_contact'), ({ deps, scope, input }) => listPossibleDuplicates(deps, scope, input))
  addRoute(app, duplicateCalls.dismissPossibleDuplicate, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) =>
    dismissPossibleDuplicate(deps, viewer, scope, input),
  )
  addRoute(app, mergeCalls.contactMergePreview, teamAccess('delete_contact'), ({ deps, scope, input }) => previewContactMerge(deps, scope, input))
  addRoute(app, mergeCalls.mergeContacts, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) => mergeContacts(deps, viewer, scope, input))
  addRoute(app, mergeCalls.contactMerges, teamAccess('delete_contact'), ({ deps, scope, input }) => listUndoableMerges(deps, scope, input))
  addRoute(app, mergeCalls.requestContactMerge, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) =>
    requestContactMerge(deps, viewer, scope, input),
  )
  addRoute(app, mergeCalls.contactMergeRequests, teamAccess('delete_contact'), ({ deps, scope, input }) => listContactMergeRequests(deps, scope, input))
  addRoute(app, mergeCalls.decideContactMergeRequest, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) =>
    decideContactMergeRequest(deps, viewer, scope, input),
  )
  addRoute(app, mergeCalls.undoContactMerge, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) => undoContactMerge(deps, viewer, scope, input))
}
