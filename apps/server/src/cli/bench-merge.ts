import { sql } from 'drizzle-orm'
import { mergeFieldGroups } from '@crm/domain'
import { rowsOf, type Db } from '../db/client'
import { erasePerson } from '../features/contact-data/contact-data.jobs'
import { exportContactData } from '../features/contact-data/contact-export.service'
import { applyContactRetention } from '../features/contact-data/contact-retention'
import { deIdentifyPerson } from '../features/contact-data/de-identify'
import { mergeContacts, previewContactMerge, undoContactMerge } from '../features/duplicates/contact-merge.service'
import { loadTeamScope, type Viewer } from '../platform/access'
import { loadContactScope } from '../platform/contact-access'
import type { Deps } from '../platform/deps'

// Merging two contacts (issue 40 §1), a section of `npm run bench` (BENCH_MERGE=0 leaves it
// out; BENCH_ONLY=merge runs it alone): in the contacts' church (its interactions, notes and
// activity all around), a person recorded twice, the record merged away holding
// BENCH_MERGE_INTERACTIONS (2,500) interactions, as many notes and activity rows, 200
// attendances and 50 relationships. The preview, the merge and its undo are timed, each one
// call of the service in its transaction. Target: the merge within 2 s on PostgreSQL. Then
// the export of that record's data (issue 40 §2), every kind of record in one ZIP, its
// de-identification and then its erasure as the erasures job carries them out (each in one
// transaction), and the retention job's daily pass over the church with retention on.

export const mergeOn = process.env.BENCH_MERGE !== '0'
const interactionCount = Number(process.env.BENCH_MERGE_INTERACTIONS ?? 2500)

export interface MergeSeed {
  teamId: number
  viewerId: number
  keptId: number
  otherId: number
  rows: number
  seconds: number
}

export interface MergeResult {
  previewMs: number
  mergeSeconds: number
  undoSeconds: number
  moved: number
  exportSeconds: number
  exportBytes: number
  deIdentifySeconds: number
  eraseSeconds: number
  retentionSeconds: number
  retentionContacts: number
}

/** The two records of one person in the church, the second with its history. */
export async function seedMerge(db: Db, options: { teamId: number }): Promise<MergeSeed> {
  const started = performance.now()
  const { teamId } = options
  const people = rowsOf<{ id: number }>(
    await db.execute(sql`insert into people (first_name, last_name, email, member_status) values
      ('Bench', 'Merger', null, 'member'), ('Bench', 'Merger', 'bench.merger@example.org', 'member'), ('Bench', 'Viewer', null, null) returning id`),
  )
  const [kept, other, viewer] = people.map((row) => row.id) as [number, number, number]
  await db.execute(sql`insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text, member_status)
    values (${teamId}::int, ${kept}::int, true, 'bench merger', 'bench merger', 'bench merger', 'member'),
           (${teamId}::int, ${other}::int, false, 'bench merger', 'bench merger', 'bench merger', 'member')`)
  await db.execute(sql`insert into interactions (contact_id, team_id, author_id, type, date, occurs_at, is_completed, completed_at)
    select ${other}::int, ${teamId}::int, ${viewer}::int, 'visit', current_date - n % 700, now() - (n % 700) * interval '1 day', true, now() - (n % 700) * interval '1 day'
    from generate_series(1, ${interactionCount}::int) n`)
  await db.execute(sql`insert into notes (contact_id, team_id, author_id, content)
    select ${other}::int, ${teamId}::int, ${viewer}::int, 'A visit at home.' from generate_series(1, ${interactionCount}::int) n`)
  await db.execute(sql`insert into activity_log (team_id, subject_type, contact_id, author_id, action)
    select ${teamId}::int, 'user', ${other}::int, ${viewer}::int, 'update' from generate_series(1, ${interactionCount}::int) n`)
  const [event] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into events (team_id, title, start_date, end_date, is_all_day) values (${teamId}::int, 'Bench service', '2024-01-07', '2024-01-07', true) returning id`,
    ),
  )
  await db.execute(sql`insert into event_attendance (event_id, team_id, event_date, person_id)
    select ${event!.id}::int, ${teamId}::int, date '2024-01-07' + 7 * n, p from generate_series(0, 199) n, (values (${other}::int), (${kept}::int)) as v(p)
    where p = ${other}::int or n % 2 = 0`)
  await db.execute(sql`insert into contact_relationships (team_id, contact_id, related_id, relationship_type)
    select ${teamId}::int, ${other}::int, person_id, 'friend' from team_contacts
    where team_id = ${teamId}::int and person_id not in (${kept}::int, ${other}::int) order by person_id limit 50`)
  await db.execute(sql`analyze`)
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select (select count(*) from interactions where contact_id = ${other}::int) + (select count(*) from notes where contact_id = ${other}::int)
      + (select count(*) from activity_log where contact_id = ${other}::int) + (select count(*) from event_attendance where person_id = ${other}::int)
      + (select count(*) from contact_relationships where contact_id = ${other}::int) as n`),
  )
  return { teamId, viewerId: viewer, keptId: kept, otherId: other, rows: Number(count!.n), seconds: (performance.now() - started) / 1000 }
}

