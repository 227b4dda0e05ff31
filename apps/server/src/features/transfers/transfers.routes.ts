import type { FastifyInstance } from 'fastify'
import { transferCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { processTransferByHand } from './process.service'
import { listTransfers, readTransfer } from './transfer-read.service'
import { createTransfer, deleteTransfer, setContactsToTransfer, updateTransfer } from './transfers.service'

// Transfers (spec 3 §2.2, §6, §7 Transfers). The conference's officers (create_transfer, in the
// conference) list, plan, change, cancel and process them; a transfer is read in a conference
// or a church it concerns (read_transfer); the pastor chooses the contacts in the from-church.
const planner = teamAccess('create_transfer', { conferenceOnly: true })
const reader = teamAccess('read_transfer')

export async function transferRoutes(app: FastifyInstance) {
  addRoute(app, calls.transfers, planner, ({ deps, viewer, scope, input }) => listTransfers(deps, viewer, scope, input))
  addRoute(app, calls.transfer, reader, ({ deps, viewer, scope, params }) => readTransfer(deps, viewer, scope, params.id))
  addRoute(app, calls.createTransfer, planner, ({ deps, viewer, scope, input }) => createTransfer(deps, viewer, scope, input))
  addRoute(app, calls.updateTransfer, planner, ({ deps, viewer, scope, params, input }) => updateTransfer(deps, viewer, scope, params.id, input))
  addRoute(app, calls.deleteTransfer, planner, ({ deps, viewer, scope, input }) => deleteTransfer(deps, viewer, scope, input.id))
  // The pastor, in the from-church (an owner there: read_transfer); the service checks it is them.
  addRoute(app, calls.setContactsToTransfer, reader, ({ deps, viewer, scope, params, input }) => setContactsToTransfer(deps, viewer, scope, params.id, input))
  addRoute(app, calls.processTransfer, planner, ({ deps, viewer, scope, params }) => processTransferByHand(deps, viewer, scope, params.id))
}
