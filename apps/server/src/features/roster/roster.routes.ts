import type { FastifyInstance } from 'fastify'
import { churchRosterCalls as calls, teamAdminCalls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { conferenceByAcmsId, guessAcmsId, importChurchRoster, listRosterChurches } from './roster.service'

/** A roster of 20,000 rows is larger than the app's 2 MB body limit. */
const rosterImportBodyLimit = 12 * 1024 * 1024

// A conference's church membership roster (DESIGN.md §7) and the ACMS id guess (spec 3 §5).
export async function rosterRoutes(app: FastifyInstance) {
  // This plugin's routes only (Fastify encapsulation): the import takes a large body.
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith(calls.importChurchRoster.path)) route.bodyLimit = rosterImportBodyLimit
  })
  const conferenceAdmin = teamAccess('update_team', { conferenceOnly: true })
  addRoute(app, calls.importChurchRoster, conferenceAdmin, ({ deps, viewer, scope, input }) => importChurchRoster(deps, viewer, scope, input))
  addRoute(app, calls.churchRoster, conferenceAdmin, ({ deps, viewer, scope }) => listRosterChurches(deps, viewer, scope))
  // Without team_id, the conference is the one conference_acms_id names (spec 3 §7); the same rule there.
  addRoute(app, teamAdminCalls.acmsGetIdForTeam, teamAccess('update_team', { conferenceOnly: true, teamOf: conferenceByAcmsId }), ({ deps, scope, input }) =>
    guessAcmsId(deps, scope, input),
  )
}
