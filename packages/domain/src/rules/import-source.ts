// The church systems whose people exports the contact import knows (issue 41): a file's rows
// keep the system they came from and their id in it, so the same or a newer file updates the
// contacts it made rather than refusing or doubling them.

export const importSystems = ['planning_center', 'breeze', 'rock', 'churchcrm'] as const
export type ImportSystem = (typeof importSystems)[number]

/** What a mapping and a row's source id are kept under: a system, or `other` for a file of no known system. */
export const importMappingKeys = [...importSystems, 'other'] as const
export type ImportMappingKey = (typeof importMappingKeys)[number]
