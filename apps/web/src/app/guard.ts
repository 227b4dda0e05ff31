import type { SessionState } from '../features/session/session'

/**
 * What a shell route needs: an account (switch team), a team (switch group), or a team and
 * a group (everything else).
 */
export type RouteAccess = 'account' | 'team' | 'group'

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
  | 'content'

/** Spec 1 §2's route guard. */
export function guardOutcome(state: Pick<SessionState, 'status' | 'teams' | 'team' | 'group'>, access: RouteAccess): GuardOutcome {
  // Unauthenticated, or no account data after loading (GET user failed).
  if (state.status === 'signed-out' || state.status === 'invalid') return 'login'
  if (state.status === 'loading') return 'loading'
  if (access === 'account') return 'content'
  if (state.teams.length === 0) return 'no-team'
  if (!state.team) return 'switch-team'
  if (state.team.user_role === 'member_request') return 'awaiting-approval'
  if (access === 'team') return 'content'
  if (!state.group) return 'switch-group'
  return 'content'
}
