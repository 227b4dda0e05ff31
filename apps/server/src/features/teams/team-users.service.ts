import { and, eq, inArray, ne, or } from 'drizzle-orm'
import { roleRank, type GrantableRole, type MembershipRole, type TeamRole } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, assignments, invites, memberships, people, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import { churchRoster } from '../../platform/church-roster'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { queueMail } from '../../platform/mail'
import type { GroupScope, TeamRow, TeamScope, Viewer } from '../../platform/access'
import { queueInviteMail } from './invite-links'
import { assertKeepsAnOwner } from './ownership'
import { createInvite } from './teams.service'

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
export async function placeOfSubTeam(db: Executor, scope: TeamScope, input: { conference_team_id?: number | undefined; sub_team_id?: number | undefined }): Promise<Place> {
  const errors: Record<string, string> = {}
  if (input.conference_team_id === undefined) errors.conference_team_id = 'Required'
  else if (input.conference_team_id !== scope.team.id) errors.conference_team_id = 'Must be the team_id of the conference'
  if (input.sub_team_id === undefined) errors.sub_team_id = 'Required'
  if (Object.keys(errors).length > 0) throw new AppError('invalid_request', { errors })
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

export function inTeamMessage(email: string) {
  return `The email ${email} is already in this team`
}

/** The account emails (lower case) among `emails` that hold a place in the team or group (a pending request is no place). */
export async function emailsInTeam(db: Executor, teamId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const rows = await db
    .select({ email: accounts.email })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(and(eq(memberships.team_id, teamId), ne(memberships.role, 'member_request'), inArray(accounts.email, emails)))
  return new Set(rows.map((row) => row.email))
}

export async function personName(db: Executor, personId: number): Promise<string> {
  const [row] = await db.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, personId))
  return row ? `${row.first_name} ${row.last_name}`.trim() : ''
}

/** The church of a team for the roster check: its conference and ACMS id (none for a team outside a conference). */
export async function rosterChurchOf(db: Executor, team: { id: number; parent_id: number | null; kind: string }) {
  if (team.kind !== 'team' || team.parent_id === null) return null
  const [row] = await db.select({ acms_id: teams.acms_id }).from(teams).where(eq(teams.id, team.id))
  const [parent] = await db.select({ kind: teams.kind }).from(teams).where(eq(teams.id, team.parent_id))
  if (!row || parent?.kind !== 'conference') return null
  return { conferenceId: team.parent_id, acmsId: row.acms_id }
}

export const notInChurchMessage = (email: string) => `The email ${email} was not found as a member of this church.`
export const requiresAdminMessage = (email: string) =>
  `The email ${email} cannot be added without admin approval. An email has been sent to the admin.`

type RosterVerdict = 'ok' | 'not_in_church' | 'requires_admin'

/**
 * The church roster rule (spec 3 §5, §8): an email the church's roster lacks is refused
 * (acms_not_in_church) unless the caller ticks ignore_acms_check; a leader or owner invited
 * by someone below entity admin needs the admin's approval, which ignoring does not skip.
 */
export function rosterVerdict(answer: string, role: MembershipRole, callerRole: TeamRole, ignore: boolean): RosterVerdict {
  if (answer !== 'not_member') return 'ok'
  if (role !== 'member' && roleRank[callerRole] < roleRank.entity_admin) return 'requires_admin'
  return ignore ? 'ok' : 'not_in_church'
}

/** Tells the conference's entity admins that invites wait for their approval (one mail each, naming every invitee). */
export async function mailEntityAdmins(
  deps: Deps,
  conferenceId: number,
  church: TeamRow,
  viewer: Viewer,
  invitees: ReadonlyArray<{ email: string; name: string; role: string }>,
) {
  const admins = await deps.db
    .select({ email: accounts.email })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(and(eq(memberships.team_id, conferenceId), eq(memberships.role, 'entity_admin')))
  const inviter = (await personName(deps.db, viewer.personId)) || viewer.email
  const who = invitees.map((invitee) => `- ${invitee.name ? `${invitee.name} <${invitee.email}>` : invitee.email} as ${invitee.role}`)
  for (const admin of admins) {
    await queueMail(deps.db, deps, {
      to: admin.email,
      template: 'invite_approval',
      subject: `Approval needed: ${invitees.length === 1 ? invitees[0]!.email : `${invitees.length} people`} invited to ${church.title}`,
      text: [
        `${inviter} (${viewer.email}) tried to invite to ${church.title}:`,
        ...who,
        '',
        `These emails are not on ${church.title}'s membership roster, so the invites need an admin's approval.`,
        'To approve, send the invite yourself from the church\'s users page in the conference, ticking "Ignore membership check".',
        '',
        deps.config.siteName,
      ].join('\n'),
    })
  }
}

export interface SendInviteInput {
  invite_user_id?: number | undefined
  first_name?: string | undefined
  last_name?: string | undefined
  email?: string | undefined
  role: GrantableRole
  ignore_acms_check?: boolean | undefined
}

/**
 * send-invite and send-invite-conference-sub-team: a new person by email to a team (or a
 * sub-team), or a user of the team to one of its groups. An open invite for the same email
 * and team is replaced (cancelled, its link dead) by the new one: sending again resends.
 */
