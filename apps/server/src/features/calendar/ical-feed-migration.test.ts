import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { migrationSteps, rowsOf, type MigrationSteps } from '../../../test/migration-steps'
import { hashToken, newToken } from '../../platform/tokens'

// Migration 0029 (issue 33) turns the calendar tokens stored before it into their hashes:
// a database migrated to 0028 with a feed in it, then to the end.

const hashingMigration = '0029_ical_feed_token_hashes'
let steps: MigrationSteps
let database: Database
beforeAll(async () => {
  steps = await migrationSteps(hashingMigration)
  database = steps.database
}, 120_000)
afterAll(async () => steps.close())

it('0029 stores the hash hashToken makes of a token stored before it, and drops the token', async () => {
  await steps.migrateBefore()
  const token = newToken()
  const [person] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into people (first_name) values ('Ada') returning id`))
  const [team] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into teams (kind, title) values ('team', 'Grace') returning id`))
  await database.db.execute(sql`insert into ical_feeds (user_id, team_id, token) values (${person!.id}, ${team!.id}, ${token})`)

  await steps.migrateToEnd()
  const rows = rowsOf<Record<string, unknown>>(await database.db.execute(sql`select * from ical_feeds`))
  expect(rows).toEqual([expect.objectContaining({ user_id: person!.id, team_id: team!.id, token_hash: hashToken(token), key_nonce: null, expires_at: null })])
  expect(rows[0]).not.toHaveProperty('token')
  expect(JSON.stringify(rows)).not.toContain(token)
}, 120_000)
