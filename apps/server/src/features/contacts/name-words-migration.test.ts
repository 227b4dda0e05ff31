import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { nameWordsOf } from '../../platform/read-model'
import { migrationSteps, rowsOf, type MigrationSteps } from '../../../test/migration-steps'

// Migration 0034 (issue 39) gives every team contact and import row the name words the app
// now writes (nameWordsOf), leads their search text with them, and fills the words a name
// search walks. A database migrated to 0033 with rows written the earlier way, then on.

let steps: MigrationSteps
let database: Database
beforeAll(async () => {
  steps = await migrationSteps('0034_name_words')
  database = steps.database
}, 120_000)
afterAll(async () => steps.close())

it('0034 fills name_words as nameWordsOf writes them, leads the search text with them, and fills team_contact_words', async () => {
  await steps.migrateBefore()
  const db = database.db
  const person = { first_name: 'Mary-Jane', last_name: 'O’Brien', email: 'MJ.OBrien+church@Example.org' }
  const [conference] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('conference', 'C') returning id`))
  const [church] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into teams (kind, parent_id, title) values ('team', ${conference!.id}, 'Church') returning id`),
  )
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into people (first_name, last_name, email) values (${person.first_name}, ${person.last_name}, ${person.email}) returning id`),
  )
  const id = row!.id
  // As the app wrote them before 0034: the sort name, and name, email and phone digits.
  const sortName = 'mary-jane o’brien'
  const searchText = 'mary-jane o’brien mj.obrien+church@example.org 61412345678 0412345678'
  await db.execute(
    sql`insert into team_contacts (team_id, person_id, is_owner, sort_name, search_text) values (${church!.id}, ${id}, true, ${sortName}, ${searchText})`,
  )
  const [anImport] = rowsOf<{ id: number }>(await db.execute(sql`insert into user_imports (team_id, title) values (${conference!.id}, 'Roll') returning id`))
  await db.execute(sql`insert into user_import_rows (import_id, person_id, row, is_new, conference_id, sort_name, search_text)
    values (${anImport!.id}, ${id}, 2, true, ${conference!.id}, ${sortName}, ${searchText})`)

  await steps.migrateToEnd()
  const words = nameWordsOf(person)
  expect(words).toBe("mary jane o'brien")
  const [contact] = rowsOf<{ name_words: string; search_text: string }>(
    await db.execute(sql`select name_words, search_text from team_contacts where person_id = ${id}`),
  )
  expect(contact).toEqual({ name_words: words, search_text: `${words} ${searchText}` })
  const [importRow] = rowsOf<{ name_words: string; search_text: string }>(
    await db.execute(sql`select name_words, search_text from user_import_rows where person_id = ${id}`),
  )
  expect(importRow).toEqual({ name_words: words, search_text: `${words} ${searchText}` })
  const wordRows = rowsOf<{ word: string; sort_name: string }>(
    await db.execute(sql`select word, sort_name from team_contact_words where person_id = ${id} order by word`),
  )
  expect(wordRows).toEqual(['jane', 'mary', "o'brien"].map((word) => ({ word, sort_name: sortName })))
}, 120_000)
