import { and, like, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { adultAge, likePattern } from '@crm/domain'
import { teamContactWords, teamContacts } from '../../db/schema/index'
import { searchWordsOf } from '../../platform/read-model'

// The search of the contacts lists and of the contact suggestions, and the child rows the
// child data gate keeps out of a gated caller's searches, filters and sorts.

const tc = teamContacts

/** The month index (year * 12 + month - 1) of now; ages compare against it. */
function monthIndex(now: Date): number {
  return now.getFullYear() * 12 + now.getMonth()
}

/** A child's row: born less than 18 years before this month (spec 2 §5; same rule as ageFrom). */
export function isChildRow(now: Date): SQL {
  return sql`${tc.birth_month} > ${monthIndex(now) - adultAge * 12}`
}

export function notChildRow(now: Date): SQL {
  return sql`(${tc.birth_month} is null or ${tc.birth_month} <= ${monthIndex(now) - adultAge * 12})`
}

/**
 * What a search looks for (docs/decisions.md, "Searching a million contacts"):
 * - `words`: letters (digits, apostrophes and hyphens among them) are a name. They match
 *   where a word of the name starts ('ann' finds Anna and Annabel, not Joanne), the words in
 *   the order typed. `first` is the first word typed:
 *   every match has a word that starts with it (firstWordPattern).
 * - `phone`: digits, spaces and '+' are a phone number: its digits, anywhere in the number
 *   as written internationally or locally (one or two digits: at the start).
 * - `text`: anything else (an email's '@' or '.', other punctuation) is found anywhere.
 */
export type SearchNeedle = { kind: 'words'; text: string; first: string } | { kind: 'phone'; text: string } | { kind: 'text'; text: string }

export function searchNeedle(search: string | undefined): SearchNeedle | null {
  const term = (search ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
  if (!term) return null
  if (/^[\d\s+]+$/.test(term)) {
    const digits = term.replace(/\D/g, '')
    return digits ? { kind: 'phone', text: digits } : null
  }
  if (/^[\p{L}\p{N}\s'’-]+$/u.test(term) && /\p{L}/u.test(term)) {
    const words = searchWordsOf(term)
    if (words.length > 0) return { kind: 'words', text: words.join(' '), first: words[0]! }
  }
  return { kind: 'text', text: term }
}

/**
 * The search of the contacts lists, the map and the suggestions, on the read model. A
 * caller under the child data gate never finds a child: a hit on a name would tell them the
 * child is there (issue 33).
 */
export function contactSearch(search: string | undefined, gated: boolean, now: Date): SQL | undefined {
  const needle = searchNeedle(search)
  if (!needle) return undefined
  const matches = needleMatch({ searchText: tc.search_text, nameWords: tc.name_words }, needle)
  return gated ? and(matches, notChildRow(now)) : matches
}

/**
 * The search as a walk of a list index checks it on each row it reads: a one-word name by the
 * contact's words (team_contact_words, read from its index), so a walk whose filters are
 * in its index reads no contact row (a common name with a filter, by date added, at 1,000,000
 * contacts: thousands of rows, each on its own page, issue 39). Any other needle as
 * contactSearch.
 */
export function contactWalkSearch(search: string | undefined, gated: boolean, now: Date, teamId: number): SQL | undefined {
  const needle = searchNeedle(search)
  if (!needle || needle.kind !== 'words' || needle.text !== needle.first) return contactSearch(search, gated, now)
  const w = teamContactWords
  // PostgreSQL hashes the team's words that start so once (an index-only range), then checks
  // each row walked against them.
  const named = sql`exists (select 1 from ${w} where ${w.team_id} = ${teamId} and ${w.person_id} = ${tc.person_id} and ${w.word} like ${firstWordPattern(needle)})`
  return gated ? and(named, notChildRow(now)) : named
}

/**
 * A needle's match on a row's search text and name words (team_contacts' or an import row's;
 * both are written by searchTextOf and nameWordsOf). The search text begins with the name
 * words, so a word start there is a word start in the search text too: that half is what
 * the trigram index looks up, the name words' half is checked on the rows it finds.
 */
export function needleMatch(columns: { searchText: AnyPgColumn; nameWords: AnyPgColumn }, needle: SearchNeedle): SQL {
  switch (needle.kind) {
    case 'words':
      return and(wordStart(columns.searchText, needle.text), wordStart(columns.nameWords, needle.text))!
    case 'phone':
      return needle.text.length >= trigramLength ? like(columns.searchText, likePattern(needle.text)) : wordStart(columns.searchText, needle.text)
    case 'text':
      return like(columns.searchText, likePattern(needle.text))
  }
}

/**
 * `text` where a word of the column starts (pg_trgm pads a word's start, so '% an%' looks up
 * '  a' and ' an' in the trigram index: one or two letters are served too).
 */
function wordStart(column: AnyPgColumn, text: string): SQL {
  const literal = likePattern(text).slice(1)
  return or(like(column, literal), like(column, `% ${literal}`))!
}

/**
 * The LIKE pattern of the words a name search walks (team_contact_words): those that start
 * with its first word. Every match of the search has one.
 */
export function firstWordPattern(needle: SearchNeedle): string | null {
  return needle.kind === 'words' ? likePattern(needle.first).slice(1) : null
}

/** pg_trgm serves a '%needle%' pattern with at least one trigram: three characters. */
export const trigramLength = 3
