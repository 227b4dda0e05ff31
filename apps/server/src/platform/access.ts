import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  childGateExemptRoles,
  defaultPhoneCountry,
  hasCapability,
  membershipRoles,
  roleRank,
  type ChildGate,
  type MembershipRole,
  type TeamRole,
} from '@crm/domain'
import type { Executor } from '../db/client'
import { preparedQuery } from '../db/prepared'
import { memberships, people, teams } from '../db/schema/index'
import type { TeamSettings } from '../db/schema/teams'
import { AppError } from './errors'
import { defaultTimeZone } from './format'

/** The signed-in person making a call. */
export interface Viewer {
  personId: number
  email: string
  isSiteAdmin: boolean
  sessionId: number
  locale: string
}

export interface TeamRow {
  id: number
  kind: 'conference' | 'team' | 'group'
  parent_id: number | null
  title: string
  is_public: boolean
  isolated_owner_id: number | null
}

/** A team's settings with their defaults applied. */
export interface TeamSettingsView {
  /** The time zone of the team's *_display dates. */
  timeZone: string
  /** The default country of phone numbers. */
  country: string
  /** Notes are shared with the team by default. */
  publicNotes: boolean
}

/** The team a call works in, its settings and the caller's role there. */
export interface TeamScope {
  team: TeamRow
  settings: TeamSettingsView
  role: TeamRole
  isConference: boolean
  /** Set when the caller may not add or see a child's details in this team (spec 2 §5). */
  childGate: ChildGate | null
}

/** The group a call works in and the caller's role there. */
export interface GroupScope extends TeamScope {
  group: TeamRow
  groupRole: TeamRole
}

function higher(a: TeamRole | null, b: TeamRole | null): TeamRole | null {
  if (!a) return b
  if (!b) return a
  return roleRank[a] >= roleRank[b] ? a : b
}

/**
 * The caller's role on a team: site admins are `admin` everywhere; an entity admin of a
 * conference is `entity_admin` in each of its sub-teams; otherwise the membership's role.
 */
export function resolveTeamRole(input: { isSiteAdmin: boolean; role: MembershipRole | null; parentRole: MembershipRole | null }): TeamRole | null {
  if (input.isSiteAdmin) return 'admin'
  return higher(input.role, input.parentRole === 'entity_admin' ? 'entity_admin' : null)
}

/**
 * The caller's role in a group. The primary group is the team itself. A public group is
 * open to every member of its team with their team role; a private group only to its own
 * members (and site admins). Pending members see no group.
 */
export function resolveGroupRole(input: {
  teamRole: TeamRole | null
  isPrimary: boolean
  isPublic: boolean
  groupRole: MembershipRole | null
}): TeamRole | null {
  const { teamRole } = input
  if (teamRole === 'admin') return 'admin'
  if (!teamRole || teamRole === 'member_request') return input.isPrimary ? teamRole : null
  if (input.isPrimary) return teamRole
  if (input.isPublic) return higher(teamRole, input.groupRole)
  return input.groupRole
}

/** Membership roles that read every contact of their team (read_contact). */
const contactReaderRoles = membershipRoles.filter((role) => hasCapability(role, 'read_contact'))

/**
 * The ids of the teams whose contacts the person may read, as a subquery (`team_id in (…)`):
 * teams where their role has read_contact, and the sub-teams of a conference where they are
 * entity admin (resolveTeamRole's rule). Pending members read nothing.
 */
export function readableContactTeams(db: Executor, personId: number): SQL {
  const parent = alias(memberships, 'reader_parent_membership')
  const own = db
    .select({ team_id: memberships.team_id })
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), inArray(memberships.role, contactReaderRoles)))
  const subTeams = db
    .select({ team_id: teams.id })
    .from(teams)
    .innerJoin(parent, eq(parent.team_id, teams.parent_id))
    .where(and(eq(parent.person_id, personId), eq(parent.role, 'entity_admin')))
  return sql`${own} union ${subTeams}`
}

const roleNames: Record<TeamRole, string> = {
  admin: 'Super admin',
  entity_admin: 'Entity admin',
  owner: 'Owner',
  leader: 'Leader',
  member: 'Member',
  member_request: 'Membership requested',
}

export function roleDisplayName(role: TeamRole | null): string {
  return role ? roleNames[role] : ''
}

const teamColumns = {
  id: teams.id,
  kind: teams.kind,
  parent_id: teams.parent_id,
  title: teams.title,
  is_public: teams.is_public,
  isolated_owner_id: teams.isolated_owner_id,
}

const parentMembership = alias(memberships, 'parent_membership')
const teamOwner = alias(people, 'owner')

/**
 * What a team scope reads: the team with the caller's role there and in its parent. The
 * team_scope statement reads it, and the session's statement of a call that names a team
 * (authenticate.ts) reads it with the session.
 */
export const teamScopeColumns = {
  team: teamColumns,
  // The settings come with the scope so no service re-reads the team row.
  settings: teams.settings,
  role: memberships.role,
  parentRole: parentMembership.role,
  // The child data gate's checks and whom it names, so no service asks again.
  has_wwcc: memberships.has_wwcc,
  has_adsafe: memberships.has_adsafe,
  owner: { first_name: teamOwner.first_name, last_name: teamOwner.last_name, email: teamOwner.email },
}

/** The row of teamScopeColumns; null when no team (a conference or a church) has the id. */
export interface TeamScopeRow {
  team: TeamRow
  settings: TeamSettings | null
  role: MembershipRole | null
  parentRole: MembershipRole | null
  has_wwcc: boolean | null
  has_adsafe: boolean | null
  owner: { first_name: string; last_name: string; email: string | null } | null
}

