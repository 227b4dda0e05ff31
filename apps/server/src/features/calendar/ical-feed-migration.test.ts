import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { openPglite, openPostgres, type Database } from '../../db/client'
import { migrationsFolder } from '../../db/migrate'
import { hashToken, newToken } from '../../platform/tokens'
import { createEmptyPostgresDatabase, engine } from '../../../test/databases'

// Migration 0029 (issue 33) turns the calendar tokens stored before it into their hashes:
// a database migrated to 0028 with a feed in it, then to the end.

const hashingMigration = '0029_ical_feed_token_hashes'
let folder: string
let database: Database
let dropDatabase = async () => {}

/** The drizzle migrator of the engine, over the given folder of migrations. */
async function migrateFrom(migrationsFolder: string): Promise<void> {
  if (database.engine === 'pglite') await migratePglite(database.db as never, { migrationsFolder })
  else await migratePostgres(database.db as never, { migrationsFolder })
}

beforeAll(async () => {
  // The migrations before 0029: the same files, the journal cut before it.
  folder = await mkdtemp(join(tmpdir(), 'crm-migrations-'))
  await cp(migrationsFolder(), folder, { recursive: true })
  const journalFile = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> }
  const cut = journal.entries.findIndex((entry) => entry.tag === hashingMigration)
  expect(cut).toBeGreaterThan(0)
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }))
  if (engine === 'postgres') {
    const empty = await createEmptyPostgresDatabase()
    database = openPostgres(empty.url, 2)
    dropDatabase = empty.drop
  } else {
    database = await openPglite()
  }
}, 120_000)

afterAll(async () => {
  await database.close()
  await dropDatabase()
  await rm(folder, { recursive: true, force: true })
})

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

it('0029 stores the hash hashToken makes of a token stored before it, and drops the token', async () => {
  await migrateFrom(folder)
  const token = newToken()
  const [person] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into people (first_name) values ('Ada') returning id`))
  const [team] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into teams (kind, title) values ('team', 'Grace') returning id`))
  await database.db.execute(sql`insert into ical_feeds (user_id, team_id, token) values (${person!.id}, ${team!.id}, ${token})`)

  await migrateFrom(migrationsFolder())
  const rows = rowsOf<Record<string, unknown>>(await database.db.execute(sql`select * from ical_feeds`))
  expect(rows).toEqual([expect.objectContaining({ user_id: person!.id, team_id: team!.id, token_hash: hashToken(token), key_nonce: null, expires_at: null })])
  expect(rows[0]).not.toHaveProperty('token')
  expect(JSON.stringify(rows)).not.toContain(token)
}, 120_000)
