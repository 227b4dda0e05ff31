import { and, like, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { adultAge, likePattern } from '@crm/domain'
import { teamContacts } from '../../db/schema/index'

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
 * The search of the contacts lists and suggestions, on the read model's search text (a
 * trigram index serves it). Digits, spaces and '+' are a phone number: its digits are
 * searched. A caller under the child data gate never finds a child: a hit on a name would
 * tell them the child is there (issue 33). The search text and sort name are stored lowercased, as the
 * needle is, so LIKE matches: a quarter of ILIKE's cost where no index serves the search
 * (one or two letters: 15 ms instead of 58 ms over 95,000 contacts).
 */
export function contactSearch(search: string | undefined, gated: boolean, now: Date): SQL | undefined {
  const needle = searchNeedle(search)
  if (!needle) return undefined
  const matches = textMatch(tc.search_text, needle)
  return gated ? and(matches, notChildRow(now)) : matches
}

/**
 * A term of three characters or more matches anywhere ('ann' finds Joanne). A term of one
 * or two letters or digits matches the start of a word ('an' finds Anna and Anderson, not
 * Joanne): anywhere, it holds no trigram and matches a third of any large team, so both
 * the search and its count read the whole team (issue 11); at a word's start, the trigram
 * index serves it (pg_trgm pads a word's start: '% an%' looks up '  a' and ' an'), as it
 * serves longer terms. Punctuation in a short term ('%', "o'") keeps the match anywhere.
 */
export function textMatch(column: AnyPgColumn, needle: string): SQL {
  if (needle.length >= trigramLength || !/^[\p{L}\p{N}]+$/u.test(needle)) return like(column, likePattern(needle))
  return or(like(column, `${needle}%`), like(column, `% ${needle}%`))!
}

/** What the search looks for in the search text: the words, or a phone number's digits. */
export function searchNeedle(search: string | undefined): string {
  const term = (search ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
  return /^[\d\s+]+$/.test(term) ? term.replace(/\D/g, '') : term
}

/** pg_trgm serves a '%needle%' pattern with at least one trigram: three characters. */
export const trigramLength = 3
