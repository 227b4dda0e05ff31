import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { migrationSteps, rowsOf, type MigrationSteps } from '../../../test/migration-steps'

// Migration 0030 (issue 35) keeps why an account is locked: a lock stored before it (is_locked
// alone) was an administrator's. A database migrated to 0029 with accounts in it, then to the end.

const lockMigration = '0030_account_locks'
let steps: MigrationSteps
let database: Database
beforeAll(async () => {
  steps = await migrationSteps(lockMigration)
  database = steps.database
}, 120_000)
afterAll(async () => steps.close())

it("0030 makes an earlier lock an administrator's, and is_locked follows the reason from then on", async () => {
  await steps.migrateBefore()
  const account = async (name: string, locked: boolean) => {
    const [person] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into people (first_name) values (${name}) returning id`))
    await database.db.execute(sql`insert into accounts (person_id, email, password_hash, encryption_salt, is_locked)
      values (${person!.id}, ${`${name.toLowerCase()}@crm.test`}, 'x', 'salt', ${locked})`)
    return person!.id
  }
  const locked = await account('Locked', true)
  const open = await account('Open', false)

  await steps.migrateToEnd()
  const lockOf = async (id: number) =>
    rowsOf<{ is_locked: boolean; locked_reason: string | null; has_time: boolean }>(
      await database.db.execute(sql`select is_locked, locked_reason, locked_at is not null as has_time from accounts where person_id = ${id}`),
    )[0]
  expect(await lockOf(locked)).toEqual({ is_locked: true, locked_reason: 'admin', has_time: true })
  expect(await lockOf(open)).toEqual({ is_locked: false, locked_reason: null, has_time: false })

  await database.db.execute(sql`update accounts set locked_reason = 'failures', locked_at = now() where person_id = ${open}`)
  expect(await lockOf(open)).toEqual({ is_locked: true, locked_reason: 'failures', has_time: true })
  // No write sets one without the other.
  await expect(database.db.execute(sql`update accounts set is_locked = false where person_id = ${open}`)).rejects.toThrow()
  await expect(database.db.execute(sql`update accounts set locked_at = null where person_id = ${open}`)).rejects.toThrow()
  await expect(database.db.execute(sql`update accounts set locked_reason = 'bored', locked_at = now() where person_id = ${open}`)).rejects.toThrow()
}, 120_000)
