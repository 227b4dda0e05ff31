import type { Capability } from '@crm/domain'
import type { SessionState } from '../features/session/session'

/**
 * What a shell route needs: an account (switch team), a team (switch group), or a team and
 * a group (everything else).
 */
export type RouteAccess = 'account' | 'team' | 'group'

/**
 * What a route's page needs of the selected team (or group) beyond being in it: the capability
 * its calls need (spec 1 §3 user_capabilities; capabilities.ts), and for a conference's page
 * a conference. Without it the page is the not-allowed page, not a list the server refuses
 * (403) shown as 'Nothing found' (issue 35).
 */
export interface RouteNeeds {
  capability: Capability
  /** Whose capability: the selected team's (the default) or the selected group's. */
  of?: 'team' | 'group'
  conference?: boolean
}

export type GuardOutcome =
  | 'login'
  | 'loading'
  /** A user without teams: the dashboard's no-team state. */
  | 'no-team'
  /** Teams but none selected: the switch-team page replaces the content. */
  | 'switch-team'
  /** Membership still pending on the selected team. */
  | 'awaiting-approval'
  /** No group selected: the switch-group page replaces the content. */
  | 'switch-group'
  /** The selected team or group does not allow the page (RouteNeeds): the not-allowed page. */
  | 'not-allowed'
  | 'content'

/** Whether the selection allows a page that needs `needs`. */
function allows(state: Pick<SessionState, 'team' | 'group'>, needs: RouteNeeds): boolean {
  if (needs.conference && state.team?.is_conference !== true) return false
  const holder = needs.of === 'group' ? state.group : state.team
  return holder?.user_capabilities[needs.capability] === true
}

/** Spec 1 §2's route guard, and the page's needs (RouteNeeds). */
export function guardOutcome(state: Pick<SessionState, 'status' | 'teams' | 'team' | 'group'>, access: RouteAccess, needs?: RouteNeeds): GuardOutcome {
  // Unauthenticated, or no account data after loading (GET user failed).
  if (state.status === 'signed-out' || state.status === 'invalid') return 'login'
  if (state.status === 'loading') return 'loading'
  if (access === 'account') return 'content'
  if (state.teams.length === 0) return 'no-team'
  if (!state.team) return 'switch-team'
  if (state.team.user_role === 'member_request') return 'awaiting-approval'
  if (access === 'group' && !state.group) return 'switch-group'
  if (needs && !allows(state, needs)) return 'not-allowed'
  return 'content'
}
