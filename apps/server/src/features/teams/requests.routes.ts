import type { FastifyInstance } from 'fastify'
import { teamRequestCalls as calls } from '@crm/domain'
import { addRoute, siteAdmin, teamAccess } from '../../platform/route'
import {
  acceptMembershipRequest,
  acceptOwnerRequest,
  listMembershipRequests,
  listOwnerRequests,
  rejectMembershipRequest,
  rejectOwnerRequest,
} from './requests.service'

// Membership requests need update_team on the team; owner requests are for site admins (spec 3 §6).
export async function requestRoutes(app: FastifyInstance) {
  addRoute(app, calls.membershipRequests, teamAccess('update_team'), ({ deps, viewer, scope }) => listMembershipRequests(deps, viewer, scope))
  addRoute(app, calls.acceptMembershipRequest, teamAccess('update_team'), ({ deps, viewer, scope, input }) =>
    acceptMembershipRequest(deps, viewer, scope, input.user_id),
  )
  addRoute(app, calls.rejectMembershipRequest, teamAccess('update_team'), ({ deps, viewer, scope, input }) =>
    rejectMembershipRequest(deps, viewer, scope, input.user_id),
  )
  addRoute(app, calls.ownerRequests, siteAdmin, ({ deps, viewer }) => listOwnerRequests(deps, viewer))
  addRoute(app, calls.acceptOwnerRequest, siteAdmin, ({ deps, viewer, input }) => acceptOwnerRequest(deps, viewer, input.id))
  addRoute(app, calls.rejectOwnerRequest, siteAdmin, ({ deps, viewer, input }) => rejectOwnerRequest(deps, viewer, input.id))
}