export async function measureMerge(deps: Deps, seeded: MergeSeed): Promise<MergeResult> {
  // A site admin's call, as the route would make it after its access check.
  const viewer: Viewer = { personId: seeded.viewerId, email: 'bench@example.org', isSiteAdmin: true, sessionId: 0, locale: 'en' }
  const scope = await loadTeamScope(deps.db, viewer, seeded.teamId)
  const pair = { contact_id: seeded.keptId, other_contact_id: seeded.otherId }
  let started = performance.now()
  await previewContactMerge(deps, scope, pair)
  const previewMs = performance.now() - started
  started = performance.now()
  const merge = await mergeContacts(deps, viewer, scope, { ...pair, from_other: [...mergeFieldGroups] })
  const mergeSeconds = (performance.now() - started) / 1000
  const [moved] = rowsOf<{ n: number }>(await deps.db.execute(sql`select count(*)::int as n from interactions where contact_id = ${seeded.keptId}::int`))
  started = performance.now()
  await undoContactMerge(deps, viewer, scope, { merge_id: merge.id })
  const undoSeconds = (performance.now() - started) / 1000
  // Undone, the other record holds its history again: its export, as the route makes it.
  const contactScope = await loadContactScope(deps.db, viewer, { ...scope, group: scope.team, groupRole: scope.role }, seeded.otherId, deps.now())
  started = performance.now()
  const archive = await exportContactData(deps, viewer, contactScope)
  const exportSeconds = (performance.now() - started) / 1000
  started = performance.now()
  await deps.db.transaction((tx) => deIdentifyPerson(deps, tx, seeded.otherId))
  const deIdentifySeconds = (performance.now() - started) / 1000
  started = performance.now()
  await deps.db.transaction((tx) => erasePerson(deps, tx, seeded.otherId))
  const eraseSeconds = (performance.now() - started) / 1000
  // The church keeps contacts 12 months: the pass reads every contact it owns (none due here).
  await deps.db.execute(sql`update teams set settings = settings || '{"contact_retention_months": 12}'::jsonb where id = ${seeded.teamId}::int`)
  const [owned] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from team_contacts where team_id = ${seeded.teamId}::int and is_owner`),
  )
  started = performance.now()
  await applyContactRetention(deps)
  const retentionSeconds = (performance.now() - started) / 1000
  await deps.db.execute(sql`update teams set settings = settings - 'contact_retention_months' where id = ${seeded.teamId}::int`)
  return {
    previewMs,
    mergeSeconds,
    undoSeconds,
    moved: moved!.n,
    exportSeconds,
    exportBytes: archive.bytes.length,
    deIdentifySeconds,
    eraseSeconds,
    retentionSeconds,
    retentionContacts: owned!.n,
  }
}

export function printMerge(engine: string, seeded: MergeSeed, result: MergeResult): void {
  console.log(`\n${engine}: merging two contacts (issue 40; seeded in ${seeded.seconds.toFixed(1)} s; target: the merge ≤ 2 s on PostgreSQL)`)
  console.log(
    '| rows of the merged-away record | interactions moved | preview ms | merge s | undo s | its data export s | export KB | its de-identification s | then its erasure s | retention pass s (contacts owned) |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  console.log(
    `| ${seeded.rows.toLocaleString('en')} | ${result.moved.toLocaleString('en')} | ${result.previewMs.toFixed(0)} | ${result.mergeSeconds.toFixed(2)} | ${result.undoSeconds.toFixed(2)} | ${result.exportSeconds.toFixed(2)} | ${(result.exportBytes / 1024).toFixed(0)} | ${result.deIdentifySeconds.toFixed(2)} | ${result.eraseSeconds.toFixed(2)} | ${result.retentionSeconds.toFixed(2)} (${result.retentionContacts.toLocaleString('en')}) |`,
  )
}
