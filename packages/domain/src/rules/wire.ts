import { z } from 'zod'
import { defaultPageSize, pageSizes } from '../constants'
import { issueOf } from '../field-errors'

/**
 * Field types of the wire. Every POST takes JSON or multipart form data, so numbers and
 * flags arrive as numbers, booleans or strings and are normalised here, once.
 */

/** The largest id: ids are PostgreSQL integers. */
export const maxId = 2_147_483_647

/**
 * A whole number from `min` to `max`: a number, or a string of digits (a form field, a query
 * string). Never what Number() would also turn into one (true, [1], '', ' 1', '1e3', '0x10'):
 * z.coerce.number() took those. Leading zeros are fine ('07' is 7). None of the wire's whole
 * numbers may be negative, so no sign is taken.
 */
export function integer(min = 0, max = Number.MAX_SAFE_INTEGER) {
  return z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: 'Expected a whole number' }).pipe(z.number().int().min(min).max(max))
}

/** A positive integer id, from a number or a string of digits. */
export const id = integer(1, maxId)

/** A flag: true, false, 1, 0, '1', '0', 'true', 'false', 'on' or ''. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on', ''])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on')

/**
 * Control characters (C0 and C1, tab and new line included) and the bidirectional
 * overrides and isolates that make a name read differently from what it stores
 * (U+202A–U+202E, U+2066–U+2069). Joiners (U+200C, U+200D) stay: some scripts need them.
 */
// eslint-disable-next-line no-control-regex
const unsafeInNamePattern = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

export function hasUnsafeNameCharacters(value: string): boolean {
  return unsafeInNamePattern.test(value)
}

/** A person's name part: trimmed, at most `max` characters, no control or bidi-override characters. */
export function personName(max = 100) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasUnsafeNameCharacters(value), issueOf('unsafe_characters'))
}

/** A required person's name part (see personName). */
export function requiredPersonName(max = 100) {
  return personName(max).pipe(z.string().min(1))
}

/**
 * What no string of the wire may hold, in any field of any call: NUL (PostgreSQL text cannot
 * store it) and a UTF-16 surrogate without its pair (no character; no valid UTF-8).
 */
// eslint-disable-next-line no-control-regex
const malformedTextPattern = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export function isMalformedText(value: string): boolean {
  return malformedTextPattern.test(value)
}

/**
 * The path (`names.0.first`, `_` for the top) of the first string or key that is malformed
 * text anywhere in a parsed request, or undefined. Walks without recursion: a request may
 * nest deeper than the stack.
 */
export function findMalformedText(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']]
  while (pending.length > 0) {
    const [current, path] = pending.pop()!
    if (typeof current === 'string') {
      if (isMalformedText(current)) return path || '_'
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key
        if (isMalformedText(key)) return itemPath
        pending.push([item, itemPath])
      }
    }
  }
  return undefined
}

/** A trimmed string of at most `max` characters. */
export function text(max = 255) {
  return z.string().trim().max(max)
}

/** A trimmed, required string of at most `max` characters. */
export function requiredText(max = 255) {
  return z.string().trim().min(1).max(max)
}

export const sortOrder = z.enum(['asc', 'desc'])

/** The paging query of every list (DESIGN.md §4). */
export const pagingQuerySchema = z.object({
  page: integer(1, 100_000).default(1),
  per_page: integer()
    .refine((n) => (pageSizes as readonly number[]).includes(n), { ...issueOf('not_in_list'), message: 'per_page must be 4, 20, 50, 100 or 200' })
    .default(defaultPageSize),
  order: sortOrder.optional(),
  search: text(200).optional(),
})

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    count: z.number().int(),
    max_pages: z.number().int(),
    // Present (true) when the list stopped counting at its bound: `count` is "more than" (paging.ts countBound).
    count_is_lower_bound: z.literal(true).optional(),
  })
}

/** An id with a title: suggestion items and lookup items. */
export const suggestionSchema = z.object({ id: z.union([z.number(), z.string()]), title: z.string() })
export type Suggestion = z.infer<typeof suggestionSchema>

/** A success answer with nothing else to say. */
export const okSchema = z.object({ success: z.literal(true), success_message: z.string().optional() })
