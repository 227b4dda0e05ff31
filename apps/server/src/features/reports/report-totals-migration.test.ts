import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { migrationSteps, rowsOf, type MigrationSteps } from '../../../test/migration-steps'

// Migrations 0037, 0038 and 0042 (issue 39) start the reports' follow-up totals from the
// assignments already there, the new contacts' totals from the contacts and the Baptism decisions'
// totals from the entries: a database migrated to 0036 with a church's contacts, assignments and
// entries, then on.

let steps: MigrationSteps
let database: Database
beforeAll(async () => {
  steps = await migrationSteps('0037_report_follow_ups')
  database = steps.database
}, 120_000)
afterAll(async () => steps.close())

it('0037 totals the assignments of the counted contacts there before it, by assignee and member status; 0038 the contacts, by year; 0042 the baptism entries, by year', async () => {
  await steps.migrateBefore()
  const db = database.db
  const [church] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('team', 'Church') returning id`))
  const people = rowsOf<{ id: number }>(
    await db.execute(sql`insert into people (first_name, last_name) select 'P', 'N' || n from generate_series(1, 5) n order by n returning id`),
  )
  const [ann, ruth, sam, tess, uma] = people.map((person) => person.id)
  const listed = (person: number, status: string, archived: boolean) =>
    db.execute(sql`insert into team_contacts (team_id, person_id, is_owner, sort_name, search_text, member_status, archived_at)
      values (${church!.id}, ${person}, true, 'n', 'n', ${status}, ${archived ? sql`now()` : null})`)
  await listed(ruth!, 'member', false)
  await listed(sam!, 'member', false)
  await listed(tess!, 'attendee', false)
  await db.execute(sql`update team_contacts set source = 'web', created_at = '2024-12-31T23:00:00Z' where person_id = ${tess!}`)
  await listed(uma!, 'member', true)
  // Ruth answered after 2 hours, Sam before the assignment (no response to time), Tess waits, Uma is archived.
  // The follow-ups set as migration 0028's triggers would have kept them from interactions.
  const assign = async (person: number, firstCompleted: string | null, firstResponse: string | null) => {
    await db.execute(
      sql`insert into assignments (team_id, contact_id, to_person_id, created_at) values (${church!.id}, ${person}, ${ann!}, '2026-11-01T10:00:00Z')`,
    )
    await db.execute(sql`update assignments set first_completed_at = ${firstCompleted}::timestamptz, first_response_at = ${firstResponse}::timestamptz
      where team_id = ${church!.id} and contact_id = ${person}`)
  }
  await assign(ruth!, '2026-11-01T12:00:00Z', '2026-11-01T12:00:00Z')
  await assign(sam!, '2026-10-01T10:00:00Z', null)
  await assign(tess!, null, null)
  await assign(uma!, null, null)
  const recorded = (person: number, type: string, date: string) =>
    db.execute(sql`insert into contact_events (contact_id, team_id, type, kind, date) values (${person}, ${church!.id}, ${type}, 'decision', ${date})`)
  await recorded(ruth!, 'decision-for-baptism', '2025-05-01')
  await recorded(sam!, 'decision-for-baptism', '2025-08-01')
  await recorded(sam!, 'baptism', '2026-02-01')
  await recorded(tess!, 'decision-to-follow-jesus', '2026-02-01')
  await recorded(uma!, 'baptism', '2026-02-01')

  await steps.migrateToEnd()
  const totals = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select member_status, assignments, outstanding, responded, response_hours::float8 as hours
      from report_follow_ups where team_id = ${church!.id} order by member_status`),
  )
  expect(totals).toEqual([
    { member_status: 'attendee', assignments: 1, outstanding: 1, responded: 0, hours: 0 },
    { member_status: 'member', assignments: 2, outstanding: 0, responded: 1, hours: 2 },
  ])
  // 0038: the counted contacts by UTC year, source and member status; Uma is archived.
  const thisYear = new Date().getUTCFullYear()
  const newContacts = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select year, source, member_status, contacts from report_new_contacts where team_id = ${church!.id} order by year, member_status`),
  )
  expect(newContacts).toEqual([
    { year: 2024, source: 'web', member_status: 'attendee', contacts: 1 },
    { year: thisYear, source: '', member_status: 'member', contacts: 2 },
  ])
  // 0042: the decisions for baptism and baptisms of the counted contacts by year; Uma is archived.
  const baptisms = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select year, type, member_status, entries from report_baptisms where team_id = ${church!.id} order by year, type`),
  )
  expect(baptisms).toEqual([
    { year: 2025, type: 'decision-for-baptism', member_status: 'member', entries: 2 },
    { year: 2026, type: 'baptism', member_status: 'member', entries: 1 },
  ])
}, 120_000)
