/**
 * The capability model: every capability the three spec documents name, and one table
 * from role to the capabilities it holds. The server computes `user_capabilities` for a
 * team, a group or a contact from this table and enforces it on every call; the web app
 * only hides what the server would refuse anyway. docs/decisions.md explains the choices.
 */

/** Every capability name of the spec (documents 1, 2 and 3). */
export const capabilityNames = [
  // shell, reports, transfers, notifications (spec 1 §6, spec 3 §6)
  'read_own_report',
  'create_transfer',
  'update_transfer',
  'read_transfer',
  'create_notification',
  'update_missed_interactions_notifications',
  'update_unassigned_contacts_notifications',
  // team and group administration
  'read_dcrm_team',
  'read_dcrm_team_users_names',
  'read_dcrm_team_users',
  'update_team',
  'update_dcrm_team_user',
  'retire_user',
  'delete_own_group',
  'delete_public_group',
  'read_own_activity_log',
  'read_activity_log',
  // events (spec 3 §6; create and update are not named by the spec, see decisions.md)
  'read_event',
  'create_event',
  'update_event',
  'delete_event',
  'read_event_attendance',
  'update_event_attendance',
  // contacts (spec 2 §6)
  'read_contact',
  'read_assigned_contact',
  'update_assigned_contact',
  'create_contact',
  'update_contact',
  'delete_contact',
  'import_contact',
  'read_user_import',
  'update_user_import',
  'set_user_public_group',
  'read_user_groups',
  'read_user_assignment',
  'read_user_interest',
  'read_user_relationship',
  'read_user_event',
  'update_user_event',
  'delete_user_event',
  // notes
  'read_public_note',
  'update_own_note',
  'update_public_note',
  'update_note',
  'delete_own_note',
  'delete_public_note',
  'delete_note',
  // interactions
  'read_own_interaction',
  'create_interaction',
  'import_interaction',
  'update_own_interaction',
  'update_interaction',
  'update_sub_team_interaction',
  'update_own_team_interaction',
  'delete_own_interaction',
  'delete_interaction',
  'delete_sub_team_interaction',
  'delete_own_team_interaction',
] as const

export type Capability = (typeof capabilityNames)[number]
export type CapabilityMap = Record<Capability, boolean>

/** Roles a person holds on a team or a group. `admin` is the site role, applied everywhere. */
export const teamRoles = ['admin', 'entity_admin', 'owner', 'leader', 'member', 'member_request'] as const
export type TeamRole = (typeof teamRoles)[number]

/** Roles stored on a membership row (the site role `admin` lives on the account). */
export const membershipRoles = ['entity_admin', 'owner', 'leader', 'member', 'member_request'] as const
export type MembershipRole = (typeof membershipRoles)[number]

/** A person assigned to a contact holds `assigned_<team role>` on that contact (spec 2 §6). */
export const assignedRoles = ['assigned_owner', 'assigned_leader', 'assigned_member'] as const
export type AssignedRole = (typeof assignedRoles)[number]
export type ContactRole = TeamRole | AssignedRole

const memberCapabilities = [
  'read_dcrm_team',
  'read_own_activity_log',
  'read_event',
  'read_event_attendance',
  'update_event_attendance',
  'read_assigned_contact',
  'read_user_groups',
  'read_user_assignment',
  'read_user_interest',
  'read_user_relationship',
  'read_user_event',
  'read_public_note',
  'update_own_note',
  'delete_own_note',
  'read_own_interaction',
  'create_interaction',
  'update_own_interaction',
  'delete_own_interaction',
] as const satisfies readonly Capability[]

const assignedCapabilities = [...memberCapabilities, 'update_assigned_contact', 'update_user_event'] as const satisfies readonly Capability[]

const leaderCapabilities = [
  ...assignedCapabilities,
  'read_own_report',
  'read_dcrm_team_users_names',
  'read_dcrm_team_users',
  'read_contact',
  'create_contact',
  'update_contact',
  'import_contact',
  'import_interaction',
  'set_user_public_group',
  'create_event',
  'update_event',
  'delete_event',
  'delete_user_event',
  'update_own_team_interaction',
] as const satisfies readonly Capability[]

const ownerCapabilities = [
  ...leaderCapabilities,
  'update_team',
  'update_dcrm_team_user',
  'read_activity_log',
  'delete_contact',
  'delete_own_group',
  'delete_public_group',
  'update_interaction',
  'delete_interaction',
  'delete_own_team_interaction',
  'update_public_note',
  'delete_public_note',
  'delete_note',
  'read_transfer',
] as const satisfies readonly Capability[]

const entityAdminCapabilities = [
  ...ownerCapabilities,
  'create_transfer',
  'update_transfer',
  'create_notification',
  'update_missed_interactions_notifications',
  'update_unassigned_contacts_notifications',
  'read_user_import',
  'update_user_import',
  'retire_user',
  'update_sub_team_interaction',
  'delete_sub_team_interaction',
] as const satisfies readonly Capability[]

/**
 * Role → capabilities. Site admins hold every capability; reading someone's private notes
 * is not a capability at all: those are ciphertext only their author can open.
 */
export const capabilityTable: Record<ContactRole, readonly Capability[]> = {
  admin: capabilityNames,
  entity_admin: entityAdminCapabilities,
  owner: ownerCapabilities,
  leader: leaderCapabilities,
  member: memberCapabilities,
  member_request: [],
  assigned_owner: ownerCapabilities,
  assigned_leader: leaderCapabilities,
  assigned_member: assignedCapabilities,
}

export function hasCapability(role: ContactRole | null | undefined, capability: Capability): boolean {
  if (!role) return false
  return capabilityTable[role].includes(capability)
}

/** The `user_capabilities` map of spec 1 §3: every capability name to a boolean. */
export function capabilityMap(role: ContactRole | null | undefined): CapabilityMap {
  const held = new Set<Capability>(role ? capabilityTable[role] : [])
  return Object.fromEntries(capabilityNames.map((name) => [name, held.has(name)])) as CapabilityMap
}

/** Rank of a role, highest first; used to pick the stronger of a team and a group role. */
export const roleRank: Record<TeamRole, number> = {
  admin: 5,
  entity_admin: 4,
  owner: 3,
  leader: 2,
  member: 1,
  member_request: 0,
}

/** Roles that skip the child data gate (spec 2 §5). */
export const childGateExemptRoles: readonly TeamRole[] = ['admin', 'entity_admin', 'owner']
