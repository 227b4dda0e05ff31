import { and, asc, eq, gt, ne, sql } from 'drizzle-orm'
import { capabilityMap, directionsLink, hasCapability, type TeamDetail, type TeamRole } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, invites, memberships, people } from '../../db/schema/index'
import { loadGroupScope, resolveTeamRole, roleDisplayName, type TeamScope, type Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDateTime } from '../../platform/format'
import { addressLines } from '../contacts/contact-view'
import { isOwningRole } from './ownership'
import { isEmpty, mayRemoveGroup, membershipRole, teamRow, type TeamRecord } from './team-records'

// GET manage-team/{id} (spec 3 §2.4, §7 Teams, groups, users): the view of a team, group or
// sub-team, with its users and open invites for the users page.

/** The address as a reader sees it. */
function addressViewOf(team: TeamRecord) {
  return {
    address_place_id: team.address_place_id,
    address_formatted: team.address_formatted,
    address_formatted_break: addressLines(team),
    // Teams keep no flag: typed parts without a picked place were entered by hand.
    address_manual_input: !team.address_place_id && !!(team.address_street || team.address_city),
    address_street: team.address_street,
    address_city: team.address_city,
    address_state: team.address_state,
    address_postcode: team.address_postcode,
    address_country: team.address_country,
    address_lat: team.address_lat,
    address_lng: team.address_lng,
    address_directions_link: directionsLink({ lat: team.address_lat, lng: team.address_lng, formatted: team.address_formatted }),
  }
}

/** Logins of the owners and of anyone: the newest of each. */
async function lastLogins(db: Executor, teamId: number) {
  const [row] = await db
    .select({
      has_owner: sql<boolean>`bool_or(${memberships.role} in ('owner', 'entity_admin'))`,
      owner_last_login: sql<Date | string | null>`max(${accounts.last_login_at}) filter (where ${memberships.role} in ('owner', 'entity_admin'))`,
      any_member_last_login: sql<Date | string | null>`max(${accounts.last_login_at}) filter (where ${memberships.role} <> 'member_request')`,
    })
    .from(memberships)
    .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(eq(memberships.team_id, teamId))
  const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)
  return { has_owner: row?.has_owner ?? false, owner_last_login: iso(row?.owner_last_login), any_member_last_login: iso(row?.any_member_last_login) }
}

/**
 * The people of a team or group, by name: one query. The people are looked up by the ids the
 * team's memberships hold: joined plainly, a church of 2,000 users was priced cheaper as a scan
 * of every person than as 2,000 lookups, and read the whole people table (issue 39).
 */
async function usersOf(deps: Deps, viewer: Viewer, teamId: number, timeZone: string): Promise<NonNullable<TeamDetail['users']>> {
  const userIds = sql`select ${memberships.person_id} from ${memberships} where ${memberships.team_id} = ${teamId} and ${memberships.role} <> 'member_request'`
  const rows = await deps.db
    .select({
      user_id: memberships.person_id,
      first_name: people.first_name,
      last_name: people.last_name,
      email: sql<string>`coalesce(${accounts.email}, ${people.email}, '')`,
      role: memberships.role,
      has_wwcc: memberships.has_wwcc,
      has_adsafe: memberships.has_adsafe,
      hidden_in_contacts: memberships.hidden_in_contacts,
      last_login_at: accounts.last_login_at,
      has_account: sql<boolean>`${accounts.person_id} is not null`,
      locked_reason: accounts.locked_reason,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.person_id))
    .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(and(eq(memberships.team_id, teamId), ne(memberships.role, 'member_request'), sql`${people.id} = any(array(${userIds}))`))
    .orderBy(asc(sql`lower(${people.first_name})`), asc(sql`lower(${people.last_name})`), asc(memberships.person_id))
  return rows.map((row) => ({
    user_id: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    role: row.role,
    role_display_name: roleDisplayName(row.role),
    has_wwcc: row.has_wwcc,
    has_adsafe: row.has_adsafe,
    hidden_in_contacts: row.hidden_in_contacts,
    is_self: row.user_id === viewer.personId,
    last_login_display: row.last_login_at ? displayDateTime(row.last_login_at, viewer.locale, timeZone) : null,
    // Only a site admin locks and unlocks accounts, so only they read the lock.
    ...(viewer.isSiteAdmin && row.has_account ? { account_lock: row.locked_reason } : {}),
  }))
}

