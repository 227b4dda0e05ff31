import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import {
  boundedListCount,
  countBound,
  duplicateReasons,
  pageOffset,
  similarNameThreshold,
  type DuplicateContact,
  type DuplicateReason,
  type possibleDuplicatesQuery,
  type PossibleDuplicate,
} from '@crm/domain'
import { contactDuplicateDismissals, people, teamContacts, teams } from '../../db/schema/index'
import { assertMayTouch, personGate } from '../../platform/child-gate'
import type { Executor } from '../../db/client'
import { onReadReplica, type Deps } from '../../platform/deps'
import type { TeamScope, Viewer } from '../../platform/access'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { inConference } from '../contacts/duplicates.service'

type Query = z.output<typeof possibleDuplicatesQuery>

/**
 * A value more records share than this is not a sign of one person but of a household's phone,
 * an office's email or a placeholder ("none@none.com"): its records are not paired by it.
 */
const sharedValueLimit = 10
/**
 * Names alike are looked for among records with the same last name and first initial, or the
 * same first name and last initial. A group larger than this (a common name in a very large
 * team) is left to the exact reasons: comparing every pair in it costs the square of its size.
 */
const similarNameGroupLimit = 200

/**
 * The teams whose contacts a list of possible duplicates compares: the team itself, and for a
 * conference its churches too (issue 40: "across a conference for its staff").
 */
export function comparedTeams(scope: TeamScope): SQL {
  return scope.isConference ? inConference(scope.team.id) : eq(teams.id, scope.team.id)
}

/** The contacts compared: those of the teams, active or archived, not awaiting approval. */
function membersOf(scope: TeamScope): SQL {
  return sql`select distinct ${teamContacts.person_id} as id from ${teamContacts}
    join ${teams} on ${teams.id} = ${teamContacts.team_id}
    where ${comparedTeams(scope)} and ${teamContacts.state} = 'active'`
}

/** A pair of the page, the reasons as their places in duplicateReasons (1 first), and the count. */
interface PairRow {
  contact_id: number | null
  other_contact_id: number | null
  ranks: number[] | null
  total: number
}

interface PersonRow {
  id: number
  first_name: string
  last_name: string
  email: string | null
  phone: string | null
  gender: string | null
  dob_year: number | null
  dob_month: number | null
  member_status: string | null
  created_at: Date
}

/**
 * GET possible-duplicates (issue 40 §1): the pairs of the team's contacts that may be one
 * person, the strongest reason first (email, phone, name with gender and birth, names alike),
 * then the older pair; never two records whose genders or birth years tell them apart. Pairs
 * someone dismissed are left out, and so is every pair with a child the caller's child gate
 * hides: a pair exists to be compared, and a child's side would have to be blank.
 */
