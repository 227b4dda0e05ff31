import { TeamUsersView } from './team-users-view'

/**
 * A conference's view of one sub-team's users (spec 3 §2.4): the sections, 'Invite new owner',
 * and per card edit (checks only), remove and, with retire_user, retire.
 */
export function SubTeamUsers({ conferenceId, subTeamId }: { conferenceId: number; subTeamId: number }) {
  return <TeamUsersView scope={{ kind: 'subTeam', conferenceId, subTeamId }} />
}
