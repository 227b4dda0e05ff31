import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { boundedListCount, countBound } from '@crm/domain'
import type { Executor } from '../db/client'

// One page of a list whose count is bounded (docs/decisions.md "Lists at any size"): the
// matches are counted up to countBound, so a page never costs what the whole table holds.

export interface BoundedCount {
  count: number
  max_pages: number
  count_is_lower_bound?: true
}

/**
 * Reads page `page` (by `readPage`) and the count of `table`'s rows under `where` side by
 * side; a page past the end is served as the last page.
 */
export async function boundedPage<Row>(
  db: Executor,
  list: { table: PgTable; where: SQL | undefined; page: number; per_page: number },
  readPage: (page: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; counts: BoundedCount }> {
  const bound = countBound(list.page, list.per_page)
  const readCount = async () => {
    const bounded = db
      .select({ one: sql`1` })
      .from(list.table)
      .where(list.where)
      .limit(bound + 1)
      .as('bounded')
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bounded)
    return boundedListCount(Number(row?.n ?? 0), bound, list.per_page)
  }
  const [rows, counts] = await Promise.all([readPage(list.page), readCount()])
  if (rows.length === 0 && list.page > counts.max_pages && counts.count > 0) return { rows: await readPage(counts.max_pages), counts }
  return { rows, counts }
}
