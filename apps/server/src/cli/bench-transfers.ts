import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { processTransferNow } from '../features/transfers/process.service'
import type { Deps } from '../platform/deps'
import { hashPassword } from '../platform/passwords'
import { rowsOf } from './bench-measure'

// Processing a transfer (issue 18), a section of `npm run bench` (BENCH_TRANSFERS=0 leaves it
// out; BENCH_ONLY=transfers runs it alone): a church of its own whose pastor follows up
// BENCH_TRANSFER_CONTACTS (2,000) contacts, each with a note and a completed interaction of the
// pastor's, beside 500 contacts of the church that stay; the pastor
// chose three in four to move and the rest to share. Processing it by hand (the call's and the
// job's one transaction) is timed. Target: ≤ 5 s on PostgreSQL.

export const transfersOn = process.env.BENCH_TRANSFERS !== '0'
const chosen = Number(process.env.BENCH_TRANSFER_CONTACTS ?? 2000)
const staying = 500

export interface TransferSeed {
  transferId: number
  contacts: number
  seconds: number
}

export interface TransferResult {
  contacts: number
  moved: number
  shared: number
  stayed: number
  seconds: number
}

/** The conference, both churches, the pastor, their contacts with their records, and the transfer. */
export async function seedTransfer(db: Db, options: { password: string }): Promise<TransferSeed> {
  const started = performance.now()
  const pastorId = await createAccount(
    db,
    new Date(),
    { firstName: 'Moving', lastName: 'Pastor', email: 'moving-pastor@bench.test', password: options.password, verified: true },
    await hashPassword(options.password),
  )
  const [conference] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('conference', 'Transfer Conference') returning id`))
  const churches = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into teams (kind, title, parent_id) values ('team', 'Leaving Church', ${conference!.id}::int), ('team', 'Receiving Church', ${conference!.id}::int) returning id`,
    ),
  )
  const [from, to] = [churches[0]!.id, churches[1]!.id]
  await db.execute(sql`insert into memberships (person_id, team_id, role) values (${pastorId}::int, ${from}::int, 'owner')`)
  await db.execute(sql`update teams set owner_id = ${pastorId}::int where id = ${from}::int`)
  const total = chosen + staying
  await db.execute(sql`
    insert into people (first_name, last_name, gender, member_status, created_by_id)
    select 'Followed', 'Contact ' || n, case when n % 2 = 0 then 'male' else 'female' end, 'member', ${pastorId}::int
    from generate_series(1, ${total}::int) n`)
  const people = sql`(select id, row_number() over (order by id) as n from people where created_by_id = ${pastorId}::int)`
  await db.execute(sql`
    insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text, member_status, gender)
    select ${from}::int, p.id, true, 'followed contact ' || p.n, 'followed contact ' || p.n, 'followed contact ' || p.n, 'member', case when p.n % 2 = 0 then 'male' else 'female' end
    from ${people} p`)
  await db.execute(
    sql`insert into assignments (team_id, contact_id, to_person_id, by_person_id) select ${from}::int, p.id, ${pastorId}::int, ${pastorId}::int from ${people} p`,
  )
  await db.execute(
    sql`insert into notes (contact_id, team_id, author_id, content) select p.id, ${from}::int, ${pastorId}::int, 'A visit at home.' from ${people} p`,
  )
  await db.execute(sql`
    insert into interactions (contact_id, team_id, conference_id, author_id, by_person_id, type, date, occurs_at, is_completed, completed_at)
    select p.id, ${from}::int, ${conference!.id}::int, ${pastorId}::int, ${pastorId}::int, 'visit', current_date - 3, now() - interval '3 days', true, now() - interval '3 days'
    from ${people} p`)
  const [transfer] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into transfers (from_conference_id, to_conference_id, from_team_id, to_team_id, person_id, created_by_id)
      values (${conference!.id}::int, ${conference!.id}::int, ${from}::int, ${to}::int, ${pastorId}::int, ${pastorId}::int) returning id`),
  )
  await db.execute(sql`
    insert into transfer_contacts (transfer_id, contact_id, state)
    select ${transfer!.id}::int, p.id, case when p.n % 4 = 0 then 'share' else 'move' end from ${people} p where p.n <= ${chosen}::int`)
  await db.execute(sql`analyze`)
  return { transferId: transfer!.id, contacts: chosen, seconds: (performance.now() - started) / 1000 }
}

export async function measureTransfer(deps: Deps, seeded: TransferSeed): Promise<TransferResult> {
  const started = performance.now()
  const outcome = await processTransferNow(deps, seeded.transferId)
  const seconds = (performance.now() - started) / 1000
  if (!outcome) throw new Error(`transfer ${seeded.transferId} was processed already`)
  return { contacts: seeded.contacts, ...outcome, seconds }
}

export function printTransfer(engine: string, seeded: TransferSeed, result: TransferResult): void {
  console.log(`\n${engine}: processing a transfer (issue 18; seeded in ${seeded.seconds.toFixed(1)} s; target ≤ 5 s on PostgreSQL)`)
  console.log("| contacts chosen | moved | shared | the pastor's assignments ended | seconds |")
  console.log('|---|---|---|---|---|')
  console.log(
    `| ${result.contacts.toLocaleString('en')} | ${result.moved.toLocaleString('en')} | ${result.shared.toLocaleString('en')} | ${result.stayed.toLocaleString('en')} | ${result.seconds.toFixed(2)} |`,
  )
}
