import { and, count, eq, inArray, notInArray } from 'drizzle-orm'
import type { MembershipRole } from '@crm/domain'
import type { Executor } from '../../db/client'
import { memberships, teams } from '../../db/schema/index'
import { refuseField } from '../../platform/field-refusals'

/** The roles that own a team or a group: its owners, and in a conference its entity admins. */
export const owningRoles = ['entity_admin', 'owner'] as const satisfies readonly MembershipRole[]

export function isOwningRole(role: string): boolean {
  return (owningRoles as readonly string[]).includes(role)
}

export const lastOwnerMessage = 'The last owner cannot leave or be demoted; make someone else an owner first.'

/**
 * The owner invariant: a team (or group) that has an owner keeps one. Call it in the
 * transaction that removes, retires or demotes `leavingPersonIds` on `teamId`, before the
 * change. It locks the team's row, so two such changes at once run one after the other and
 * the second sees the first one's result (PostgreSQL READ COMMITTED re-reads after the lock).
 * A team with no owner at all (a new sub-team) is left as it is: nobody leaving takes one away.
 */
export async function assertKeepsAnOwner(tx: Executor, teamId: number, leavingPersonIds: readonly number[]): Promise<void> {
  if (leavingPersonIds.length === 0) return
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update')
  const owningRoleList = [...owningRoles]
  const [leaving] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.team_id, teamId), inArray(memberships.role, owningRoleList), inArray(memberships.person_id, [...leavingPersonIds])))
  if ((leaving?.n ?? 0) === 0) return
  const [staying] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.team_id, teamId), inArray(memberships.role, owningRoleList), notInArray(memberships.person_id, [...leavingPersonIds])))
  if ((staying?.n ?? 0) === 0) throw refuseField('user_id', 'last_owner', { code: 'conflict', message: lastOwnerMessage, asMessage: true })
}
