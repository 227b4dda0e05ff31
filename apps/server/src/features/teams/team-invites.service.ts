import { and, eq, inArray, ne } from 'drizzle-orm'
import { roleRank, type GrantableRole, type MembershipRole, type TeamRole, fieldError } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, invites, memberships, people, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import { churchRoster } from '../../platform/church-roster'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { queueMail } from '../../platform/mail'
import type { TeamRow, Viewer } from '../../platform/access'
import { queueInviteMail } from './invite-links'
import { createInvite } from './teams.service'
import { canGrant, ownersGrantOwner, type Place } from './team-users.service'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// Invites from the users page (spec 3 §4, §5, §7 Teams, groups, users; §8 invite codes):
// send-invite with the church roster check, delete-invite.

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
export const requiresAdminMessage = (email: string) => `The email ${email} cannot be added without admin approval. An email has been sent to the admin.`

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
  const errors = new FieldRefusals()
  let email: string
  let firstName = input.first_name ?? ''
  let lastName = input.last_name ?? ''
  let personId: number | null = null
  if (place.isGroup) {
    if (input.invite_user_id === undefined) throw refuseField('invite_user_id', 'required')
    // A user of the group's team (not a pending request).
    const [user] = await deps.db
      .select({ id: people.id, email: accounts.email, first_name: people.first_name, last_name: people.last_name })
      .from(memberships)
      .innerJoin(people, eq(people.id, memberships.person_id))
      .innerJoin(accounts, eq(accounts.person_id, memberships.person_id))
      .where(and(eq(memberships.team_id, place.target.parent_id!), eq(memberships.person_id, input.invite_user_id), ne(memberships.role, 'member_request')))
    if (!user) throw refuseField('invite_user_id', 'not_a_team_user', { code: 'not_found' })
    ;({ email, first_name: firstName, last_name: lastName } = user)
    personId = user.id
  } else {
    if (!input.first_name) errors.set('first_name', 'required')
    if (!input.email) errors.set('email', 'required')
    errors.throwIfAny()
    email = input.email!.trim().toLowerCase()
  }
  if (!canGrant(place.callerRole, input.role, ownersGrantOwner(place))) throw new AppError('forbidden')
  if ((await emailsInTeam(deps.db, place.target.id, [email])).size > 0) {
    throw refuseField('email', fieldError('in_team', { email }), { code: 'in_team', details: { email }, message: inTeamMessage(email), asMessage: true })
  }
  if (!place.isGroup) {
    const church = await rosterChurchOf(deps.db, place.target)
    if (church) {
      const answer = await churchRoster(deps).checkMember(church, email)
      const verdict = rosterVerdict(answer, input.role, place.callerRole, input.ignore_acms_check ?? false)
      if (verdict === 'not_in_church') {
        throw refuseField('email', fieldError('acms_not_in_church', { email }), {
          code: 'acms_not_in_church',
          details: { email },
          message: notInChurchMessage(email),
          asMessage: true,
        })
      }
      if (verdict === 'requires_admin') {
        await mailEntityAdmins(deps, church.conferenceId, place.target, viewer, [{ email, name: `${firstName} ${lastName}`.trim(), role: input.role }])
        throw refuseField('email', fieldError('acms_requires_admin', { email }), {
          code: 'acms_not_in_church_requires_admin',
          details: { email },
          message: requiresAdminMessage(email),
          asMessage: true,
        })
      }
    }
  }
  const inviterName = await personName(deps.db, viewer.personId)
  const inviteId = await deps.db.transaction(async (tx) => {
    // One invite at a time per team: two identical sends at once end with one open invite.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, place.target.id)).for('update')
    if ((await emailsInTeam(tx, place.target.id, [email])).size > 0) {
      throw refuseField('email', fieldError('in_team', { email }), { code: 'in_team', details: { email }, message: inTeamMessage(email), asMessage: true })
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
