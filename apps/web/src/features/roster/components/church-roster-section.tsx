/** The conference's church rosters (ACMS): placeholder until issue 15 builds it. */
export function ChurchRosterSection(_props: { conferenceId: number }) {
  return null
}
