import { and, eq, ne, sql } from 'drizzle-orm'
import { hasCapability, fieldError } from '@crm/domain'
import type { Executor } from '../../db/client'
import { memberships, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import { type GroupScope, type TeamScope, type Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { assertKeepsAnOwner, isOwningRole } from './ownership'
import { isEmpty, membershipRole, ownsGroup, subTeamOf, subTeamWithAcmsId, teamRow, type TeamRecord } from './team-records'
import { refuseField } from '../../platform/field-refusals'

// Team administration (spec 3 §2.4, §6, §7 Teams, groups, users; Sub-teams): a team's or group's
// edit, group removal, leaving, and adding a conference's sub-team. The view is team-detail.service.ts.

export const requiredMessage = 'Required'
export const nameTakenMessage = 'This name is already used.'
export const requireAddressMessage = 'An address is required.'
export const ownerCannotLeaveMessage = 'An owner cannot leave the team; make someone else the owner first.'
export const groupNotEmptyMessage = 'Only an empty group can be removed.'
export const primaryGroupMessage = "The team's own group cannot be removed."

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
  return refuseField('title', 'name_taken', { code: 'name_taken', message: nameTakenMessage, asMessage: true })
}

export function acmsIdTakenMessage(team: string): string {
  return `This ACMS ID is already used by ${team}.`
}

/**
 * The writes of a conference's sub-teams take turns (an advisory lock per conference; 7303:
 * this lock's class, see duplicates.service.ts for 7301), then its names and ACMS ids are
 * checked: no two churches share a name (name_taken) or an ACMS id (acms_id_taken, issue 35:
 * invites would be checked against the wrong roster). No unique index holds the ids, so the
 * lock is what keeps two saves from both passing the check.
 */
async function assertSubTeamFree(tx: Executor, conferenceId: number, fields: { title: string; acms_id?: string | null | undefined }, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(7303, ${conferenceId})`)
  if (await titleTaken(tx, conferenceId, fields.title, exceptId)) throw nameTaken()
  if (!fields.acms_id) return
  const holder = await subTeamWithAcmsId(tx, conferenceId, fields.acms_id, exceptId)
  if (holder) {
    const message = acmsIdTakenMessage(holder.title)
    throw refuseField('acms_id', fieldError('acms_id_taken', { team: holder.title }), {
      code: 'acms_id_taken',
      details: { team: holder.title },
      message,
      asMessage: true,
    })
  }
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
    if (!input.acms_id) throw refuseField('acms_id', 'required')
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
      if (isSubTeam) await assertSubTeamFree(tx, scope.team.id, input, target.id)
      else if (conferenceId && (await titleTaken(tx, conferenceId, input.title, target.id))) throw nameTaken()
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
  if (scope.group.id === scope.team.id) throw refuseField('group_id', 'primary_group', { message: primaryGroupMessage })
  await deps.db.transaction(async (tx) => {
    // Locked: nobody joins or adds a contact between the emptiness check and the removal.
    const [group] = await tx.select().from(teams).where(eq(teams.id, scope.group.id)).for('update')
    if (!group) throw new AppError('not_found')
    const own = await membershipRole(tx, viewer.personId, group.id)
    if (!(ownsGroup(group, viewer, own?.role) && hasCapability(scope.groupRole, 'delete_own_group'))) {
      if (!group.is_public || !hasCapability(scope.groupRole, 'delete_public_group')) throw new AppError('forbidden')
      if (!(await isEmpty(tx, group))) throw refuseField('group_id', 'group_not_empty', { code: 'conflict', message: groupNotEmptyMessage, asMessage: true })
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

export async function leaveTeam(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  groupId: number | undefined,
): Promise<{ success: true; success_message: string }> {
  const targetId = groupId ?? scope.team.id
  await deps.db.transaction(async (tx) => {
    const target = await teamRow(tx, targetId)
    if (!target || (targetId !== scope.team.id && (target.kind !== 'group' || target.parent_id !== scope.team.id))) throw new AppError('not_found')
    const own = await membershipRole(tx, viewer.personId, targetId)
    // A site admin or a conference's entity admin sees the team without a place in it.
    if (!own) throw refuseField('team_id', 'not_a_member', { code: 'conflict', message: notAMemberMessage, asMessage: true })
    if (isOwningRole(own.role) || target.owner_id === viewer.personId || target.isolated_owner_id === viewer.personId) {
      throw refuseField('team_id', 'owner_cannot_leave', { code: 'conflict', message: ownerCannotLeaveMessage, asMessage: true })
    }
    await assertKeepsAnOwner(tx, targetId, [viewer.personId])
    const leaving =
      targetId === scope.team.id
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
  if (!input.acms_id) throw refuseField('acms_id', 'required')
  if (!hasAddress(input)) throw refuseField('address', 'address_required', { code: 'require_address', message: requireAddressMessage, asMessage: true })
  try {
    return await deps.db.transaction(async (tx) => {
      await assertSubTeamFree(tx, scope.team.id, input)
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
