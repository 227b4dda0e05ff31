import { and, eq, ne, sql } from 'drizzle-orm'
import { hasCapability, type TeamRole } from '@crm/domain'
import type { Executor } from '../../db/client'
import { groupContacts, memberships, teamContacts, teams } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { AppError } from '../../platform/errors'

// The team rows team administration reads and the rules both its view and its writes apply.

export type TeamRecord = typeof teams.$inferSelect

export async function teamRow(db: Executor, id: number): Promise<TeamRecord | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id))
  return row
}

/** A sub-team (a church of the conference) of `conferenceId`, or 404. */
export async function subTeamOf(db: Executor, conferenceId: number, subTeamId: number): Promise<TeamRecord> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, subTeamId), eq(teams.parent_id, conferenceId), eq(teams.kind, 'team')))
  if (!row) throw new AppError('not_found')
  return row
}

/**
 * The sub-team of the conference holding the ACMS id (any case, around spaces), other than
 * `exceptId`: ACMS ids are unique in a conference (issue 35), since invites are checked against
 * the roster of the church the id names.
 */
export async function subTeamWithAcmsId(db: Executor, conferenceId: number, acmsId: string, exceptId?: number): Promise<{ id: number; title: string } | null> {
  const [row] = await db
    .select({ id: teams.id, title: teams.title })
    .from(teams)
    .where(
      and(
        eq(teams.parent_id, conferenceId),
        eq(teams.kind, 'team'),
        eq(sql`lower(trim(${teams.acms_id}))`, acmsId.trim().toLowerCase()),
        exceptId !== undefined ? ne(teams.id, exceptId) : undefined,
      ),
    )
    .orderBy(teams.id)
    .limit(1)
  return row ?? null
}

/** The caller's membership role in one team or group (null without one). */
export async function membershipRole(db: Executor, personId: number, teamId: number) {
  const [row] = await db
    .select({ id: memberships.id, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.person_id, personId), eq(memberships.team_id, teamId)))
  return row ?? null
}

/** No contacts, and nobody but its owner. */
export async function isEmpty(db: Executor, team: TeamRecord): Promise<boolean> {
  const contactTable =
    team.kind === 'group'
      ? sql`select 1 from ${groupContacts} where ${groupContacts.group_id} = ${team.id}`
      : sql`select 1 from ${teamContacts} where ${teamContacts.team_id} = ${team.id}`
  const ownerIds = [team.owner_id, team.isolated_owner_id].filter((value): value is number => value !== null)
  const others = ownerIds.length
    ? sql`select 1 from ${memberships} where ${memberships.team_id} = ${team.id} and ${memberships.person_id} not in (${sql.join(
        ownerIds.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql`select 1 from ${memberships} where ${memberships.team_id} = ${team.id}`
  const [row] = await db.select({ busy: sql<boolean>`exists (${contactTable}) or exists (${others})` }).from(sql`(select 1) as one`)
  return !row?.busy
}

/** The group's own owner: its owner membership, or named as its owner (not a team owner's inherited role). */
export function ownsGroup(group: Pick<TeamRecord, 'owner_id' | 'isolated_owner_id'>, viewer: Viewer, ownRole: string | null | undefined): boolean {
  return ownRole === 'owner' || group.owner_id === viewer.personId || group.isolated_owner_id === viewer.personId
}

/** The Remove rule of a group (spec 3 §6). */
export function mayRemoveGroup(group: TeamRecord, viewer: Viewer, groupRole: TeamRole, ownRole: string | null | undefined, empty: boolean): boolean {
  if (ownsGroup(group, viewer, ownRole) && hasCapability(groupRole, 'delete_own_group')) return true
  return group.is_public && empty && hasCapability(groupRole, 'delete_public_group')
}
