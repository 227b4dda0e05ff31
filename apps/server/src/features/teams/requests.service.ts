import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import { maxRequestsListed, type MembershipRequest, type OwnerRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, memberships, ownerRequests, people, teams } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'
import { queueMail } from '../../platform/mail'

// Membership requests (a membership with role member_request, made at sign-up) and owner
// requests (spec 3 §2.4, §4): pending, then accepted or rejected. Each decision is one
// conditional write, so two decisions at once change the row once and the second is 404.

const personName = sql<string>`trim(${people.first_name} || ' ' || ${people.last_name})`
// The sign-in address where there is an account, else the person's own.
const personEmail = sql<string>`coalesce(${accounts.email}, ${people.email}, '')`

/** GET membership-requests: the team's pending requests, oldest first. */
export async function listMembershipRequests(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ items: MembershipRequest[]; count: number }> {
  const where = and(eq(memberships.team_id, scope.team.id), eq(memberships.role, 'member_request'))
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ id: memberships.id, user_id: memberships.person_id, name: personName, email: personEmail, created_at: memberships.created_at })
      .from(memberships)
      .innerJoin(people, eq(people.id, memberships.person_id))
      .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
      .where(where)
      .orderBy(asc(memberships.created_at), asc(memberships.id))
      .limit(maxRequestsListed),
    deps.db.select({ n: count() }).from(memberships).where(where),
  ])
  const items = rows.map(({ created_at, ...row }) => ({ ...row, date_display: displayDate(created_at, viewer.locale, scope.settings.timeZone) }))
  return { items, count: total?.n ?? items.length }
}

async function personContact(tx: Executor, personId: number) {
  const [row] = await tx
    .select({ name: personName, first_name: people.first_name, email: personEmail })
    .from(people)
    .leftJoin(accounts, eq(accounts.person_id, people.id))
    .where(eq(people.id, personId))
  return row
}

async function mailOutcome(tx: Executor, deps: Deps, personId: number, subject: string, text: (firstName: string) => string) {
  const person = await personContact(tx, personId)
  if (!person?.email) return
  await queueMail(tx, deps, { to: person.email, subject, text: text(person.first_name), template: 'team_request_decision' })
}

/** accept-membership-request: the pending membership becomes member; 404 without one. */
export async function acceptMembershipRequest(deps: Deps, viewer: Viewer, scope: TeamScope, personId: number): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.team_id, scope.team.id), eq(memberships.person_id, personId), eq(memberships.role, 'member_request')))
      .returning({ id: memberships.id })
    if (!row) throw new AppError('not_found')
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_invites',
      subjectId: personId,
      action: 'update',
      before: { role: 'member_request' },
      after: { role: 'member', decision: 'accepted' },
    })
    await mailOutcome(
      tx,
      deps,
      personId,
      `Welcome to ${scope.team.title}`,
      (name) => `Hello ${name},\n\nYour request to join ${scope.team.title} has been accepted. Sign in to start: ${deps.config.publicUrl}/login\n`,
    )
    return { success: true as const }
  })
}

/** reject-membership-request: the pending membership is removed; 404 without one. */
export async function rejectMembershipRequest(deps: Deps, viewer: Viewer, scope: TeamScope, personId: number): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(memberships)
      .where(and(eq(memberships.team_id, scope.team.id), eq(memberships.person_id, personId), eq(memberships.role, 'member_request')))
      .returning({ id: memberships.id })
    if (!row) throw new AppError('not_found')
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_invites',
      subjectId: personId,
      action: 'delete',
      before: { role: 'member_request' },
      after: { decision: 'rejected' },
    })
    await mailOutcome(
      tx,
      deps,
      personId,
      `Your request to join ${scope.team.title}`,
      (name) => `Hello ${name},\n\nYour request to join ${scope.team.title} was not accepted. Contact the church if you think this is a mistake.\n`,
    )
    return { success: true as const }
  })
}

