import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { capabilityMap, type Account, type Group, type Team } from '@crm/domain'
import { accounts, memberships, people, teams } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { resolveGroupRole, resolveTeamRole, roleDisplayName, teamSettingsOf, type Viewer } from '../../platform/access'

const avatarColors = ['#1c7ed6', '#0ca678', '#f08c00', '#e64980', '#7048e8', '#1098ad', '#d6336c', '#5c940d']

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase()
}

/** The id a temp private group answers with: it has no row until first picked. */
export const tempPrivateGroupId = 0

/** GET user: the account of spec 1 §3, with its teams and groups when asked. */
export async function getAccount(deps: Deps, viewer: Viewer, withTeams: boolean): Promise<Account> {
  const [row] = await deps.db
    .select({
      person: { id: people.id, first_name: people.first_name, last_name: people.last_name },
      account: { site_role: accounts.site_role, locale: accounts.locale, sync_with_md: accounts.sync_with_md, email: accounts.email },
    })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.person_id))
    .where(eq(accounts.person_id, viewer.personId))
  if (!row) throw new AppError('unauthorized')
  const name = `${row.person.first_name} ${row.person.last_name}`.trim()
  const initials = initialsOf(row.person.first_name, row.person.last_name)
  const teamsById = await listTeamsOf(deps, viewer)
  return {
    user_id: row.person.id,
    name,
    name_initials: initials,
    avatar: {
      url: null,
      no_bg: false,
      srcset: null,
      webp: null,
      srcset_webp: null,
      sizes: null,
      alt: name,
      width: null,
      height: null,
    },
    avatar_data: { initials, color: avatarColors[row.person.id % avatarColors.length]! },
    role: row.account.site_role === 'admin' ? 'admin' : 'user',
    locale: row.account.locale,
    ...(withTeams ? { teams: teamsById } : {}),
    teams_number: Object.keys(teamsById).length,
    sync_with_md: row.account.sync_with_md,
    email: row.account.email,
  }
}

/**
 * The teams of a person with their groups and capabilities, in two queries: the teams
 * (by membership; site admins also see every conference), then all their groups.
 */
export async function listTeamsOf(deps: Deps, viewer: Viewer): Promise<Record<string, Team>> {
  const parentMembership = alias(memberships, 'parent_membership')
  const teamRows = await deps.db
    .select({
      id: teams.id,
      kind: teams.kind,
      parent_id: teams.parent_id,
      title: teams.title,
      address_lat: teams.address_lat,
      address_lng: teams.address_lng,
      address_country: teams.address_country,
      settings: teams.settings,
      role: memberships.role,
      parentRole: parentMembership.role,
    })
    .from(teams)
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .leftJoin(parentMembership, and(eq(parentMembership.team_id, teams.parent_id), eq(parentMembership.person_id, viewer.personId)))
    .where(
      and(
        inArray(teams.kind, ['team', 'conference']),
        viewer.isSiteAdmin ? or(isNotNull(memberships.id), eq(teams.kind, 'conference')) : isNotNull(memberships.id),
      ),
    )
    .orderBy(asc(teams.title), asc(teams.id))
  if (teamRows.length === 0) return {}

  const groupRows = await deps.db
    .select({
      id: teams.id,
      parent_id: teams.parent_id,
      title: teams.title,
      is_public: teams.is_public,
      isolated_owner_id: teams.isolated_owner_id,
      role: memberships.role,
    })
    .from(teams)
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .where(
      and(
        eq(teams.kind, 'group'),
        inArray(
          teams.parent_id,
          teamRows.map((team) => team.id),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${teams.title})`), asc(teams.id))

  const result: Record<string, Team> = {}
  for (const row of teamRows) {
    const role = resolveTeamRole({ isSiteAdmin: viewer.isSiteAdmin, role: row.role, parentRole: row.parentRole })
    if (!role) continue
    const groups: Record<string, Group> = {
      [row.id]: {
        id: row.id,
        title: row.title,
        is_main_group: true,
        is_public: true,
        is_temp_private_group: false,
        user_role: role,
        user_role_display_name: roleDisplayName(role),
        user_capabilities: capabilityMap(role),
      },
    }
    let hasOwnPrivateGroup = false
    for (const group of groupRows) {
      if (group.parent_id !== row.id) continue
      const groupRole = resolveGroupRole({ teamRole: role, isPrimary: false, isPublic: group.is_public, groupRole: group.role })
      if (!groupRole) continue
      if (group.isolated_owner_id === viewer.personId) hasOwnPrivateGroup = true
      groups[group.id] = {
        id: group.id,
        title: group.title,
        is_main_group: false,
        is_public: group.is_public,
        is_temp_private_group: false,
        user_role: groupRole,
        user_role_display_name: roleDisplayName(groupRole),
        user_capabilities: capabilityMap(groupRole),
      }
    }
    // Everyone with a place in the team is offered a private group of their own.
    if (!hasOwnPrivateGroup && role !== 'member_request') {
      groups[tempPrivateGroupId] = {
        id: tempPrivateGroupId,
        title: 'Private group',
        is_main_group: false,
        is_public: false,
        is_temp_private_group: true,
        user_role: null,
        user_role_display_name: '',
        user_capabilities: capabilityMap(null),
      }
    }
    result[row.id] = {
      id: row.id,
      title: row.title,
      parent_id: row.parent_id,
      user_role: role,
      user_role_display_name: roleDisplayName(role),
      is_conference: row.kind === 'conference',
      user_capabilities: capabilityMap(role),
      groups,
      address_lat: row.address_lat,
      address_lng: row.address_lng,
      address_country: row.address_country,
      time_zone: teamSettingsOf(row.settings).timeZone,
    }
  }
  return result
}
