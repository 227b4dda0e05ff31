import type { FastifyInstance } from 'fastify'
import { userImportCalls as calls } from '@crm/domain'
import { csvAnswer } from '../../platform/csv'
import { addRoute, teamAccess } from '../../platform/route'
import { createUserImport } from './create.service'
import { processUserImport } from './process.service'
import { exportProcessedPeople, exportUserImport, getUserImport, listProcessedPeople, listUserImports } from './read.service'
import { deleteUserImport, updateUserImport } from './update.service'

// Import-and-share (spec 2 §2.4, §6 read_user_import and update_user_import "together with
// an is_conference team", §7): every call works in a conference.
const reads = teamAccess('read_user_import', { conferenceOnly: true })
const writes = teamAccess('update_user_import', { conferenceOnly: true })

export async function userImportRoutes(app: FastifyInstance) {
  addRoute(app, calls.userImports, reads, ({ deps, viewer, scope, input }) => listUserImports(deps, viewer, scope, input))
  addRoute(app, calls.userImportAll, reads, async ({ deps, viewer, scope, input, reply }) =>
    input.export ? csvAnswer(reply, await exportProcessedPeople(deps, viewer, scope, input)) : listProcessedPeople(deps, viewer, scope, input),
  )
  addRoute(app, calls.userImport, reads, async ({ deps, viewer, scope, params, input, reply }) =>
    input.export ? csvAnswer(reply, await exportUserImport(deps, viewer, scope, params.id, input)) : getUserImport(deps, viewer, scope, params.id, input),
  )
  addRoute(app, calls.createUserImport, writes, ({ deps, viewer, scope, input }) => createUserImport(deps, viewer, scope, input))
  addRoute(app, calls.updateUserImport, writes, ({ deps, scope, params, input }) => updateUserImport(deps, scope, params.id, input))
  addRoute(app, calls.processUserImport, writes, ({ deps, viewer, scope, params, input }) => processUserImport(deps, viewer, scope, params.id, input))
  addRoute(app, calls.deleteUserImport, writes, ({ deps, scope, params }) => deleteUserImport(deps, scope, params.id))
}
