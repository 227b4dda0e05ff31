import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { migrationSteps, rowsOf, type MigrationSteps } from '../../../test/migration-steps'

// Migration 0041 (issue 35 item 13) holds the ACMS ids of a conference's churches unique: churches
// that came to share one before keep it in the first church only. A database migrated to 0040 with
// such churches in it, then to the end.

let steps: MigrationSteps
let database: Database
beforeAll(async () => {
  steps = await migrationSteps('0041_sub_team_acms_id_key')
  database = steps.database
}, 120_000)
afterAll(async () => steps.close())

it('0041 leaves a shared ACMS id with the first church that had it, then refuses another church of the conference the same id', async () => {
  await steps.migrateBefore()
  const team = async (kind: string, title: string, parentId: number | null, acmsId: string | null) =>
    rowsOf<{ id: number }>(
      await database.db.execute(sql`insert into teams (kind, title, parent_id, acms_id) values (${kind}, ${title}, ${parentId}, ${acmsId}) returning id`),
    )[0]!.id
  const conference = await team('conference', 'South', null, 'SC')
  const other = await team('conference', 'North', null, 'NC')
  const hope = await team('team', 'Hope Street', conference, 'DEMO-1')
  const renamed = await team('team', 'Grace Hill', conference, ' demo-1 ')
  const own = await team('team', 'Riverside', conference, 'DEMO-2')
  const elsewhere = await team('team', 'Hope North', other, 'DEMO-1')
  const group = await team('group', 'Youth', hope, 'DEMO-1')

  await steps.migrateToEnd()
  const acmsIdOf = async (id: number) =>
    rowsOf<{ acms_id: string | null }>(await database.db.execute(sql`select acms_id from teams where id = ${id}`))[0]!.acms_id
  expect(await Promise.all([hope, renamed, own, elsewhere, group].map(acmsIdOf))).toEqual(['DEMO-1', null, 'DEMO-2', 'DEMO-1', 'DEMO-1'])

  // The index holds it from now on, whatever the case and spacing; another conference may use the id.
  await expect(database.db.execute(sql`update teams set acms_id = 'Demo-2 ' where id = ${renamed}`)).rejects.toThrow()
  await team('team', 'Hope East', other, 'DEMO-2')
  await database.db.execute(sql`update teams set acms_id = 'DEMO-3' where id = ${renamed}`)
  expect(await acmsIdOf(renamed)).toBe('DEMO-3')
}, 120_000)
