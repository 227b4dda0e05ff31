import { asc, desc, sql, type SQL } from 'drizzle-orm'
import type { ContactListKind, ContactOrderBy, SortOrder } from '@crm/domain'
import { teamContacts, teamContactWords } from '../../db/schema/index'
import { isChildRow, trigramLength, type SearchNeedle } from './list-search'

// How a contacts list's page is read: its sort key and order, and the walks and gathers that
// find its rows (docs/decisions.md, "Lists at any size", "Searching a million contacts").

type OrderBy = ContactOrderBy
type Order = SortOrder

const tc = teamContacts

export interface SortKey {
  /** The key of the page query; null-free keys keep the list indexes usable. */
  key: SQL
  nullable: boolean
  order: Order
}

export function sortKey(orderBy: OrderBy, order: Order, gated: boolean, now: Date): SortKey {
  // A gated caller's sort by a detail must not place a child by that detail.
  const masked = (key: SQL) => (gated ? sql`case when ${isChildRow(now)} then null else ${key} end` : key)
  switch (orderBy) {
    case 'name':
      return { key: sql`${tc.sort_name}`, nullable: false, order }
    case 'created':
      return { key: sql`${tc.created_at}`, nullable: false, order }
    case 'age':
      // Older is an earlier birth month.
      return { key: masked(sql`${tc.birth_month}`), nullable: true, order: order === 'asc' ? 'desc' : 'asc' }
    // The ranks the read model stores: the lookup list's order and the grow cycle's.
    case 'member_status':
      return { key: masked(sql`${tc.member_status_rank}`), nullable: true, order }
    case 'grow_phase':
      return { key: masked(sql`${tc.grow_phase_rank}`), nullable: true, order }
    case 'last_interaction':
      return { key: masked(sql`${tc.last_interaction_at}`), nullable: true, order }
  }
}

/**
 * The page's order; `reversed` is the exact opposite (nulls first), in which a page read
 * from the end of the list walks the same index backwards.
 */
export function orderTerms(key: SQL, personId: SQL, sort: SortKey, reversed = false): SQL[] {
  const order = reversed ? (sort.order === 'asc' ? 'desc' : 'asc') : sort.order
  const direction = order === 'asc' ? asc : desc
  // Nulls last either way; a null-free key is left plain so the list index serves it.
  const first = sort.nullable ? sql`${key} ${sql.raw(order)} nulls ${sql.raw(reversed ? 'first' : 'last')}` : direction(key)
  return [first, direction(personId)]
}

/**
 * How many rows a walk of the list index reads before it gives way to gathering every match:
 * enough for a page when one row in 400 matches (a first name with a filter: 2.8 % and 10 %
 * of 1,000,000 contacts; 25,000 rows of the list index cost 24 ms), a bound when rarer.
 */
function walkLimit(need: number): number {
  return Math.max(5_000, need * 400)
}

/**
 * A name search whose words have fewer rows than this many pages gathers its matches instead
 * of walking the list index: reading them all costs about what a walk to fill a page would.
 */
const fewWordRowsPerPage = 10

/** The most words a name search walks one by one; a start that more words share is walked otherwise. */
export const maxWalkedWords = 50

/**
 * A name search's walk (docs/decisions.md, "Searching a million contacts"): the team's words
 * that start with the search's first word, found by a skip scan of team_contact_words (one
 * index descent a word, at most maxWalkedWords + 1), as `words`; and for each, its rows in
 * name order that pass `where` on their contact, as `walked(person_id, k)`, at most `perWord`
 * a word. A contact is walked under the first of its words that start so (the smallest), so
 * none twice. `words` holds more than maxWalkedWords when the walk does not apply.
 */
export function wordWalk(teamId: number, pattern: string, where: SQL | undefined, order: Order, perWord: number): SQL {
  const w = teamContactWords
  const direction = sql.raw(order)
  return sql`recursive prefixed(word) as (
      (select ${w.word} from ${w} where ${w.team_id} = ${teamId} and ${w.word} like ${pattern} order by ${w.word} limit 1)
      union all
      select (select later.word from ${w} later where later.team_id = ${teamId} and later.word > prefixed.word and later.word like ${pattern}
              order by later.word limit 1)
      from prefixed where prefixed.word is not null
    ),
    words as materialized (select word from prefixed where word is not null limit ${maxWalkedWords + 1}),
    walked as materialized (
      select c.person_id, c.k from words cross join lateral (
        select one.person_id, one.sort_name as k from ${w} one
        where one.team_id = ${teamId} and one.word = words.word
          and not exists (select 1 from ${w} earlier where earlier.team_id = ${teamId} and earlier.person_id = one.person_id
                          and earlier.word like ${pattern} and earlier.word < one.word offset 0)
          and exists (${sql`select 1 from ${tc} where ${tc.team_id} = ${teamId} and ${tc.person_id} = one.person_id and ${where} offset 0`})
        order by one.sort_name ${direction}, one.person_id ${direction} limit ${perWord}
      ) c
    )`
}