export async function listPossibleDuplicates(
  primary: Deps,
  scope: TeamScope,
  query: Query,
): Promise<{ items: PossibleDuplicate[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  const deps = onReadReplica(primary)
  const bound = countBound(query.page, query.per_page)
  // Two records that say otherwise are two people (a husband and wife who share a phone or an
  // email, a father and son of one name): both genders known and different, or both birth
  // years known and more than a year apart.
  const agree = sql.raw(
    '(a.gender is null or b.gender is null or a.gender = b.gender) and (a.dob_year is null or b.dob_year is null or abs(a.dob_year - b.dob_year) <= 1)',
  )
  // The records through the one gate-aware condition, over people under the alias `p` the
  // statement reads (a raw template writes an alias by its name alone, hence `people as p`).
  const p = alias(people, 'p')
  const visible = personGate(scope, deps.now()).visibleTo(p) ?? sql`true`
  const result = await deps.db.execute(sql`
    with members as materialized (${membersOf(scope)}),
    m as materialized (
      select p.id, lower(trim(p.first_name)) as first, lower(trim(p.last_name)) as last,
        lower(trim(p.first_name || ' ' || p.last_name)) as full_name,
        nullif(lower(trim(p.email)), '') as email, nullif(p.phone, '') as phone,
        nullif(p.gender, 'declined') as gender, p.dob_year, p.dob_month
      from ${people} as ${p} join members on members.id = ${p.id}
      where ${visible}
    ),
    -- Each way of pairing as one column with the size of its group, so that every pairing is one
    -- equality join of the team's records (hashed), whatever the planner guesses of a CTE.
    by_email as (select id, gender, dob_year, email as key, count(*) over (partition by email) as n from m where email is not null),
    by_phone as (select id, gender, dob_year, phone as key, count(*) over (partition by phone) as n from m where phone is not null),
    by_name as (select id, gender, dob_year, dob_month, first || ' ' || last as key from m where first <> '' and dob_year is not null),
    by_last as (
      select id, gender, dob_year, full_name, key, count(*) over (partition by key) as n
      from (select *, last || ' ' || left(first, 1) as key from m where last <> '') keyed
    ),
    by_first as (
      select id, gender, dob_year, full_name, key, count(*) over (partition by key) as n
      from (select *, first || ' ' || left(last, 1) as key from m where first <> '') keyed
    ),
    pairs as (
      select a.id as a, b.id as b, 1 as rank from by_email a join by_email b on b.key = a.key and a.id < b.id
        where a.n <= ${sharedValueLimit} and ${agree}
      union all
      select a.id, b.id, 2 from by_phone a join by_phone b on b.key = a.key and a.id < b.id
        where a.n <= ${sharedValueLimit} and ${agree}
      union all
      select a.id, b.id, 3 from by_name a join by_name b on b.key = a.key and a.id < b.id
        where a.dob_year = b.dob_year and (a.dob_month is null or b.dob_month is null or a.dob_month = b.dob_month) and ${agree}
      union all
      select a.id, b.id, 4 from by_last a join by_last b on b.key = a.key and a.id < b.id
        where a.n <= ${similarNameGroupLimit} and a.full_name <> b.full_name and ${agree}
          and similarity(a.full_name, b.full_name) >= ${similarNameThreshold}
      union all
      select a.id, b.id, 4 from by_first a join by_first b on b.key = a.key and a.id < b.id
        where a.n <= ${similarNameGroupLimit} and a.full_name <> b.full_name and ${agree}
          and similarity(a.full_name, b.full_name) >= ${similarNameThreshold}
    ),
    found as (
      select a, b, min(rank) as first_rank, array_agg(distinct rank order by rank) as ranks
      from pairs
      where not exists (select 1 from ${contactDuplicateDismissals} d where d.contact_id = pairs.a and d.other_contact_id = pairs.b)
      group by a, b
    ),
    counted as (select count(*)::int as total from (select 1 from found limit ${bound + 1}) bounded)
    select found.a as contact_id, found.b as other_contact_id, found.ranks as ranks, counted.total as total
    from counted left join lateral (
      select * from found order by first_rank, a, b limit ${query.per_page} offset ${pageOffset(query.page, query.per_page)}
    ) found on true`)
  const rows = (result as unknown as { rows: PairRow[] }).rows
  const total = rows[0]?.total ?? 0
  // The count's row comes without a pair when the page is past the end.
  const pairs = rows.filter(
    (row): row is PairRow & { contact_id: number; other_contact_id: number } => row.contact_id !== null && row.other_contact_id !== null,
  )
  const ids = [...new Set(pairs.flatMap((row) => [row.contact_id, row.other_contact_id]))]
  const details = ids.length === 0 ? [] : await personRows(deps, ids)
  const byId = new Map(details.map((row) => [row.id, row]))
  const items = pairs.map((row): PossibleDuplicate => ({
    contact: sideOf(byId.get(row.contact_id)!),
    other_contact: sideOf(byId.get(row.other_contact_id)!),
    reasons: (row.ranks ?? []).map((rank) => duplicateReasons[rank - 1] as DuplicateReason),
  }))
  return { items, ...boundedListCount(total, bound, query.per_page) }
}

function personRows(deps: Pick<Deps, 'db'>, ids: number[]): Promise<PersonRow[]> {
  return deps.db
    .select({
      id: people.id,
      first_name: people.first_name,
      last_name: people.last_name,
      email: people.email,
      phone: people.phone,
      gender: people.gender,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
      member_status: people.member_status,
      created_at: people.created_at,
    })
    .from(people)
    .where(inArray(people.id, ids))
}

function sideOf(row: PersonRow): DuplicateContact {
  return {
    id: row.id,
    name: fullName(row.first_name, row.last_name),
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    dob_year: row.dob_year,
    dob_month: row.dob_month,
    member_status: row.member_status,
    created_at: row.created_at.toISOString(),
  }
}

/**
 * POST dismiss-possible-duplicate: the two are not the same person; the pair is not offered
 * again. Both must be contacts the team's list compares (else 404, as for any contact the
 * caller cannot see), and a child among them follows the child gate. Saying it twice is fine.
 */
export async function dismissPossibleDuplicate(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: { contact_id: number; other_contact_id: number },
): Promise<{ success: true }> {
  const [low, high] = [Math.min(input.contact_id, input.other_contact_id), Math.max(input.contact_id, input.other_contact_id)]
  await deps.db.transaction(async (tx) => {
    await assertPairOfTeam(tx, scope, [low, high], deps.now())
    await tx
      .insert(contactDuplicateDismissals)
      .values({ contact_id: low, other_contact_id: high, team_id: scope.team.id, dismissed_by_id: viewer.personId })
      .onConflictDoNothing()
  })
  return { success: true }
}

/**
 * Two different records, both the team's (or its churches', for a conference), and the caller
 * may touch both (the child gate); 404 otherwise.
 */
export async function assertPairOfTeam(tx: Executor, scope: TeamScope, ids: readonly [number, number], now: Date): Promise<void> {
  if (ids[0] === ids[1]) throw new AppError('not_found')
  const found = await tx
    .selectDistinct({ id: teamContacts.person_id })
    .from(teamContacts)
    .innerJoin(teams, eq(teams.id, teamContacts.team_id))
    .where(and(comparedTeams(scope), eq(teamContacts.state, 'active'), inArray(teamContacts.person_id, [...ids])))
  if (found.length !== 2) throw new AppError('not_found')
  await assertMayTouch(tx, scope, ids, now)
}
