import { sql } from 'drizzle-orm'
import { rowsOf } from '../src/db/client'
import type { TestApp } from './harness'

/**
 * Every row of every table whose text holds one of the words (case aside), as "table: row":
 * what an erasure or de-identification must leave none of (issue 40 §2).
 */
export async function rowsNaming(t: TestApp, words: readonly string[]): Promise<string[]> {
  const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(statement))
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
  const found: string[] = []
  for (const { name } of tables) {
    const table = sql.raw(`"${name}"`)
    const matches = sql.join(
      words.map((word) => sql`strpos(lower(t::text), ${word.toLowerCase()}) > 0`),
      sql` or `,
    )
    const hits = await rows<{ row: string }>(sql`select t::text as row from ${table} as t where ${matches}`)
    found.push(...hits.map((hit) => `${name}: ${hit.row}`))
  }
  return found
}