export interface PageInput {
  kind: ContactListKind
  orderBy: OrderBy
  sort: SortKey
  needle: SearchNeedle | null
  pattern: string | null
  teamId: number
  /** Which rows the list holds (listRows). */
  rows: SQL
  /** The filters and the search, as a walk of the list index checks them on each row (contactWalkSearch). */
  matching: SQL | undefined
  /** Both. */
  where: SQL | undefined
  /** What a word walk checks on each row's contact (its word already matches a one-word name). */
  wordWhere: SQL | undefined
  slice: { offset: number; limit: number; fromEnd: boolean }
}

/**
 * The page's rows (person_id, and the sort key as k), by the cheapest way the query allows
 * (docs/decisions.md, "Lists at any size", "Searching a million contacts"):
 * - a whole list, or one filtered, walks its list index in the sort order;
 * - a name search walks in the sort order too, until the page is full: by name, the rows of
 *   its first word's start (team_contact_word_starts; a name's matches sit together in name
 *   order, so the list index would read all that sorts before them), else the list index.
 *   When the matches are too sparse to fill the page within walkLimit rows, every match is
 *   gathered through the trigram index and sorted, in the same statement;
 * - the assigned list, and a search of a phone number or an email, gather every match: the
 *   assignments or the trigram index find them, few as they are.
 */
export function pageSource(input: PageInput): SQL {
  const { sort, slice, where, needle } = input
  const ordered = (key: SQL, id: SQL, reversed = false) => sql.join(orderTerms(key, id, sort, reversed), sql`, `)
  const need = slice.offset + slice.limit
  // OFFSET 0 keeps the matches from being merged into the sorted page, which would walk the
  // list index and test each row, expecting matches spread evenly (issue 11).
  const gathered = sql`select person_id, k from (select ${tc.person_id} as person_id, ${sort.key} as k from ${tc} where ${where} offset 0) matches
    order by ${ordered(sql`k`, sql`person_id`)}`
  if (input.kind === 'assigned' || (needle && needle.kind !== 'words' && needle.text.length >= trigramLength)) {
    return sql`${gathered} limit ${slice.limit} offset ${slice.offset}`
  }
  if (needle?.kind !== 'words') {
    return sql`select ${tc.person_id} as person_id, ${sort.key} as k from ${tc} where ${where}
      order by ${ordered(sort.key, sql`${tc.person_id}`, slice.fromEnd)} limit ${slice.limit} offset ${slice.offset}`
  }
  // The list index walked in the sort order until the page is full; when the search's words
  // have few rows, or the matches are too sparse to fill the page within walkLimit rows,
  // every match gathered.
  const w = teamContactWords
  const wordRows = input.pattern
    ? sql`(select count(*) from (select 1 from ${w} where ${w.team_id} = ${input.teamId} and ${w.word} like ${input.pattern} limit ${need * fewWordRowsPerPage}) r)`
    : sql`${need * fewWordRowsPerPage}`
  const indexWalk = sql`with walked as materialized (
      select c.person_id, c.k from (select ${tc.person_id} as person_id, ${sort.key} as k, ${input.matching} as hit from ${tc} where ${input.rows}
        order by ${ordered(sort.key, sql`${tc.person_id}`)} limit ${walkLimit(need)}) c
      where c.hit order by ${ordered(sql`c.k`, sql`c.person_id`)} limit ${need}
    ), word_rows as materialized (select ${wordRows} as n)
    select person_id, k from walked where (select n from word_rows) >= ${need * fewWordRowsPerPage} and (select count(*) from walked) >= ${need}
    union all
    select person_id, k from (${gathered} limit ${need}) g
    where (select n from word_rows) < ${need * fewWordRowsPerPage} or (select count(*) from walked) < ${need}`
  const page = (rows: SQL) =>
    sql`select person_id, k from (${rows}) p order by ${ordered(sql`p.k`, sql`p.person_id`)} limit ${slice.limit} offset ${slice.offset}`
  if (input.orderBy !== 'name' || !input.pattern) return page(indexWalk)
  // By name: each word that starts with the first word typed, walked in name order.
  return page(sql`with ${wordWalk(input.teamId, input.pattern, input.wordWhere, sort.order, need)}
    select person_id, k from walked where (select count(*) from words) <= ${maxWalkedWords}
    union all
    select person_id, k from (${indexWalk}) i where (select count(*) from words) > ${maxWalkedWords}`)
}
