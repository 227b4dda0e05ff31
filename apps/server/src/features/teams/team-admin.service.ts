import { and, asc, eq, gt, ne, sql } from 'drizzle-orm'
import { capabilityMap, directionsLink, hasCapability, type TeamDetail, type TeamRole } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, groupContacts, invites, memberships, people, teamContacts, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import { loadGroupScope, resolveTeamRole, roleDisplayName, type GroupScope, type TeamScope, type Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { displayDateTime } from '../../platform/format'
import { addressLines } from '../contacts/contact-view'
import { assertKeepsAnOwner, isOwningRole } from './ownership'

// Team administration (spec 3 §2.4, §6, §7 Teams, groups, users; Sub-teams): the view of a
// team, group or sub-team, its edit, group removal, leaving, and adding a conference's sub-team.

type TeamRecord = typeof teams.$inferSelect

export const requiredMessage = 'Required'
export const nameTakenMessage = 'This name is already used.'
export const requireAddressMessage = 'An address is required.'
export const ownerCannotLeaveMessage = 'An owner cannot leave the team; make someone else the owner first.'
export const groupNotEmptyMessage = 'Only an empty group can be removed.'
export const primaryGroupMessage = "The team's own group cannot be removed."

function invalid(errors: Record<string, string>): AppError {
  return new AppError('invalid_request', { errors })
}

async function teamRow(db: Executor, id: number): Promise<TeamRecord | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id))
  return row
}

/** A sub-team (a church of the conference) of `conferenceId`, or 404. */
async function subTeamOf(db: Executor, conferenceId: number, subTeamId: number): Promise<TeamRecord> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, subTeamId), eq(teams.parent_id, conferenceId), eq(teams.kind, 'team')))
  if (!row) throw new AppError('not_found')
  return row
}

