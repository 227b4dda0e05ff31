import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { openPglite, openPostgres, type Database } from '../src/db/client'
import { migrationsFolder } from '../src/db/migrate'
import { createEmptyPostgresDatabase, engine } from './databases'

/** The rows of a raw statement's answer (db.execute), as both engines give them. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A database of the test engine, and the way to migrate it before and past one migration. */
export interface MigrationSteps {
  database: Database
  /** Every migration before `tag`: the same files, the journal cut before it. */
  migrateBefore: () => Promise<void>
  /** The rest, `tag` first. */
  migrateToEnd: () => Promise<void>
  close: () => Promise<void>
}

/**
 * For a migration that turns rows stored before it: a fresh database (PGlite, or an empty
 * PostgreSQL database on the postgres lane) to fill between the two steps.
 */
export async function migrationSteps(tag: string): Promise<MigrationSteps> {
  const folder = await mkdtemp(join(tmpdir(), 'crm-migrations-'))
  await cp(migrationsFolder(), folder, { recursive: true })
  const journalFile = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> }
  const cut = journal.entries.findIndex((entry) => entry.tag === tag)
  if (cut <= 0) throw new Error(`No migration ${tag} after the first`)
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }))

  let database: Database
  let dropDatabase = async () => {}
  if (engine === 'postgres') {
    const empty = await createEmptyPostgresDatabase()
    database = openPostgres(empty.url, { poolSize: 2 })
    dropDatabase = empty.drop
  } else {
    database = await openPglite()
  }
  const migrateFrom = async (migrationsFolder: string) => {
    if (database.engine === 'pglite') await migratePglite(database.db as never, { migrationsFolder })
    else await migratePostgres(database.db as never, { migrationsFolder })
  }
  return {
    database,
    migrateBefore: () => migrateFrom(folder),
    migrateToEnd: () => migrateFrom(migrationsFolder()),
    close: async () => {
      await database.close()
      await dropDatabase()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
