// The church membership roster a conference imports (DESIGN.md §7): issue 15.
export const churchRosterCalls = {}
