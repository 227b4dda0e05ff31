/** A conference's view of one sub-team's users (invite new owner, edit, remove, retire): placeholder until issue 15 builds it. */
export function SubTeamUsers(_props: { conferenceId: number; subTeamId: number }) {
  return null
}
