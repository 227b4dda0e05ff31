import { and, count, eq, gt, or, sql } from 'drizzle-orm'
import { hasCapability, type Invite, type MembershipRole, type PendingItems } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, invites, memberships, ownerRequests, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import type { TeamScope, Viewer } from '../../platform/access'
import { hashToken } from '../../platform/tokens'
import { inviteKey, inviteLink } from './invite-links'

/** Days an invite stays open. */
export const inviteDays = 30

/**
 * add-group: anyone with a place in the team may make a private group of their own; a
 * public group is team administration and needs update_team.
 */
export async function addGroup(deps: Deps, viewer: Viewer, scope: TeamScope, input: { title: string; is_private: boolean }): Promise<{ id: number }> {
  if (!input.is_private && !hasCapability(scope.role, 'update_team')) throw new AppError('forbidden')
  return deps.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(teams)
      .values({
        kind: 'group',
        parent_id: scope.team.id,
        title: input.title,
        is_public: !input.is_private,
        owner_id: viewer.personId,
        isolated_owner_id: input.is_private ? viewer.personId : null,
      })
      .returning({ id: teams.id, title: teams.title, is_public: teams.is_public })
    await tx.insert(memberships).values({ person_id: viewer.personId, team_id: group!.id, role: 'owner' })
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'group',
      subjectId: group!.id,
      action: 'add',
      after: group,
    })
    return { id: group!.id }
  })
}

export interface NewInvite {
  teamId: number
  invitedById: number | null
  email: string
  firstName?: string
  lastName?: string
  role: Exclude<MembershipRole, 'member_request'>
}

/** Creates a pending invite and answers its link. Sending it is the team screens' job. */
export async function createInvite(tx: Executor, deps: Pick<Deps, 'config' | 'now'>, invite: NewInvite) {
  const email = invite.email.toLowerCase()
  // The person of the address is the one who signs in with it (a contact with the address has no account).
  const [existing] = await tx.select({ id: accounts.person_id }).from(accounts).where(eq(accounts.email, email)).limit(1)
  const [row] = await tx
    .insert(invites)
    .values({
      team_id: invite.teamId,
      invited_by_id: invite.invitedById,
      person_id: existing?.id ?? null,
      email,
      first_name: invite.firstName ?? '',
      last_name: invite.lastName ?? '',
      role: invite.role,
      expires_at: new Date(deps.now().getTime() + inviteDays * 24 * 3600 * 1000),
    })
    .returning()
  const key = inviteKey(deps, row!.id, row!.created_at)
  await tx
    .update(invites)
    .set({ key_hash: hashToken(key) })
    .where(eq(invites.id, row!.id))
  return { id: row!.id, key, createdAt: row!.created_at, existing: existing !== undefined }
}

/** GET invites: the open invites addressed to the signed-in person, with their links. */
export async function listInvites(deps: Deps, viewer: Viewer): Promise<{ items: Invite[]; count: number }> {
  const inviter = sql<string | null>`(select trim(p.first_name || ' ' || p.last_name) from people p where p.id = ${invites.invited_by_id})`
  const rows = await deps.db
    .select({
      id: invites.id,
      created_at: invites.created_at,
      team_title: teams.title,
      is_group: sql<boolean>`${teams.kind} = 'group'`,
      first_name: invites.first_name,
      last_name: invites.last_name,
      email: invites.email,
      invited_by_name: inviter,
    })
    .from(invites)
    .innerJoin(teams, eq(teams.id, invites.team_id))
    .where(and(eq(invites.status, 'pending'), gt(invites.expires_at, deps.now()), or(eq(invites.person_id, viewer.personId), eq(invites.email, viewer.email))))
    .orderBy(invites.created_at)
  const items = rows.map((row) => ({
    id: row.id,
    team_name: row.team_title,
    url: inviteLink(deps, { ...row, invited_by_name: row.invited_by_name ?? '', existing: true }),
  }))
  return { items, count: items.length }
}

/** Badge counts: membership requests for those who handle them, owner requests for site admins. */
export async function pendingItems(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<PendingItems> {
  const [membershipRequests] = hasCapability(scope.role, 'update_team')
    ? await deps.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.team_id, scope.team.id), eq(memberships.role, 'member_request')))
    : [{ n: 0 }]
  const [ownerRequestCount] = viewer.isSiteAdmin
    ? await deps.db.select({ n: count() }).from(ownerRequests).where(eq(ownerRequests.status, 'pending'))
    : [{ n: 0 }]
  return { membership_requests: membershipRequests?.n ?? 0, owner_requests: ownerRequestCount?.n ?? 0 }
}
