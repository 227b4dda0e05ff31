import { and, eq, isNull, sql } from 'drizzle-orm'
import { roleRank, type MembershipRole, type TotpSetup } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, invites, memberships, people, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { checkNewPassword, hashPassword } from '../../platform/passwords'
import { hashToken } from '../../platform/tokens'
import { createAccount } from '../auth/signup.service'
import { completeSignIn } from '../auth/auth.service'
import { FieldRefusals } from '../../platform/field-refusals'

const inviterName = sql<string>`coalesce((select trim(p.first_name || ' ' || p.last_name) from people p where p.id = ${invites.invited_by_id}), '')`

/**
 * The pending, unexpired invite of a key: 410 expired for one past its date, key_invalid for
 * anything else (unknown, accepted, cancelled).
 */
async function findOpenInvite(db: Executor, now: Date, key: string) {
  const [row] = await db
    .select({
      invite: invites,
      team: { id: teams.id, title: teams.title, kind: teams.kind, parent_id: teams.parent_id },
      invitedByName: inviterName,
    })
    .from(invites)
    .innerJoin(teams, eq(teams.id, invites.team_id))
    .where(eq(invites.key_hash, hashToken(key)))
  if (!row || row.invite.status !== 'pending') throw new AppError('key_invalid')
  if (row.invite.expires_at <= now) throw new AppError('expired')
  return row
}

async function accountIdOf(db: Executor, email: string): Promise<number | undefined> {
  const [account] = await db.select({ id: accounts.person_id }).from(accounts).where(eq(accounts.email, email.toLowerCase()))
  return account?.id
}

/** POST check-invite-key: who invites whom to what, before the form shows (spec 3 §2.5). */
export async function checkInviteKey(deps: Deps, key: string) {
  const { invite, team, invitedByName } = await findOpenInvite(deps.db, deps.now(), key)
  return {
    team_name: team.title,
    invited_by_name: invitedByName,
    email: invite.email,
    first_name: invite.first_name,
    last_name: invite.last_name,
    existing: (await accountIdOf(deps.db, invite.email)) !== undefined,
  }
}

/** Gives the person the role on the team, or raises a lower one; never lowers, never duplicates. */
async function grantRole(tx: Executor, personId: number, teamId: number, role: Exclude<MembershipRole, 'member_request'>): Promise<void> {
  const [current] = await tx
    .select({ id: memberships.id, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  if (!current) {
    await tx.insert(memberships).values({ person_id: personId, team_id: teamId, role }).onConflictDoNothing()
  } else if (roleRank[current.role] < roleRank[role]) {
    await tx.update(memberships).set({ role }).where(eq(memberships.id, current.id))
  }
}

export interface ActivateInviteInput {
  key: string
  first_name?: string | undefined
  last_name?: string | undefined
  email?: string | undefined
  password?: string | undefined
}

type OpenInvite = Awaited<ReturnType<typeof findOpenInvite>>
interface NewPerson {
  firstName: string
  lastName: string
  passwordHash: string
}

/** A new person's form: first name and a strong password; the email is the invite's. */
async function newPersonFrom(input: ActivateInviteInput, invite: OpenInvite['invite']): Promise<NewPerson> {
  const errors = new FieldRefusals()
  if (!input.first_name) errors.set('first_name', 'required')
  if (!input.password) errors.set('password', 'required')
  if (input.email && input.email !== invite.email) errors.set('email', 'invite_other_address')
  errors.throwIfAny()
  const lastName = input.last_name ?? invite.last_name
  checkNewPassword(input.password!, [input.first_name!, lastName, invite.email])
  return { firstName: input.first_name!, lastName, passwordHash: await hashPassword(input.password!) }
}

/** The writes of an acceptance, in one transaction; answers the person's id. */
async function acceptInvite(tx: Executor, now: Date, { invite, team }: OpenInvite, existingId: number | undefined, newPerson: NewPerson | undefined) {
  // Only one acceptance of an invite wins, even two at once.
  const accepted = await tx
    .update(invites)
    .set({ status: 'accepted', accepted_at: now })
    .where(and(eq(invites.id, invite.id), eq(invites.status, 'pending')))
    .returning({ id: invites.id })
  if (accepted.length === 0) throw new AppError('key_invalid')
  const id =
    existingId ??
    (await createAccount(
      tx,
      now,
      { firstName: newPerson!.firstName, lastName: newPerson!.lastName, email: invite.email, password: '', verified: true },
      newPerson!.passwordHash,
    ))
  await tx.update(invites).set({ person_id: id }).where(eq(invites.id, invite.id))
  if (existingId !== undefined) {
    // The link came to this address, so it is verified now, if it was not yet.
    await tx
      .update(accounts)
      .set({ email_verified_at: now })
      .where(and(eq(accounts.person_id, id), eq(accounts.email, invite.email), isNull(accounts.email_verified_at)))
    await tx
      .update(people)
      .set({ email_is_verified: true })
      .where(and(eq(people.id, id), eq(people.email, invite.email)))
  }
  await grantRole(tx, id, team.id, invite.role)
  if (team.kind === 'group' && team.parent_id !== null) {
    // A place in the team, unless the person has one (a pending request stays as it is).
    await tx.insert(memberships).values({ person_id: id, team_id: team.parent_id, role: 'member' }).onConflictDoNothing()
  }
  await recordActivity(tx, {
    authorId: id,
    teamId: team.kind === 'group' ? team.parent_id : team.id,
    subjectType: 'user_invites',
    subjectId: invite.id,
    action: 'update',
    after: { status: 'accepted', person_id: id, team_id: team.id, role: invite.role, new_account: existingId === undefined },
  })
  return id
}

/**
 * POST activate-invite. A new person sets a password and is signed in (the link came by
 * mail, so the address counts as verified); an existing person just joins: the key proves
 * the address, not who is at the keyboard, so it never signs anyone in. Joining a group
 * also makes the person a member of the group's team.
 */
export async function activateInvite(deps: Deps, input: ActivateInviteInput, userAgent?: string) {
  const now = deps.now()
  const open = await findOpenInvite(deps.db, now, input.key)
  const { team } = open
  const place = { team_id: team.id, team_is_group: team.kind === 'group', team_parent_id: team.kind === 'group' ? team.parent_id : null }
  const existingId = await accountIdOf(deps.db, open.invite.email)
  const newPerson = existingId === undefined ? await newPersonFrom(input, open.invite) : undefined

  const personId = await deps.db
    .transaction((tx) => acceptInvite(tx, now, open, existingId, newPerson))
    .catch((error: unknown) => {
      // An account for the address was made meanwhile (a sign-up at the same moment).
      throw isUniqueViolation(error) ? new AppError('email_exists') : error
    })
  if (existingId !== undefined) return place

  const [account] = await deps.db.select().from(accounts).where(eq(accounts.person_id, personId))
  try {
    return { ...(await completeSignIn(deps, account!, {}, userAgent)), ...place }
  } catch (error) {
    // The new person's role requires two-factor sign-in: the setup step follows.
    if (error instanceof AppError && (error.code === '2fa_not_setup' || error.code === '2fa_required')) {
      const totp = error.details.totp as TotpSetup | undefined
      return { code: error.code, ...(totp ? { totp } : {}), ...place }
    }
    throw error
  }
}
