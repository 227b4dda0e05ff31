import { z } from 'zod'
import { id, okSchema } from '../rules/wire'
import { defineCall } from './define'

// Membership requests and owner requests (spec 3 §2.4, §3, §4, §6, §7 Invites and requests).

/** A person waiting to join a team: a membership with the role member_request (spec 3 §3). */
export const membershipRequestSchema = z.object({
  /** The membership. */
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** When the request was made, in the team's time zone. */
  date_display: z.string(),
})
export type MembershipRequest = z.infer<typeof membershipRequestSchema>

/** A person asking to become a team's owner, decided by a site admin (spec 3 §3). */
export const ownerRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  team_name: z.string(),
  email: z.string(),
  created_display: z.string(),
})
export type OwnerRequest = z.infer<typeof ownerRequestSchema>

/** Most requests one list answers: the oldest first, the rest after those are decided. */
export const maxRequestsListed = 200

const membershipRequestDecision = z.object({ team_id: id, user_id: id })
const ownerRequestDecision = z.object({ id })

export const teamRequestCalls = {
  membershipRequests: defineCall({
    method: 'GET',
    path: '/membership-requests',
    request: z.object({ team_id: id }),
    response: z.object({ items: z.array(membershipRequestSchema), count: z.number().int() }),
    summary: "The team's pending membership requests, oldest first (update_team)",
  }),
  acceptMembershipRequest: defineCall({
    method: 'POST',
    path: '/accept-membership-request',
    request: membershipRequestDecision,
    response: okSchema,
    summary: 'The person becomes a member of the team',
  }),
  rejectMembershipRequest: defineCall({
    method: 'POST',
    path: '/reject-membership-request',
    request: membershipRequestDecision,
    response: okSchema,
    summary: 'The pending request is removed; the person is not a member',
  }),
  ownerRequests: defineCall({
    method: 'GET',
    path: '/owner-requests',
    request: z.object({}),
    response: z.object({ items: z.array(ownerRequestSchema), count: z.number().int() }),
    summary: 'Pending owner requests of every team, oldest first (site admins only)',
  }),
  acceptOwnerRequest: defineCall({
    method: 'POST',
    path: '/accept-owner-request',
    request: ownerRequestDecision,
    response: okSchema,
    summary: 'The requester becomes an owner of the team (site admins only)',
  }),
  rejectOwnerRequest: defineCall({
    method: 'POST',
    path: '/reject-owner-request',
    request: ownerRequestDecision,
    response: okSchema,
    summary: "The request is closed; the requester's role is unchanged (site admins only)",
  }),
}
