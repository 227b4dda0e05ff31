// A conference's sub-teams list (spec 3 §2.4 Manage sub-teams, §7 Sub-teams): issue 15.
export const subTeamCalls = {}
