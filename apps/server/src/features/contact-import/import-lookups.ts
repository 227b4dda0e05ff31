import { and, asc, eq, inArray } from 'drizzle-orm'
import { supportedLocales } from '@crm/domain'
import type { Executor } from '../../db/client'
import { lookupItems } from '../../db/schema/index'

// Lookup values in import cells (issue 35 item 9): a file may give a lookup's id
// ('church-attendee') or the title the app shows, in English or Spanish ('Church attendee',
// 'Asiste a la iglesia'), in any case and spacing. Read once per chunk.

/** A word compared case, accents and separators aside: 'Llamada telefonica' is 'llamada telefónica', 'phone_call' is 'phone-call'. */
export function lookupWordOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim()
}

export interface ImportLookups {
  /** The id of the active item of `list` the cell names, or null. */
  match(list: string, text: string): string | null
  /** The active ids of `list`, in the list's order. */
  values(list: string): string[]
  /** The titles of `list`'s active items by language, in the list's order (English is the title). */
  titles(list: string): Record<string, string[]>
  /** Every active item as `list/id` (what resolveContactInput takes as its lookups). */
  keys(): ReadonlySet<string>
}

export async function loadImportLookups(db: Executor, lists: readonly string[]): Promise<ImportLookups> {
  const rows = await db
    .select({ list: lookupItems.list, value: lookupItems.value, title: lookupItems.title, translations: lookupItems.translations })
    .from(lookupItems)
    .where(and(inArray(lookupItems.list, [...lists]), eq(lookupItems.is_active, true)))
    .orderBy(asc(lookupItems.sort_order), asc(lookupItems.id))
  const byName = new Map<string, string>()
  const values = new Map<string, string[]>()
  const titles = new Map<string, Record<string, string[]>>()
  for (const row of rows) {
    values.set(row.list, [...(values.get(row.list) ?? []), row.value])
    const byLocale = titles.get(row.list) ?? Object.fromEntries(supportedLocales.map((locale) => [locale, []]))
    for (const locale of supportedLocales) byLocale[locale]!.push(locale === 'en' ? row.title : (row.translations[locale] ?? row.title))
    titles.set(row.list, byLocale)
    // An id wins over another item's title.
    for (const name of [row.title, ...Object.values(row.translations)]) {
      const key = `${row.list}/${lookupWordOf(name)}`
      if (!byName.has(key)) byName.set(key, row.value)
    }
  }
  for (const row of rows) byName.set(`${row.list}/${lookupWordOf(row.value)}`, row.value)
  const keys = new Set(rows.map((row) => `${row.list}/${row.value}`))
  return {
    match: (list, text) => byName.get(`${list}/${lookupWordOf(text)}`) ?? null,
    values: (list) => values.get(list) ?? [],
    titles: (list) => titles.get(list) ?? {},
    keys: () => keys,
  }
}
