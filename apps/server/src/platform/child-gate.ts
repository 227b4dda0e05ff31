import { inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { adultAge, ageFrom, isChild, type ChildGate } from '@crm/domain'
import type { Executor } from '../db/client'
import { people } from '../db/schema/index'
import { AppError } from './errors'

/**
 * The one place that decides how an answer names a person to the caller, and whether a
 * write may touch them (spec 2 §5's child data gate; DESIGN.md §6; issue 33).
 *
 * A caller under the gate (scope.childGate set: no WWCC or no AdSafe, and not admin, entity
 * admin or owner) is never told a child's name, contact details or place, and a child's id
 * never travels beside them. Each answer does one of two things with a child, recorded per
 * list in docs/decisions.md:
 * - leaves the child out (suggestions, the map, another contact's relationships and
 *   interactions, attendance marks): `visibleTo` in the query's where;
 * - or keeps a neutral row (the contacts lists, the child's own record): `hides` on the
 *   row, and the answer writes '' for every name and null for every detail, so counts stay
 *   honest.
 * Writes that touch a child call `assertMayTouch` with the people they name.
 *
 * The gated walk (child-gate.test.ts) calls every GET route as unchecked users and fails on
 * any answer that names the child, so a new route that forgets this module is caught.
 */
export interface PersonGate {
  /** The caller is under the gate: some people are hidden from them. */
  readonly gated: boolean
  /** This person is a child the caller may not see. */
  hides(person: { dob_year: number | null; dob_month: number | null } | null | undefined): boolean
  /**
   * A where-condition keeping only the people the caller may see, over a people table (or an
   * alias of it); undefined when nothing is hidden. Rows without a person (a visitor with
   * no contact) pass when `personId` is given and null.
   */
  visibleTo(table?: PeopleColumns, personId?: AnyPgColumn): SQL | undefined
  /** The name to answer: the person's, or '' for a hidden child. */
  nameOf(person: { first_name: string | null; last_name: string | null; dob_year: number | null; dob_month: number | null }): string
}

/** The columns the gate reads: people's, or an alias's. */
export interface PeopleColumns {
  dob_year: AnyPgColumn
  dob_month: AnyPgColumn
}

/** The month index (year * 12 + month - 1) of a date; ages compare against it. */
function monthIndex(now: Date): number {
  return now.getFullYear() * 12 + now.getMonth()
}

/**
 * A child's row in SQL, the same rule as ageFrom and isChild: born (year, month; January when
 * only the year is known) less than 18 years before this month.
 */
export function isChildSql(table: PeopleColumns, now: Date): SQL {
  return sql`(${table.dob_year} is not null and ${table.dob_year} * 12 + coalesce(${table.dob_month}, 1) - 1 > ${monthIndex(now) - adultAge * 12})`
}

/** The gate of a scope (a team, group or contact scope) at a moment. */
export function personGate(scope: { childGate: ChildGate | null }, now: Date): PersonGate {
  const gated = scope.childGate !== null
  const hides: PersonGate['hides'] = (person) => gated && !!person && isChild(ageFrom(person.dob_year, person.dob_month, now))
  return {
    gated,
    hides,
    visibleTo(table = people, personId) {
      if (!gated) return undefined
      const adult = sql`not ${isChildSql(table, now)}`
      return personId ? sql`(${personId} is null or ${adult})` : adult
    },
    nameOf(person) {
      if (hides(person)) return ''
      return `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim()
    },
  }
}

/**
 * Refuses a write naming a child the caller may not touch, with the spec's child-gate error
 * (the missing checks and the primary owner to ask): one query for all the people named.
 */
export async function assertMayTouch(
  db: Executor,
  scope: { childGate: ChildGate | null },
  personIds: Iterable<number | null | undefined>,
  now: Date,
): Promise<void> {
  if (!scope.childGate) return
  const ids = [...new Set([...personIds].filter((id): id is number => typeof id === 'number'))]
  if (ids.length === 0) return
  const gate = personGate(scope, now)
  const rows = await db.select({ dob_year: people.dob_year, dob_month: people.dob_month }).from(people).where(inArray(people.id, ids))
  if (rows.some((row) => gate.hides(row))) throw new AppError('child_data_gate', { ...scope.childGate })
}
