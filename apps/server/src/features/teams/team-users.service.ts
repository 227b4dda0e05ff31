import { and, eq, inArray, ne, or } from 'drizzle-orm'
import { roleRank, type GrantableRole, type MembershipRole, type TeamRole } from '@crm/domain'
import type { Executor } from '../../db/client'
import { assignments, memberships, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import type { GroupScope, TeamRow, TeamScope, Viewer } from '../../platform/access'
import { assertKeepsAnOwner } from './ownership'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

/** Where a team-user call acts: a team (church or conference), a group of it, or a conference's sub-team. */
export interface Place {
  /** The team or group whose memberships change. */
  target: TeamRow
  /** The team the activity is recorded on (a group's team). */
  activityTeamId: number
  /** The caller's role where the change happens. */
  callerRole: TeamRole
  isGroup: boolean
  /** The conference acting on its sub-team. */
  viaConference: boolean
}

const teamColumns = {
  id: teams.id,
  kind: teams.kind,
  parent_id: teams.parent_id,
  title: teams.title,
  is_public: teams.is_public,
  isolated_owner_id: teams.isolated_owner_id,
  acms_id: teams.acms_id,
}

/** The place of a call with group_id (a group scope): the team itself when group_id = team_id. */
export function placeOfGroup(scope: GroupScope): Place {
  const isGroup = scope.group.id !== scope.team.id
  return { target: scope.group, activityTeamId: scope.team.id, callerRole: scope.groupRole, isGroup, viaConference: false }
}

export function placeOfTeam(scope: TeamScope): Place {
  return { target: scope.team, activityTeamId: scope.team.id, callerRole: scope.role, isGroup: false, viaConference: false }
}

/**
 * A conference acting on one of its sub-teams: team_id must be the conference (400 otherwise),
 * the sub-team one of its teams (404 otherwise), and the caller an entity admin or site admin
 * there (403: a conference's owner or leader does not manage its churches' people).
 */
export async function placeOfSubTeam(
  db: Executor,
  scope: TeamScope,
  input: { conference_team_id?: number | undefined; sub_team_id?: number | undefined },
): Promise<Place> {
  const errors = new FieldRefusals()
  if (input.conference_team_id === undefined) errors.set('conference_team_id', 'required')
  else if (input.conference_team_id !== scope.team.id) errors.set('conference_team_id', 'conference_team_mismatch')
  if (input.sub_team_id === undefined) errors.set('sub_team_id', 'required')
  errors.throwIfAny()
  if (!scope.isConference) throw new AppError('forbidden')
  const [subTeam] = await db
    .select(teamColumns)
    .from(teams)
    .where(and(eq(teams.id, input.sub_team_id!), eq(teams.parent_id, scope.team.id), ne(teams.kind, 'group')))
  if (!subTeam) throw new AppError('not_found')
  if (roleRank[scope.role] < roleRank.entity_admin) throw new AppError('forbidden')
  return { target: subTeam, activityTeamId: subTeam.id, callerRole: scope.role, isGroup: false, viaConference: true }
}

/** Where an owner may make owners: in a group and in a conference (spec 3 §5 Role choices), not in a church. */
export function ownersGrantOwner(place: Place): boolean {
  return place.isGroup || place.target.kind === 'conference'
}

/**
 * Whether the caller may give a role (or take one away): member and leader for anyone
 * who manages users; owner in a group for its owners, elsewhere only from entity admin up;
 * entity admin only by a site admin. Site admin is never granted here.
 */
export function canGrant(callerRole: TeamRole, role: MembershipRole, ownersMakeOwners: boolean): boolean {
  const rank = roleRank[callerRole]
  if (role === 'member' || role === 'leader' || role === 'member_request') return rank >= roleRank.owner
  if (role === 'owner') return ownersMakeOwners ? rank >= roleRank.owner : rank > roleRank.owner
  return rank > roleRank.entity_admin
}

async function membershipOf(tx: Executor, teamId: number, personId: number, lock = false) {
  const query = tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.team_id, teamId), eq(memberships.person_id, personId), ne(memberships.role, 'member_request')))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export interface UpdateTeamUserInput {
  user_id: number
  role?: GrantableRole | undefined
  has_wwcc?: boolean | undefined
  has_adsafe?: boolean | undefined
  hidden_in_contacts?: boolean | undefined
}

/**
 * update-user (a team user): role and checks in a team or group; in a conference acting on
 * a sub-team, the checks only (role and hidden_in_contacts are refused there: 400).
 */
