import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import { birthMonthIndex, growPhases, parsePhone } from '@crm/domain'
import type { Executor } from '../db/client'
import { lookupItems, people, teamContacts, userImportRows } from '../db/schema/index'

// The contact read model (team_contacts' sort, search and last-interaction columns) is
// refreshed by every feature that writes a person or an interaction, as the activity log is
// written by all of them, so it sits in the platform rather than in one feature.

/**
 * The words a typed name is split into, as the read model splits names: lowercase, at spaces
 * and the separators of names and emails ('-', '.', '_', '+'); a curly apostrophe is a
 * straight one. The same rule on both sides, so a word typed is a word stored.
 */
export function searchWordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/’/g, "'")
    .split(/[\s._+-]+/)
    .filter(Boolean)
}

/**
 * The words a name search looks at: the first and last name's. team_contact_words keeps one
 * row per word, which walks a search in name order (docs/decisions.md, "Searching a million
 * contacts").
 */
export function nameWordsOf(person: { first_name: string; last_name: string }): string {
  return searchWordsOf(`${person.first_name} ${person.last_name}`).join(' ')
}

/**
 * The text a contacts search looks in: the name words first (so a word start there is one
 * here too), then the email and the phone in the ways people type them.
 */
export function searchTextOf(person: { first_name: string; last_name: string; email: string | null; phone: string | null }): string {
  const parts = [nameWordsOf(person), person.email ?? '']
  if (person.phone) {
    const parsed = parsePhone(person.phone)
    parts.push(person.phone.replace(/\D/g, ''))
    // Local form as written in Australia: 0412345678.
    if (parsed) parts.push(`0${parsed.nationalNumber}`)
  }
  return parts.join(' ').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** nameWordsOf in SQL, for set-based writes (seeds, the bench): the same words for the same name. */
export function nameWordsSql(firstName: SQL, lastName: SQL): SQL<string> {
  return sql<string>`trim(regexp_replace(replace(lower(${firstName} || ' ' || ${lastName}), '’', ''''), '[[:space:]._+-]+', ' ', 'g'))`
}

export function sortNameOf(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.toLowerCase().trim()
}

/**
 * The member statuses in the order the lists sort them and the filters offer them (GET
 * lookups/member-status-types): the list's active lookup items by sort order. An array
 * subquery, so a set-based statement computes it once.
 */
const memberStatusOrder = sql`array(select ${lookupItems.value} from ${lookupItems} where ${lookupItems.list} = 'member-status-types' and ${lookupItems.is_active} order by ${lookupItems.sort_order}, ${lookupItems.id})`

/** A member status's rank for the sort: its place in that order (1 first), null when it has none. */
export function memberStatusRank(value: SQL): SQL<number | null> {
  return sql<number | null>`array_position(${memberStatusOrder}, ${value})`
}

/** A grow phase's rank for the sort: its place in the grow cycle (1 = prepare), null when it has none. */
export function growPhaseRank(value: string | null | undefined): number | null {
  const index = (growPhases as readonly (string | null | undefined)[]).indexOf(value)
  return index < 0 ? null : index + 1
}

/** growPhaseRank in SQL, for set-based writes. A change to growPhases needs a migration re-ranking the rows. */
export function growPhaseRankSql(value: SQL): SQL<number | null> {
  return sql<number | null>`array_position(array[${sql.join(
    growPhases.map((phase) => sql`${phase}`),
    sql`, `,
  )}]::text[], ${value})`
}

/**
 * Re-ranks every team's member statuses after their lookup order changed (lookups sync),
 * in one statement that writes only the rows whose rank moves.
 */
export async function rerankMemberStatuses(tx: Executor): Promise<void> {
  const rank = memberStatusRank(sql`${teamContacts.member_status}`)
  await tx
    .update(teamContacts)
    // A new order is no change to the contact: updated_at stays.
    .set({ member_status_rank: rank, updated_at: sql`${teamContacts.updated_at}` })
    .where(sql`${teamContacts.member_status_rank} is distinct from ${rank}`)
}

/** The person's columns that the read model copies or derives. */
export interface ReadModelSource {
  first_name: string
  last_name: string
  email: string | null
  phone: string | null
  gender: string | null
  member_status: string | null
  grow_phase: string | null
  source: string | null
  dob_year: number | null
  dob_month: number | null
}

/**
 * The read model's columns for a person (team_contacts' copy, what the lists sort, filter
 * and search by). The one place that fills them: the services through
 * refreshContactReadModel, and the seeds.
 */
export function readModelOf(person: ReadModelSource) {
  return {
    sort_name: sortNameOf(person),
    name_words: nameWordsOf(person),
    search_text: searchTextOf(person),
    gender: person.gender,
    member_status: person.member_status,
    member_status_rank: person.member_status === null ? null : memberStatusRank(sql`${person.member_status}`),
    grow_phase: person.grow_phase,
    grow_phase_rank: growPhaseRank(person.grow_phase),
    source: person.source,
    birth_month: person.dob_year ? birthMonthIndex(person.dob_year, person.dob_month) : null,
  }
}

/**
 * Rewrites the read model in every team that holds the person. Call it in the transaction
 * that changes the person or adds them to a team, with the request's clock (deps.now()).
 */
export async function refreshContactReadModel(tx: Executor, personId: number, now: Date): Promise<void> {
  const [person] = await tx
    .select({
      first_name: people.first_name,
      last_name: people.last_name,
      email: people.email,
      phone: people.phone,
      gender: people.gender,
      member_status: people.member_status,
      grow_phase: people.grow_phase,
      source: people.source,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
    })
    .from(people)
    .where(eq(people.id, personId))
  if (!person) return
  await tx
    .update(teamContacts)
    .set({ ...readModelOf(person), updated_at: now })
    .where(eq(teamContacts.person_id, personId))
  // The import-and-share rows sort and search by the same texts (GET user-import/all).
  const texts = { sort_name: sortNameOf(person), name_words: nameWordsOf(person), search_text: searchTextOf(person) }
  await tx
    .update(userImportRows)
    .set(texts)
    .where(
      and(
        eq(userImportRows.person_id, personId),
        or(ne(userImportRows.sort_name, texts.sort_name), ne(userImportRows.name_words, texts.name_words), ne(userImportRows.search_text, texts.search_text)),
      ),
    )
}

/**
 * Rewrites the interaction columns of the read model (last, last visit, next incomplete,
 * overdue) of the people an interaction belongs to, in every team that holds them, from the
 * interactions that team sees (its own, and its sub-teams' when it is a conference). Call it
 * in the transaction of the interaction's change, after lockInteractionReadModel.
 *
 * The last interaction is the latest completed one, at its date or when it was completed if
 * that was earlier (a planned visit completed early happened then); the next is the earliest
 * incomplete one, past or future; overdue means that one's moment has passed.
 */
export async function refreshInteractionReadModel(tx: Executor, personIds: readonly number[], now: Date): Promise<void> {
  if (personIds.length === 0) return
  const ids = sql`array[${sql.join(
    personIds.map((personId) => sql`${personId}`),
    sql`, `,
  )}]::int[]`
  // A lateral aggregate per row: the person's own interactions and those they were present
  // at, each found by its index (a correlated IN here scanned every interaction: 31 s at 1M).
  await tx.execute(sql`
    update team_contacts tc
    set last_interaction_at = agg.last_at,
        last_visit_at = agg.last_visit_at,
        next_interaction_at = agg.next_at,
        has_overdue_interaction = coalesce(agg.next_at <= ${now.toISOString()}::timestamptz, false)
    from team_contacts t
    cross join lateral (
      select
        max(least(i.occurs_at, coalesce(i.completed_at, i.occurs_at))) filter (where i.is_completed) as last_at,
        max(least(i.occurs_at, coalesce(i.completed_at, i.occurs_at))) filter (where i.is_completed and i.type = 'visit') as last_visit_at,
        min(i.occurs_at) filter (where not i.is_completed) as next_at
      from (
        select own.team_id, own.conference_id, own.occurs_at, own.completed_at, own.is_completed, own.type
          from interactions own where own.contact_id = t.person_id
        union all
        select present.team_id, present.conference_id, present.occurs_at, present.completed_at, present.is_completed, present.type
          from interaction_people ip join interactions present on present.id = ip.interaction_id
          where ip.person_id = t.person_id
      ) i
      where i.team_id = t.team_id or i.conference_id = t.team_id
    ) agg
    where t.person_id = any(${ids}) and tc.id = t.id`)
}

/**
 * Locks the read-model rows of these people, in one order, before an interaction of theirs
 * changes: two changes at once then refresh one after the other, each seeing the other's
 * committed change, so the read model never keeps a stale last or next interaction.
 */
export async function lockInteractionReadModel(tx: Executor, personIds: readonly number[]): Promise<void> {
  if (personIds.length === 0) return
  const ids = sql`array[${sql.join(
    personIds.map((personId) => sql`${personId}`),
    sql`, `,
  )}]::int[]`
  await tx.execute(sql`select id from team_contacts where person_id = any(${ids}) order by id for update`)
}
