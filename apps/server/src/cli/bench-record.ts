import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { LargeRecord } from '../seed/record'
import { browserGet, measure, rowsOf, timed, type RecordResult } from './bench-measure'

/** What the record's section needs of the run: the server, a signed-in owner and the list SQL replay. */
export interface RecordBench {
  base: string
  auth: Record<string, string>
  database: Database
  /** The church whose contacts carry the record. */
  teamId: number
  rounds: number
  /** The SQL a call sends that reads the given tables, to replay alone. */
  sqlOf: (url: string, headers: Record<string, string>, tables: RegExp) => Promise<() => Promise<void>>
}

// The contact record (issue 12): page 1 of each tab, for a typical contact and the heaviest,
// with the SQL that reads the tab's table replayed alone; then logging interactions.
export async function measureRecord(bench: RecordBench, seeded: LargeRecord): Promise<RecordResult[]> {
  const { base, auth, database, teamId, rounds } = bench
  const out: RecordResult[] = []
  const counted = async (url: string) => {
    const response = await fetch(url, { headers: auth })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
    return ((await response.json()) as { count: number }).count
  }
  const scope = `team_id=${teamId}&group_id=${teamId}`
  const who = [
    ['typical contact', seeded.typicalContactId],
    ['heaviest contact', seeded.heaviestContactId],
  ] as const
  const tabs = [
    ['interactions', (id: number) => `contact-interactions/${id}?${scope}`, /"interactions"/],
    ['notes', (id: number) => `contact-notes/${id}?${scope}`, /"notes"/],
    ['private notes', (id: number) => `contact-notes/${id}?${scope}&is_encrypted=1`, /"notes"/],
    ['activity log', (id: number) => `activity-log-for-contact/${id}?${scope}`, /"activity_log"/],
  ] as const
  for (const [tab, path, tables] of tabs) {
    for (const [whom, contactId] of who) {
      const url = `${base}/api/v1/${path(contactId)}`
      const rows = await counted(url)
      const result = await measure(`${tab}, ${whom}, page 1 — ${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'}`, rounds, () => browserGet(url, auth))
      const { p50: sqlP50 } = await timed(rounds, await bench.sqlOf(url, auth, tables))
      out.push({ ...result, key: `${tab}, ${whom}, page 1`, sqlP50, kind: 'read' })
    }
  }
  // Logging an interaction: a completed visit today, each round (warm-up included) on
  // another adult contact, so every round locks and refreshes a different read-model row.
  const ids = rowsOf<{ person_id: number }>(
    await database.db.execute(
      // Adults: a minor is followed up only with a carer's consent on record (spec 2 §5).
      sql`select tc.person_id from team_contacts tc join people p on p.id = tc.person_id
          where tc.team_id = ${teamId} and tc.archived_at is null
            and (p.dob_year is null or p.dob_year < extract(year from now())::int - 19)
          order by md5(tc.person_id::text) limit ${rounds + 5}`,
    ),
  ).map((row) => row.person_id)
  let next = 0
  const today = new Date().toISOString().slice(0, 10)
  const logged = await measure('add-contact-interaction (a visit; the read model follows)', rounds, () =>
    fetch(`${base}/api/v1/add-contact-interaction`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        team_id: teamId,
        group_id: teamId,
        user_id: ids[next++ % ids.length],
        type: 'visit',
        date: today,
        content: 'Bench visit',
        is_completed: 1,
      }),
    }),
  )
  out.push({ ...logged, key: 'add-contact-interaction', sqlP50: Number.NaN, kind: 'write' })
  return out
}

/** The record's table of results. */
export function printRecord(engine: string, record: LargeRecord, recordResults: RecordResult[], rounds: number): void {
  const { seconds } = record
  console.log(
    `\n${engine}: the contact record (issue 12), ${record.interactions.toLocaleString('en')} interactions ` +
      `(${record.othersPresent.toLocaleString('en')} with another contact present), ${record.notes.toLocaleString('en')} notes, ` +
      `${record.activity.toLocaleString('en')} activity rows; seeded in ${seconds.interactions.toFixed(1)} s + ${seconds.notes.toFixed(1)} s + ` +
      `${seconds.activity.toFixed(1)} s, read model ${seconds.readModel.toFixed(1)} s`,
  )
  console.log('| call | kind | p50 ms | p95 ms | SQL p50 ms | API / SQL |\n|---|---|---|---|---|---|')
  for (const r of recordResults) {
    const ratio = Number.isNaN(r.sqlP50) ? '—' : (r.p50 / r.sqlP50).toFixed(2)
    const sqlCell = Number.isNaN(r.sqlP50) ? '—' : r.sqlP50.toFixed(1)
    console.log(`| ${r.label} | ${r.kind} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${sqlCell} | ${ratio} |`)
  }
  // The summary counts a write apart: each one adds a row and moves the read model.
  const writes = recordResults.filter((r) => r.kind === 'write').length * (rounds + 5)
  console.log(`(writes: ${writes} add-contact-interaction requests, ${rounds} measured + 5 warm-up; every other call is a read)`)
}
