import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { teams, userImports } from '../../db/schema/index'
import type { TeamScope } from '../../platform/access'
import type { PersonGate } from '../../platform/child-gate'
import { AppError } from '../../platform/errors'
import type { FieldRefusals } from '../../platform/field-refusals'

// What the import-and-share services share: the record of the selected conference, its
// churches, and the child data gate on a person's details.

export const notOnImportMessage = 'This contact is not on the import.'
export const notAChurchMessage = 'Choose a church of the conference.'

/**
 * The import of the selected conference, locked until the transaction ends (two writes to one
 * import take turns); another conference's import, or none, is not found.
 */
export async function lockUserImport(tx: Executor, scope: TeamScope, importId: number) {
  const [record] = await tx
    .select({ id: userImports.id, title: userImports.title })
    .from(userImports)
    .where(and(eq(userImports.id, importId), eq(userImports.team_id, scope.team.id)))
    .for('update')
  if (!record) throw new AppError('not_found')
  return record
}

/** The churches a person may be sent to: the conference's sub-teams (kind 'team'), by title. */
export async function churchesOf(db: Executor, conferenceId: number): Promise<Array<{ id: number; title: string }>> {
  return db
    .select({ id: teams.id, title: teams.title })
    .from(teams)
    .where(and(eq(teams.parent_id, conferenceId), eq(teams.kind, 'team')))
    .orderBy(asc(sql`lower(${teams.title})`), asc(teams.id))
}

/** Of `teamIds`, those that are churches of the conference. */
export async function churchIdsAmong(db: Executor, conferenceId: number, teamIds: number[]): Promise<Set<number>> {
  if (teamIds.length === 0) return new Set()
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(inArray(teams.id, [...new Set(teamIds)]), eq(teams.parent_id, conferenceId), eq(teams.kind, 'team')))
  return new Set(rows.map((row) => row.id))
}

/** 400 naming each refused field; nothing has been changed yet. */
export function assertNoFieldErrors(errors: FieldRefusals): void {
  errors.throwIfAny()
}

export interface PersonDetails {
  first_name: string
  last_name: string
  email: string | null
  phone: string | null
  dob_year: number | null
  dob_month: number | null
}

/**
 * A person's name, email and phone as the caller may read them: under the child data gate
 * (spec 2 §5) a child's are withheld, so the row shows only its number and state.
 */
export function shownDetails(person: PersonDetails, gate: PersonGate): Pick<PersonDetails, 'first_name' | 'last_name' | 'email' | 'phone'> {
  if (gate.hides(person)) return { first_name: '', last_name: '', email: null, phone: null }
  return { first_name: person.first_name, last_name: person.last_name, email: person.email, phone: person.phone }
}
