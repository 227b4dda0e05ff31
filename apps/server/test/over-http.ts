// What the tests and the soak that drive a real server over HTTP share (the cluster, the
// replica, the backup drill, npm run soak): the demo leader's church and a new contact's call.

/** The demo leader's church (a team they lead), read straight from the database. */
export const leaderChurchQuery = `select m.team_id from memberships m join accounts a on a.person_id = m.person_id join teams t on t.id = m.team_id
  where a.email = 'leader@example.org' and m.role = 'leader' and t.kind = 'team' limit 1`

/** POST create-user's body: an adult who gave verbal consent, in the team (as its primary group). */
export function newContactBody(teamId: number, name: { first: string; last: string; gender?: 'female' | 'male' }): string {
  return JSON.stringify({
    team_id: teamId,
    group_id: teamId,
    first_name: name.first,
    last_name: name.last,
    gender: name.gender ?? 'female',
    member_status: 'member',
    consent_type: 'verbal',
    consent_date: '2026-11-01',
    consent_content: 'Yes',
    consent_verbal_confirmed: 1,
  })
}