export async function sendInvite(deps: Deps, viewer: Viewer, place: Place, input: SendInviteInput) {
  const errors: Record<string, string> = {}
  let email: string
  let firstName = input.first_name ?? ''
  let lastName = input.last_name ?? ''
  let personId: number | null = null
  if (place.isGroup) {
    if (input.invite_user_id === undefined) throw new AppError('invalid_request', { errors: { invite_user_id: 'Required' } })
    // A user of the group's team (not a pending request).
    const [user] = await deps.db
      .select({ id: people.id, email: accounts.email, first_name: people.first_name, last_name: people.last_name })
      .from(memberships)
      .innerJoin(people, eq(people.id, memberships.person_id))
      .innerJoin(accounts, eq(accounts.person_id, memberships.person_id))
      .where(and(eq(memberships.team_id, place.target.parent_id!), eq(memberships.person_id, input.invite_user_id), ne(memberships.role, 'member_request')))
    if (!user) throw new AppError('not_found', { errors: { invite_user_id: 'Not a user of this team' } })
    ;({ email, first_name: firstName, last_name: lastName } = user)
    personId = user.id
  } else {
    if (!input.first_name) errors.first_name = 'Required'
    if (!input.email) errors.email = 'Required'
    if (Object.keys(errors).length > 0) throw new AppError('invalid_request', { errors })
    email = input.email!.trim().toLowerCase()
  }
  if (!canGrant(place.callerRole, input.role, ownersGrantOwner(place))) throw new AppError('forbidden')
  if ((await emailsInTeam(deps.db, place.target.id, [email])).size > 0) {
    throw new AppError('in_team', { email, errors: { email: inTeamMessage(email) } }, inTeamMessage(email))
  }
  if (!place.isGroup) {
    const church = await rosterChurchOf(deps.db, place.target)
    if (church) {
      const answer = await churchRoster(deps).checkMember(church, email)
      const verdict = rosterVerdict(answer, input.role, place.callerRole, input.ignore_acms_check ?? false)
      if (verdict === 'not_in_church') {
        throw new AppError('acms_not_in_church', { email, errors: { email: notInChurchMessage(email) } }, notInChurchMessage(email))
      }
      if (verdict === 'requires_admin') {
        await mailEntityAdmins(deps, church.conferenceId, place.target, viewer, [{ email, name: `${firstName} ${lastName}`.trim(), role: input.role }])
        throw new AppError('acms_not_in_church_requires_admin', { email, errors: { email: requiresAdminMessage(email) } }, requiresAdminMessage(email))
      }
    }
  }
  const inviterName = await personName(deps.db, viewer.personId)
  const inviteId = await deps.db.transaction(async (tx) => {
    // One invite at a time per team: two identical sends at once end with one open invite.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, place.target.id)).for('update')
    if ((await emailsInTeam(tx, place.target.id, [email])).size > 0) {
      throw new AppError('in_team', { email, errors: { email: inTeamMessage(email) } }, inTeamMessage(email))
    }
    const replaced = await tx
      .update(invites)
      .set({ status: 'cancelled', key_hash: null })
      .where(and(eq(invites.team_id, place.target.id), eq(invites.email, email), eq(invites.status, 'pending')))
      .returning({ id: invites.id })
    const created = await createInvite(tx, deps, { teamId: place.target.id, invitedById: viewer.personId, email, firstName, lastName, role: input.role })
    if (personId !== null) await tx.update(invites).set({ person_id: personId }).where(eq(invites.id, created.id))
    await queueInviteMail(tx, deps, {
      id: created.id,
      created_at: created.createdAt,
      email,
      first_name: firstName,
      last_name: lastName,
      team_title: place.target.title,
      invited_by_name: inviterName,
      existing: personId !== null || created.existing,
    })
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: place.activityTeamId,
      subjectType: 'user_invites',
      subjectId: created.id,
      action: 'add',
      after: { team_id: place.target.id, email, role: input.role, replaced: replaced.map((row) => row.id) },
    })
    return created.id
  })
  return { invite_id: inviteId, email, success_message: `An invite has been sent to ${email}.` }
}

/** delete-invite: an open invite of the place is cancelled; its link stops working. */
export async function deleteInvite(deps: Deps, viewer: Viewer, place: Place, inviteId: number) {
  await deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(invites)
      .set({ status: 'cancelled', key_hash: null })
      .where(and(eq(invites.id, inviteId), eq(invites.team_id, place.target.id), eq(invites.status, 'pending')))
      .returning({ id: invites.id, email: invites.email, role: invites.role })
    if (!cancelled) throw new AppError('not_found')
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: place.activityTeamId,
      subjectType: 'user_invites',
      subjectId: cancelled.id,
      action: 'delete',
      before: { team_id: place.target.id, email: cancelled.email, role: cancelled.role, status: 'pending' },
      after: { status: 'cancelled' },
    })
  })
  return { success: true as const }
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
    const errors: Record<string, string> = {}
    if (input.role !== undefined) errors.role = 'Not accepted in a conference'
    if (input.hidden_in_contacts !== undefined) errors.hidden_in_contacts = 'Not accepted in a conference'
    if (Object.keys(errors).length > 0) throw new AppError('invalid_request', { errors })
  } else if (input.role === undefined) {
    throw new AppError('invalid_request', { errors: { role: 'Required' } })
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
      before: { team_id: place.target.id, role: current.role, has_wwcc: current.has_wwcc, has_adsafe: current.has_adsafe, hidden_in_contacts: current.hidden_in_contacts },
      after: { team_id: place.target.id, role: after!.role, has_wwcc: after!.has_wwcc, has_adsafe: after!.has_adsafe, hidden_in_contacts: after!.hidden_in_contacts },
    })
  })
  return { success: true as const }
}

/**
 * Takes people out of a team and its groups and ends their assignments there (the rows go).
 * Answers what was removed, for the activity log.
 */
async function removeFromTeam(tx: Executor, teamId: number, personId: number) {
  const groupIds = (await tx.select({ id: teams.id }).from(teams).where(and(eq(teams.parent_id, teamId), eq(teams.kind, 'group')))).map((row) => row.id)
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
      .where(and(eq(memberships.person_id, input.user_id), inArray(memberships.team_id, conferenceTeams.map((row) => row.id))))
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