/**
 * The joins of teamScopeColumns onto a query of the person `personId` (a placeholder or the
 * session's column) and the team `teamId`: a team that is not a conference or a church is no
 * team here.
 */
export const teamScopeJoins = {
  team: (teamId: SQLWrapper) => and(eq(teams.id, teamId), or(eq(teams.kind, 'team'), eq(teams.kind, 'conference'))),
  membership: (personId: SQLWrapper) => and(eq(memberships.team_id, teams.id), eq(memberships.person_id, personId)),
  parentMembership: (personId: SQLWrapper) => and(eq(parentMembership.team_id, teams.parent_id), eq(parentMembership.person_id, personId)),
  owner: eq(teamOwner.id, teams.owner_id),
  tables: { parentMembership, teamOwner },
}

/** A team (a conference or a church) with the caller's role there and in its parent. */
const teamWithRoles = preparedQuery((db) =>
  db
    .select(teamScopeColumns)
    .from(teams)
    .leftJoin(memberships, teamScopeJoins.membership(sql.placeholder('personId')))
    .leftJoin(parentMembership, teamScopeJoins.parentMembership(sql.placeholder('personId')))
    .leftJoin(teamOwner, teamScopeJoins.owner)
    .where(teamScopeJoins.team(sql.placeholder('teamId')))
    .prepare('team_scope'),
)

/** Loads a team (a conference or a church, not a group) with the caller's role, or 404. */
export async function loadTeamScope(db: Executor, viewer: Viewer, teamId: number): Promise<TeamScope> {
  const [row] = await teamWithRoles(db).execute({ personId: viewer.personId, teamId })
  return teamScopeOf(viewer, row ?? null)
}

/** The caller's scope in the team of a team scope's row (however it was read), or 404. */
export function teamScopeOf(viewer: Viewer, row: TeamScopeRow | null): TeamScope {
  if (!row) throw new AppError('not_found')
  const role = resolveTeamRole({ isSiteAdmin: viewer.isSiteAdmin, role: row.role, parentRole: row.parentRole })
  // Another team's rows are invisible: 404, never 403.
  if (!role) throw new AppError('not_found')
  const ownerName = row.owner?.first_name ? `${row.owner.first_name} ${row.owner.last_name}`.trim() : null
  return {
    team: row.team,
    settings: teamSettingsOf(row.settings),
    role,
    isConference: row.team.kind === 'conference',
    childGate: childGateFor(
      role,
      { has_wwcc: row.has_wwcc ?? false, has_adsafe: row.has_adsafe ?? false },
      { name: ownerName, email: row.owner?.email ?? null },
    ),
  }
}

/**
 * The child data gate (spec 2 §5): below admin, entity admin and owner, a person needs both
 * a Working with Children Check and AdSafe training to add or see a child's details.
 */
function childGateFor(
  role: TeamRole,
  checks: { has_wwcc: boolean; has_adsafe: boolean },
  primaryOwner: { name: string | null; email: string | null },
): ChildGate | null {
  if (childGateExemptRoles.includes(role)) return null
  const missing: ChildGate['missing'] = []
  if (!checks.has_wwcc) missing.push('wwcc')
  if (!checks.has_adsafe) missing.push('adsafe')
  if (missing.length === 0) return null
  return { missing, primary_owner_name: primaryOwner.name, primary_owner_email: primaryOwner.email }
}

/** The stored settings with their defaults (Sydney, the default phone country, private notes). */
export function teamSettingsOf(settings: TeamSettings | null | undefined): TeamSettingsView {
  return {
    timeZone: settings?.time_zone ?? defaultTimeZone,
    country: settings?.default_country ?? defaultPhoneCountry,
    publicNotes: settings?.public_notes ?? false,
  }
}

/** A group of a church with the caller's role in it. */
export interface GroupRow {
  group: TeamRow
  role: MembershipRole | null
}

/** A group of the team, by id, with the caller's role in it. */
const groupWithRole = preparedQuery((db) =>
  db
    .select({ group: teamColumns, role: memberships.role })
    .from(teams)
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, sql.placeholder('personId'))))
    .where(and(eq(teams.id, sql.placeholder('groupId')), eq(teams.kind, 'group'), eq(teams.parent_id, sql.placeholder('teamId'))))
    .prepare('group_scope'),
)

/** Loads a group of the team with the caller's role in it, or 404. */
export async function loadGroupScope(db: Executor, viewer: Viewer, teamId: number, groupId: number): Promise<GroupScope> {
  const scope = await loadTeamScope(db, viewer, teamId)
  if (groupId === teamId) return groupScopeOf(scope, groupId, null)
  const [row] = await groupWithRole(db).execute({ personId: viewer.personId, groupId, teamId })
  return groupScopeOf(scope, groupId, row ?? null)
}

/**
 * The caller's scope in group `groupId` of the scope's team, from the group's row (however it
 * was read; none for the primary group, which is the team itself), or 404.
 */
export function groupScopeOf(scope: TeamScope, groupId: number, row: GroupRow | null): GroupScope {
  if (groupId === scope.team.id) return { ...scope, group: scope.team, groupRole: scope.role }
  if (!row) throw new AppError('not_found')
  const groupRole = resolveGroupRole({
    teamRole: scope.role,
    isPrimary: false,
    isPublic: row.group.is_public,
    groupRole: row.role,
  })
  if (!groupRole) throw new AppError('not_found')
  return { ...scope, group: row.group, groupRole }
}
