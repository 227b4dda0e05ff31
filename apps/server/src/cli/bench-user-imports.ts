import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { nameWordsSql } from '../platform/read-model'
import { browserGet, measure, rowsOf, type RecordResult } from './bench-measure'

// Import-and-share's lists (issue 17 item 4), a section of `npm run bench` (BENCH_USER_IMPORTS=0
// leaves it out; BENCH_ONLY=user-imports runs it alone): a conference of its own whose entity
// admin ran 50 imports of 1,000 people each, all processed to one of its churches (50,000
// processed people: years of evangelistic series). GET user-import/all by name (page 1, 2 and
// the last), by created, and searched, and one import's page 1, over HTTP. Target on
// PostgreSQL: every call p95 ≤ 50 ms, the last page as quick as the first.

export const userImportsOn = process.env.BENCH_USER_IMPORTS !== '0'
/** Sequential requests per call (BENCH_ROUNDS, else 100). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
const imports = 50
const perImport = 1000

export interface UserImportsSeed {
  conferenceId: number
  officerEmail: string
  importId: number
  people: number
  seconds: number
}

/** The conference, its church, its entity admin, and the imports with their processed people (generate_series). */
export async function seedUserImports(db: Db, options: { password: string }): Promise<UserImportsSeed> {
  const started = performance.now()
  const hash = await hashPassword(options.password)
  const officerEmail = 'import-officer@bench.test'
  const officerId = await createAccount(
    db,
    new Date(),
    { firstName: 'Import', lastName: 'Officer', email: officerEmail, password: options.password, verified: true },
    hash,
  )
  const [conference] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('conference', 'Import Conference') returning id`))
  const conferenceId = conference!.id
  const [church] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into teams (kind, title, parent_id) values ('team', 'Import Church', ${conferenceId}::int) returning id`),
  )
  await db.execute(sql`insert into memberships (person_id, team_id, role) values (${officerId}::int, ${conferenceId}::int, 'entity_admin')`)
  await db.execute(sql`
    insert into user_imports (team_id, title, date, created_by)
    select ${conferenceId}::int, 'Series ' || n, date '2020-01-01' + n * 30, ${officerId}::int from generate_series(1, ${imports}::int) n`)
  await db.execute(sql`
    insert into people (first_name, last_name, gender, email, created_by_id)
    select (array['Anna', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Finn', 'Grace', 'Henry', 'Isla', 'Jack'])[1 + n % 10], 'Carded ' || (n * 7919 % 100000),
           case when n % 2 = 0 then 'male' else 'female' end, 'carded' || n || '@import.bench.test', ${officerId}::int
    from generate_series(1, ${imports * perImport}::int) n`)
  const words = nameWordsSql(sql`p.first_name`, sql`p.last_name`)
  await db.execute(sql`
    insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text)
    select ${church!.id}::int, p.id, true, lower(p.first_name || ' ' || p.last_name), ${words}, ${words}
    from people p where p.created_by_id = ${officerId}::int and p.last_name like 'Carded %'`)
  await db.execute(sql`
    insert into user_import_rows (import_id, person_id, row, is_new, team_id, is_processed, processed_team_id, processed_at, conference_id, sort_name, name_words, search_text)
    select i.id, p.id, 2 + p.n % ${perImport}::int, true, ${church!.id}::int, true, ${church!.id}::int, now(), ${conferenceId}::int,
           lower(p.first_name || ' ' || p.last_name), ${words}, ${words} || ' ' || lower(p.email)
    from (select id, first_name, last_name, email, row_number() over (order by id) - 1 as n from people where created_by_id = ${officerId}::int and last_name like 'Carded %') p
    join (select id, row_number() over (order by id) - 1 as n from user_imports where team_id = ${conferenceId}::int) i on i.n = p.n / ${perImport}::int`)
  await db.execute(sql`analyze user_import_rows`)
  await db.execute(sql`analyze people`)
  const [first] = rowsOf<{ id: number }>(await db.execute(sql`select min(id)::int as id from user_imports where team_id = ${conferenceId}::int`))
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from user_import_rows where conference_id = ${conferenceId}::int`))
  return { conferenceId, officerEmail, importId: first!.id, people: counted!.n, seconds: (performance.now() - started) / 1000 }
}

export async function measureUserImports({
  base,
  tokenOf,
  seeded,
}: {
  base: string
  tokenOf: (email: string) => Promise<string>
  seeded: UserImportsSeed
}): Promise<RecordResult[]> {
  const headers = { authorization: `Bearer ${await tokenOf(seeded.officerEmail)}` }
  const perPage = 20
  const lastPage = Math.ceil(seeded.people / perPage)
  const calls: Array<[string, string]> = [
    ['user-import/all by name, page 1', 'user-import/all?page=1'],
    ['user-import/all by name, page 2', 'user-import/all?page=2'],
    [`user-import/all by name, page ${lastPage} (the last)`, `user-import/all?page=${lastPage}`],
    ['user-import/all by name descending, page 1', 'user-import/all?order=desc'],
    ['user-import/all by created, page 1', 'user-import/all?order_by=created&order=desc'],
    ["user-import/all, search 'anna'", 'user-import/all?search=anna'],
    ['user-import/{id} (1,000 people), page 1', `user-import/${seeded.importId}?page=1`],
  ]
  const out: RecordResult[] = []
  for (const [label, path] of calls) {
    const url = `${base}/api/v1/${path}&team_id=${seeded.conferenceId}&per_page=${perPage}`
    const answer = await fetch(url, { headers })
    if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${await answer.text()}`)
    out.push({ ...(await measure(label, rounds, () => browserGet(url, headers))), key: `user-imports: ${label}`, sqlP50: Number.NaN, kind: 'read' })
  }
  return out
}

export function printUserImports(engine: string, seeded: UserImportsSeed, results: RecordResult[]): void {
  console.log(
    `\n${engine}: import-and-share (issue 17), ${seeded.people.toLocaleString('en')} processed people in ${imports} imports of one conference; seeded in ${seeded.seconds.toFixed(1)} s, ${rounds} requests each`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