/** GET owner-requests (site admins): every pending owner request, oldest first. */
export async function listOwnerRequests(deps: Deps, viewer: Viewer): Promise<{ items: OwnerRequest[]; count: number }> {
  const where = eq(ownerRequests.status, 'pending')
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ id: ownerRequests.id, name: personName, team_name: teams.title, email: personEmail, created_at: ownerRequests.created_at })
      .from(ownerRequests)
      .innerJoin(people, eq(people.id, ownerRequests.person_id))
      .innerJoin(teams, eq(teams.id, ownerRequests.team_id))
      .leftJoin(accounts, eq(accounts.person_id, ownerRequests.person_id))
      .where(where)
      .orderBy(asc(ownerRequests.created_at), asc(ownerRequests.id))
      .limit(maxRequestsListed),
    deps.db.select({ n: count() }).from(ownerRequests).where(where),
  ])
  const items = rows.map(({ created_at, ...row }) => ({ ...row, created_display: displayDate(created_at, viewer.locale) }))
  return { items, count: total?.n ?? items.length }
}

/** Closes a pending owner request (one conditional write); 404 when none is pending. */
async function decideOwnerRequest(tx: Executor, deps: Deps, viewer: Viewer, requestId: number, status: 'accepted' | 'rejected') {
  const [request] = await tx
    .update(ownerRequests)
    .set({ status, decided_by_id: viewer.personId, decided_at: deps.now() })
    .where(and(eq(ownerRequests.id, requestId), eq(ownerRequests.status, 'pending')))
    .returning({ person_id: ownerRequests.person_id, team_id: ownerRequests.team_id })
  if (!request) throw new AppError('not_found')
  const [team] = await tx.select({ title: teams.title }).from(teams).where(eq(teams.id, request.team_id))
  return { ...request, team_title: team?.title ?? '' }
}

/**
 * accept-owner-request: the requester's membership of the team becomes owner (made when
 * missing; an entity admin keeps the higher role), and the team's owner_id is set if empty.
 */
export async function acceptOwnerRequest(deps: Deps, viewer: Viewer, requestId: number): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const request = await decideOwnerRequest(tx, deps, viewer, requestId, 'accepted')
    const [before] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.team_id, request.team_id), eq(memberships.person_id, request.person_id)))
    await tx
      .insert(memberships)
      .values({ person_id: request.person_id, team_id: request.team_id, role: 'owner' })
      .onConflictDoUpdate({
        target: [memberships.person_id, memberships.team_id],
        set: { role: 'owner' },
        setWhere: sql`${memberships.role} <> 'entity_admin'`,
      })
    await tx
      .update(teams)
      .set({ owner_id: request.person_id })
      .where(and(eq(teams.id, request.team_id), isNull(teams.owner_id)))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: request.team_id,
      subjectType: 'user_invites',
      subjectId: request.person_id,
      action: 'update',
      before: { role: before?.role ?? null },
      after: { role: before?.role === 'entity_admin' ? 'entity_admin' : 'owner', owner_request_id: requestId, decision: 'accepted' },
    })
    await mailOutcome(
      tx,
      deps,
      request.person_id,
      `You are now an owner of ${request.team_title}`,
      (name) => `Hello ${name},\n\nYour request to become an owner of ${request.team_title} has been accepted.\n`,
    )
    return { success: true as const }
  })
}

/** reject-owner-request: the request is closed; the requester's role stays as it is. */
export async function rejectOwnerRequest(deps: Deps, viewer: Viewer, requestId: number): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const request = await decideOwnerRequest(tx, deps, viewer, requestId, 'rejected')
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: request.team_id,
      subjectType: 'user_invites',
      subjectId: request.person_id,
      action: 'update',
      after: { owner_request_id: requestId, decision: 'rejected' },
    })
    await mailOutcome(
      tx,
      deps,
      request.person_id,
      `Your owner request for ${request.team_title}`,
      (name) => `Hello ${name},\n\nYour request to become an owner of ${request.team_title} was not accepted.\n`,
    )
    return { success: true as const }
  })
}
