import { fileURLToPath } from 'node:url'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { Database } from './client'

/**
 * The committed SQL migrations (drizzle-kit output) live in apps/server/drizzle. This
 * module is run from src/ in tests and development and from dist/ once built, so the
 * folder is found by walking up to the server package.
 */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle')
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
    dir = dirname(dir)
  }
  throw new Error('The migrations folder (apps/server/drizzle) was not found')
}

export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() }
  // Both migrators run the same SQL files; they differ only in the driver they expect.
  if (database.engine === 'pglite') await migratePglite(database.db as never, config)
  else await migratePostgres(database.db as never, config)
}

/**
 * When the newest committed migration was made (its journal's `when`): drizzle's migrators
 * record it as `created_at` once applied, and apply every migration made after the newest
 * recorded one.
 */
export function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> }
  return Math.max(...journal.entries.map((entry) => entry.when))
}