/** The open invites of a team or group: one query. */
async function invitedOf(deps: Deps, viewer: Viewer, teamId: number, timeZone: string): Promise<NonNullable<TeamDetail['invited_users']>> {
  const rows = await deps.db
    .select({
      id: invites.id,
      person_id: invites.person_id,
      first_name: sql<string>`coalesce(nullif(${invites.first_name}, ''), ${people.first_name}, '')`,
      last_name: sql<string>`coalesce(nullif(${invites.last_name}, ''), ${people.last_name}, '')`,
      email: invites.email,
      role: invites.role,
      created_at: invites.created_at,
      expires_at: invites.expires_at,
    })
    .from(invites)
    .leftJoin(people, eq(people.id, invites.person_id))
    .where(and(eq(invites.team_id, teamId), eq(invites.status, 'pending'), gt(invites.expires_at, deps.now())))
    .orderBy(asc(invites.created_at), asc(invites.id))
  return rows.map((row) => ({
    id: row.id,
    is_user_invite: row.person_id !== null,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
    role: row.role,
    role_display_name: roleDisplayName(row.role),
    created_display: displayDateTime(row.created_at, viewer.locale, timeZone),
    expires_display: displayDateTime(row.expires_at, viewer.locale, timeZone),
  }))
}

/**
 * GET manage-team/:id: the team itself (id = team_id), one of its groups the caller sees, or a
 * sub-team of the conference team_id (update_team there). Anything else is 404.
 */
export async function manageTeam(deps: Deps, viewer: Viewer, scope: TeamScope, id: number, withUsers: boolean): Promise<TeamDetail> {
  let record: TeamRecord | undefined
  let role: TeamRole | null
  let isSubTeamOfCaller = false
  if (id === scope.team.id) {
    record = await teamRow(deps.db, id)
    role = scope.role
  } else {
    const candidate = await teamRow(deps.db, id)
    if (!candidate || candidate.parent_id !== scope.team.id) throw new AppError('not_found')
    const own = await membershipRole(deps.db, viewer.personId, id)
    if (candidate.kind === 'group') {
      role = (await loadGroupScope(deps.db, viewer, scope.team.id, id)).groupRole
    } else if (candidate.kind === 'team' && scope.isConference && hasCapability(scope.role, 'update_team')) {
      isSubTeamOfCaller = true
      role = resolveTeamRole({ isSiteAdmin: viewer.isSiteAdmin, role: own?.role ?? null, parentRole: null })
      role = higherRole(role, scope.role)
    } else {
      throw new AppError('not_found')
    }
    record = candidate
  }
  if (!record || !role) throw new AppError('not_found')
  if (withUsers && !hasCapability(role, 'read_dcrm_team_users_names')) throw new AppError('forbidden')

  const [own, empty, logins, parent] = await Promise.all([
    membershipRole(deps.db, viewer.personId, record.id),
    isEmpty(deps.db, record),
    lastLogins(deps.db, record.id),
    record.parent_id ? teamRow(deps.db, record.parent_id) : Promise.resolve(undefined),
  ])
  const isGroup = record.kind === 'group'
  const canRemove = isSubTeamOfCaller ? true : isGroup ? mayRemoveGroup(record, viewer, role, own?.role, empty) : false
  const owns = (own !== null && isOwningRole(own.role)) || record.owner_id === viewer.personId || record.isolated_owner_id === viewer.personId
  const canLeave = own !== null && own.role !== 'member_request' && !owns
  const timeZone = scope.settings.timeZone
  const detail: TeamDetail = {
    id: record.id,
    title: record.title,
    description: record.description,
    parent_id: record.parent_id,
    ...addressViewOf(record),
    acms_id: record.acms_id,
    is_group: isGroup,
    is_conference: record.kind === 'conference',
    is_sub_team: record.kind === 'team' && parent?.kind === 'conference',
    is_public: record.is_public,
    is_empty: empty,
    owner_id: record.owner_id,
    isolated_owner_id: record.isolated_owner_id,
    user_role: role,
    user_role_display_name: roleDisplayName(role),
    user_capabilities: capabilityMap(role),
    ...logins,
    has_md_integration: record.has_md_integration,
    can_remove: canRemove,
    can_leave: canLeave,
  }
  if (withUsers) {
    const [users, invited] = await Promise.all([usersOf(deps, viewer, record.id, timeZone), invitedOf(deps, viewer, record.id, timeZone)])
    detail.users = users
    detail.invited_users = invited
  }
  return detail
}

function higherRole(a: TeamRole | null, b: TeamRole | null): TeamRole | null {
  const rank: Record<TeamRole, number> = { admin: 5, entity_admin: 4, owner: 3, leader: 2, member: 1, member_request: 0 }
  if (!a) return b
  if (!b) return a
  return rank[a] >= rank[b] ? a : b
}