/** The caller's membership role in one team or group (null without one). */
async function membershipRole(db: Executor, personId: number, teamId: number) {
  const [row] = await db
    .select({ id: memberships.id, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  return row ?? null
}

/** No contacts, and nobody but its owner. */
async function isEmpty(db: Executor, team: TeamRecord): Promise<boolean> {
  const contactTable = team.kind === 'group' ? sql`select 1 from ${groupContacts} where ${groupContacts.group_id} = ${team.id}` : sql`select 1 from ${teamContacts} where ${teamContacts.team_id} = ${team.id}`
  const ownerIds = [team.owner_id, team.isolated_owner_id].filter((value): value is number => value !== null)
  const others = ownerIds.length
    ? sql`select 1 from ${memberships} where ${memberships.team_id} = ${team.id} and ${memberships.person_id} not in (${sql.join(ownerIds.map((value) => sql`${value}`), sql`, `)})`
    : sql`select 1 from ${memberships} where ${memberships.team_id} = ${team.id}`
  const [row] = await db.select({ busy: sql<boolean>`exists (${contactTable}) or exists (${others})` }).from(sql`(select 1) as one`)
  return !row?.busy
}

/** The group's own owner: its owner membership, or named as its owner (not a team owner's inherited role). */
function ownsGroup(group: Pick<TeamRecord, 'owner_id' | 'isolated_owner_id'>, viewer: Viewer, ownRole: string | null | undefined): boolean {
  return ownRole === 'owner' || group.owner_id === viewer.personId || group.isolated_owner_id === viewer.personId
}

/** The Remove rule of a group (spec 3 §6). */
function mayRemoveGroup(group: TeamRecord, viewer: Viewer, groupRole: TeamRole, ownRole: string | null | undefined, empty: boolean): boolean {
  if (ownsGroup(group, viewer, ownRole) && hasCapability(groupRole, 'delete_own_group')) return true
  return group.is_public && empty && hasCapability(groupRole, 'delete_public_group')
}

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

/** The people of a team or group, by name: one query. */
async function usersOf(deps: Deps, viewer: Viewer, teamId: number, timeZone: string): Promise<NonNullable<TeamDetail['users']>> {
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
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.person_id))
    .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(and(eq(memberships.team_id, teamId), ne(memberships.role, 'member_request')))
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
  const owns =
    (own !== null && isOwningRole(own.role)) || record.owner_id === viewer.personId || record.isolated_owner_id === viewer.personId
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

export interface TeamFormInput {
  title: string
  description?: string | undefined
  address_place_id?: string | null | undefined
  address_formatted?: string | null | undefined
  address_manual_input?: boolean | undefined
  address_street?: string | null | undefined
  address_city?: string | null | undefined
  address_state?: string | null | undefined
  address_postcode?: string | null | undefined
  address_country?: string | null | undefined
  address_lat?: number | null | undefined
  address_lng?: number | null | undefined
  acms_id?: string | null | undefined
}

const addressKeys = [
  'address_place_id',
  'address_formatted',
  'address_street',
  'address_city',
  'address_state',
  'address_postcode',
  'address_country',
  'address_lat',
  'address_lng',
] as const

/** The address columns the form sent; manual entry drops the picked place. Missing fields are kept. */
function addressColumnsOf(input: TeamFormInput): Partial<Pick<TeamRecord, (typeof addressKeys)[number]>> {
  const columns: Record<string, unknown> = {}
  for (const key of addressKeys) {
    const value = input[key]
    if (value === undefined) continue
    columns[key] = typeof value === 'string' ? value || null : value
  }
  if (input.address_manual_input === true) {
    columns.address_place_id = null
    columns.address_formatted = null
    columns.address_lat = null
    columns.address_lng = null
  }
  if (columns.address_country && typeof columns.address_country === 'string') columns.address_country = columns.address_country.toUpperCase()
  return columns
}

function hasAddress(input: TeamFormInput): boolean {
  if (input.address_manual_input !== true && (input.address_place_id || input.address_formatted)) return true
  return !!(input.address_street && input.address_city)
}

function nameTaken(): AppError {
  return new AppError('name_taken', { errors: { title: nameTakenMessage } }, nameTakenMessage)
}

/** A sub-team of the conference with this title (any case), other than `exceptId`. */
async function titleTaken(db: Executor, conferenceId: number, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.parent_id, conferenceId),
        eq(teams.kind, 'team'),
        eq(sql`lower(${teams.title})`, title.toLowerCase()),
        exceptId ? ne(teams.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** POST update-team: the team (update_team), or a sub-team of the conference team_id. */
export async function updateTeam(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: TeamFormInput & { sub_team_id?: number | undefined },
): Promise<{ success: true; success_message: string }> {
  let target: TeamRecord | undefined
  const isSubTeam = input.sub_team_id !== undefined && input.sub_team_id !== scope.team.id
  if (isSubTeam) {
    if (!scope.isConference) throw new AppError('not_found')
    target = await subTeamOf(deps.db, scope.team.id, input.sub_team_id!)
    if (!input.acms_id) throw invalid({ acms_id: requiredMessage })
  } else {
    target = await teamRow(deps.db, scope.team.id)
  }
  if (!target) throw new AppError('not_found')
  const values = {
    title: input.title,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...addressColumnsOf(input),
    ...(isSubTeam ? { acms_id: input.acms_id ?? null } : {}),
  }
  const conferenceId = isSubTeam ? scope.team.id : target.kind === 'team' ? target.parent_id : null
  try {
    await deps.db.transaction(async (tx) => {
      if (conferenceId && (await titleTaken(tx, conferenceId, input.title, target.id))) throw nameTaken()
      const [after] = await tx.update(teams).set(values).where(eq(teams.id, target.id)).returning({ id: teams.id, title: teams.title })
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'team',
        subjectId: target.id,
        action: 'update',
        before: { title: target.title },
        after,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
  return { success: true, success_message: 'Saved' }
}

/** POST update-group: update_team on the team, or the group's own owner. */
export async function updateGroup(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  input: { title: string; description?: string | undefined },
): Promise<{ success: true; success_message: string }> {
  const group = await teamRow(deps.db, scope.group.id)
  if (!group) throw new AppError('not_found')
  const isPrimary = scope.group.id === scope.team.id
  const own = await membershipRole(deps.db, viewer.personId, group.id)
  const allowed =
    hasCapability(scope.role, 'update_team') || (!isPrimary && ownsGroup(group, viewer, own?.role) && hasCapability(scope.groupRole, 'delete_own_group'))
  if (!allowed) throw new AppError('forbidden')
  await deps.db.transaction(async (tx) => {
    const [after] = await tx
      .update(teams)
      .set({ title: input.title, ...(input.description !== undefined ? { description: input.description } : {}) })
      .where(eq(teams.id, group.id))
      .returning({ id: teams.id, title: teams.title })
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: isPrimary ? 'team' : 'group',
      subjectId: group.id,
      action: 'update',
      before: { title: group.title },
      after,
    })
  })
  return { success: true, success_message: 'Saved' }
}

/** POST remove-group (spec 3 §6): never the team's own group. */
export async function removeGroup(deps: Deps, viewer: Viewer, scope: GroupScope): Promise<{ success: true; success_message: string }> {
  if (scope.group.id === scope.team.id) throw invalid({ group_id: primaryGroupMessage })
  await deps.db.transaction(async (tx) => {
    // Locked: nobody joins or adds a contact between the emptiness check and the removal.
    const [group] = await tx.select().from(teams).where(eq(teams.id, scope.group.id)).for('update')
    if (!group) throw new AppError('not_found')
    const own = await membershipRole(tx, viewer.personId, group.id)
    if (!(ownsGroup(group, viewer, own?.role) && hasCapability(scope.groupRole, 'delete_own_group'))) {
      if (!group.is_public || !hasCapability(scope.groupRole, 'delete_public_group')) throw new AppError('forbidden')
      if (!(await isEmpty(tx, group))) throw new AppError('conflict', { errors: { group_id: groupNotEmptyMessage } }, groupNotEmptyMessage)
    }
    await tx.delete(teams).where(eq(teams.id, group.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'group',
      subjectId: group.id,
      action: 'delete',
      before: { id: group.id, title: group.title, is_public: group.is_public },
    })
  })
  return { success: true, success_message: 'Saved' }
}

/**
 * POST leave-team: the caller leaves the team (and with it its groups), or one group. An
 * owner never leaves, and no team is left without an owner.
 */
/** Leaving a team one only reaches through a conference or the site role. */
export const notAMemberMessage = 'You are not a member of this team, so there is nothing to leave.'

export async function leaveTeam(deps: Deps, viewer: Viewer, scope: TeamScope, groupId: number | undefined): Promise<{ success: true; success_message: string }> {
  const targetId = groupId ?? scope.team.id
  await deps.db.transaction(async (tx) => {
    const target = await teamRow(tx, targetId)
    if (!target || (targetId !== scope.team.id && (target.kind !== 'group' || target.parent_id !== scope.team.id))) throw new AppError('not_found')
    const own = await membershipRole(tx, viewer.personId, targetId)
    // A site admin or a conference's entity admin sees the team without a place in it.
    if (!own) throw new AppError('conflict', { errors: { team_id: notAMemberMessage } }, notAMemberMessage)
    if (isOwningRole(own.role) || target.owner_id === viewer.personId || target.isolated_owner_id === viewer.personId) {
      throw new AppError('conflict', { errors: { team_id: ownerCannotLeaveMessage } }, ownerCannotLeaveMessage)
    }
    await assertKeepsAnOwner(tx, targetId, [viewer.personId])
    const leaving = targetId === scope.team.id
      ? sql`(${memberships.team_id} = ${targetId} or ${memberships.team_id} in (select ${teams.id} from ${teams} where ${teams.parent_id} = ${targetId} and ${teams.kind} = 'group'))`
      : sql`${memberships.team_id} = ${targetId}`
    const removed = await tx
      .delete(memberships)
      .where(and(eq(memberships.person_id, viewer.personId), leaving))
      .returning({ id: memberships.id, team_id: memberships.team_id, role: memberships.role })
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'membership',
      subjectId: own.id,
      action: 'delete',
      before: { person_id: viewer.personId, team_id: targetId, role: own.role, removed },
    })
  })
  return { success: true, success_message: 'Saved' }
}

/** POST manage-teams/add and add-sub-team: a new church of the conference. */
export async function addSubTeam(deps: Deps, viewer: Viewer, scope: TeamScope, input: TeamFormInput): Promise<{ id: number; success_message: string }> {
  if (!input.acms_id) throw invalid({ acms_id: requiredMessage })
  if (!hasAddress(input)) throw new AppError('require_address', { errors: { address: requireAddressMessage } }, requireAddressMessage)
  try {
    return await deps.db.transaction(async (tx) => {
      if (await titleTaken(tx, scope.team.id, input.title)) throw nameTaken()
      const [row] = await tx
        .insert(teams)
        .values({
          kind: 'team',
          parent_id: scope.team.id,
          title: input.title,
          description: input.description ?? '',
          ...addressColumnsOf(input),
          acms_id: input.acms_id ?? null,
          is_public: true,
        })
        .returning({ id: teams.id, title: teams.title, acms_id: teams.acms_id })
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'team',
        subjectId: row!.id,
        action: 'add',
        after: row,
      })
      return { id: row!.id, success_message: 'Saved' }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
}