export async function updateTeamUser(deps: Deps, viewer: Viewer, place: Place, input: UpdateTeamUserInput) {
  if (place.viaConference) {
    const errors = new FieldRefusals()
    if (input.role !== undefined) errors.set('role', 'not_in_conference')
    if (input.hidden_in_contacts !== undefined) errors.set('hidden_in_contacts', 'not_in_conference')
    errors.throwIfAny()
  } else if (input.role === undefined) {
    throw refuseField('role', 'required')
  }
  await deps.db.transaction(async (tx) => {
    const current = await membershipOf(tx, place.target.id, input.user_id)
    if (!current) throw new AppError('not_found')
    const roleChanges = input.role !== undefined && input.role !== current.role
    if (roleChanges) {
      if (!canGrant(place.callerRole, current.role, ownersGrantOwner(place)) || !canGrant(place.callerRole, input.role!, ownersGrantOwner(place))) {
        throw new AppError('forbidden')
      }
      if (roleRank[input.role!] < roleRank[current.role]) await assertKeepsAnOwner(tx, place.target.id, [input.user_id])
    }
    const changes = {
      ...(roleChanges ? { role: input.role! } : {}),
      ...(input.has_wwcc !== undefined ? { has_wwcc: input.has_wwcc } : {}),
      ...(input.has_adsafe !== undefined ? { has_adsafe: input.has_adsafe } : {}),
      ...(input.hidden_in_contacts !== undefined ? { hidden_in_contacts: input.hidden_in_contacts } : {}),
    }
    if (Object.keys(changes).length === 0) return
    const [after] = await tx.update(memberships).set(changes).where(eq(memberships.id, current.id)).returning()
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: place.activityTeamId,
      subjectType: 'user_invites',
      subjectId: input.user_id,
      action: 'update',
      before: {
        team_id: place.target.id,
        role: current.role,
        has_wwcc: current.has_wwcc,
        has_adsafe: current.has_adsafe,
        hidden_in_contacts: current.hidden_in_contacts,
      },
      after: {
        team_id: place.target.id,
        role: after!.role,
        has_wwcc: after!.has_wwcc,
        has_adsafe: after!.has_adsafe,
        hidden_in_contacts: after!.hidden_in_contacts,
      },
    })
  })
  return { success: true as const }
}

/**
 * Takes people out of a team and its groups and ends their assignments there (the rows go).
 * Answers what was removed, for the activity log.
 */
async function removeFromTeam(tx: Executor, teamId: number, personId: number) {
  const groupIds = (
    await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.parent_id, teamId), eq(teams.kind, 'group')))
  ).map((row) => row.id)
  const places = [teamId, ...groupIds]
  for (const place of places) await assertKeepsAnOwner(tx, place, [personId])
  const removed = await tx
    .delete(memberships)
    .where(and(eq(memberships.person_id, personId), inArray(memberships.team_id, places)))
    .returning({ team_id: memberships.team_id, role: memberships.role })
  const ended = await tx
    .delete(assignments)
    .where(and(eq(assignments.to_person_id, personId), inArray(assignments.team_id, places)))
    .returning({ id: assignments.id })
  return { removed, ended_assignments: ended.length }
}

/**
 * remove-user-from-team: out of the team (and its groups), or out of one group; never the
 * last owner. The caller must be able to grant the person's role (an owner of a church does
 * not remove a fellow owner; an entity admin does).
 */
export async function removeTeamUser(deps: Deps, viewer: Viewer, place: Place, userId: number) {
  await deps.db.transaction(async (tx) => {
    const current = await membershipOf(tx, place.target.id, userId)
    if (!current) throw new AppError('not_found')
    if (!canGrant(place.callerRole, current.role, ownersGrantOwner(place))) throw new AppError('forbidden')
    let after: unknown
    if (place.isGroup) {
      await assertKeepsAnOwner(tx, place.target.id, [userId])
      await tx.delete(memberships).where(eq(memberships.id, current.id))
      const ended = await tx
        .delete(assignments)
        .where(and(eq(assignments.to_person_id, userId), eq(assignments.team_id, place.target.id)))
        .returning({ id: assignments.id })
      after = { removed: [{ team_id: place.target.id, role: current.role }], ended_assignments: ended.length }
    } else {
      after = await removeFromTeam(tx, place.target.id, userId)
    }
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: place.activityTeamId,
      subjectType: 'user_invites',
      subjectId: userId,
      action: 'delete',
      before: { team_id: place.target.id, role: current.role },
      after,
    })
  })
  return { success: true as const }
}

/**
 * retire-user: the person leaves every team and group of the conference (the conference
 * itself too) and their assignments there end; refused (409) if a team would lose its last owner.
 */
export async function retireUser(deps: Deps, viewer: Viewer, scope: TeamScope, input: { team_id: number; user_id: number }) {
  const [subTeam] = await deps.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, input.team_id), eq(teams.parent_id, scope.team.id), ne(teams.kind, 'group')))
  if (!subTeam) throw new AppError('not_found')
  await deps.db.transaction(async (tx) => {
    if (!(await membershipOf(tx, subTeam.id, input.user_id))) throw new AppError('not_found')
    const conferenceTeams = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(or(eq(teams.id, scope.team.id), and(eq(teams.parent_id, scope.team.id), ne(teams.kind, 'group'))))
    const held = await tx
      .select({ team_id: memberships.team_id })
      .from(memberships)
      .where(
        and(
          eq(memberships.person_id, input.user_id),
          inArray(
            memberships.team_id,
            conferenceTeams.map((row) => row.id),
          ),
        ),
      )
    // In id order, so two retirements at once lock the teams in the same order.
    for (const team of held.map((row) => row.team_id).sort((a, b) => a - b)) {
      const result = await removeFromTeam(tx, team, input.user_id)
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: team,
        subjectType: 'user_invites',
        subjectId: input.user_id,
        action: 'delete',
        before: { team_id: team },
        after: { retired_by_conference: scope.team.id, ...result },
      })
    }
  })
  return { success: true as const }
}
