import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { browserGet, measure, rowsOf, type RecordResult } from './bench-measure'

// Recent activity (issue 15 "Speed"), a section of `npm run bench` (BENCH_RECENT_ACTIVITY=0
// leaves it out): page 1 of a team's and a group's recent activity, over HTTP, with the
// team holding BENCH_RECENT_ACTIVITY_ROWS (1,000,000) activity rows. Target on PostgreSQL:
// page 1 p95 ≤ 40 ms; PGlite within 3×.

export const recentActivityOn = process.env.BENCH_RECENT_ACTIVITY !== '0'
const targetRows = Number((process.env.BENCH_RECENT_ACTIVITY_ROWS ?? '1000000').replace(/_/g, ''))
/** Sequential requests per call (BENCH_RECENT_ACTIVITY_ROUNDS, 100). */
const rounds = Number(process.env.BENCH_RECENT_ACTIVITY_ROUNDS ?? 100)
const batch = 250_000

export interface RecentActivitySeed {
  teamId: number
  /** Rows of the team, 'view' rows included. */
  rows: number
  /** Of them, the rows this seed added (the contact record's seed may have made the others). */
  added: number
  /** The authors of the added rows, in turn. */
  authorIds: number[]
  seconds: number
}

/**
 * Tops the team's activity log up to `total` rows (the contact record's seed may have
 * written some), by generate_series in batches of bounded size: changes of the contact
 * record's kinds on the team's contacts, spread over two years, by the busy pastor and by
 * the gated leader in turn; one row in fifty is a safeguarding read ('view'), one in five
 * hundred an invite or a group change (no contact).
 */
export async function seedRecentActivity(db: Db, options: { teamId: number; authorEmails: string[]; total?: number }): Promise<RecentActivitySeed> {
  const started = performance.now()
  const { teamId } = options
  const emails = sql.join(
    options.authorEmails.map((email) => sql`${email}`),
    sql`, `,
  )
  const authorIds = rowsOf<{ id: number }>(await db.execute(sql`select id from people where email in (${emails}) order by id`)).map((row) => row.id)
  const total = options.total ?? targetRows
  const count = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from activity_log where team_id = ${teamId}::int`))[0]!.n
  const existing = await count()
  const missing = Math.max(0, total - existing)
  const authors = sql.raw(`array[${authorIds.map((id) => Math.trunc(id)).join(',')}]::int[]`)
  await db.execute(sql`drop table if exists bench_activity_contacts`)
  await db.execute(sql`
    create unlogged table bench_activity_contacts as
    select (row_number() over (order by person_id) - 1)::int as idx, person_id from team_contacts where team_id = ${teamId}::int`)
  await db.execute(sql`create unique index on bench_activity_contacts (idx)`)
  const [contacts] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from bench_activity_contacts`))
  const spread = Math.max(1, contacts!.n)
  for (let from = 1; from <= missing; from += batch) {
    const to = Math.min(missing, from + batch - 1)
    await db.execute(sql`
      insert into activity_log (author_id, team_id, subject_type, subject_id, contact_id, action, before, after, created_at)
      select (${authors})[1 + g % ${authorIds.length}::int], ${teamId}::int,
             case when g % 1000 = 0 then 'user_invites' when g % 500 = 0 then 'group'
                  else (array['user', 'interaction', 'user_note', 'user_event', 'team_contacts', 'user_assignment', 'user_relationship'])[1 + g % 7] end,
             g, case when g % 500 = 0 then null else c.person_id end,
             case when g % 50 = 7 then 'view' else (array['add', 'update', 'delete'])[1 + g % 3] end,
             case when g % 3 <> 0 then jsonb_build_object('member_status', 'church-attendee', 'phone', '+61 400 000 ' || (g % 1000)) end,
             case when g % 3 <> 2 then jsonb_build_object('member_status', 'member', 'phone', '+61 400 111 ' || (g % 1000)) end,
             now() - (g::bigint * 63) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g
      left join bench_activity_contacts c on c.idx = ((g::bigint * 2654435761) % ${spread}::int)::int`)
  }
  await db.execute(sql`drop table bench_activity_contacts`)
  await db.execute(sql`vacuum analyze activity_log`)
  return { teamId, rows: await count(), added: missing, authorIds, seconds: (performance.now() - started) / 1000 }
}

export interface RecentActivityBench {
  base: string
  /** The team's owner (read_activity_log: every author's rows). */
  auth: Record<string, string>
  /** A leader without the child checks: their own rows only, behind the child gate. */
  gatedAuth: Record<string, string>
  seeded: RecentActivitySeed
  /** A group of the team with some of its contacts. */
  groupId: number
}

export async function measureRecentActivity({ base, auth, gatedAuth, seeded, groupId }: RecentActivityBench): Promise<RecordResult[]> {
  const out: RecordResult[] = []
  const api = `${base}/api/v1`
  const team = seeded.teamId
  const calls: Array<[label: string, url: string, headers: Record<string, string>]> = [
    ['team-recent-activity, page 1 (per_page 100)', `${api}/team-recent-activity?team_id=${team}`, auth],
    ['team-recent-activity, page 1 (per_page 20)', `${api}/team-recent-activity?team_id=${team}&per_page=20`, auth],
    ['team-recent-activity, type=interaction', `${api}/team-recent-activity?team_id=${team}&type=interaction`, auth],
    ['team-recent-activity, type=invite (rare)', `${api}/team-recent-activity?team_id=${team}&type=invite`, auth],
    ['team-recent-activity, date_range=last_month', `${api}/team-recent-activity?team_id=${team}&date_range=last_month`, auth],
    ['team-recent-activity, user_id (one author)', `${api}/team-recent-activity?team_id=${team}&user_id=${seeded.authorIds[0]}`, auth],
    ["team-recent-activity, search 'busy' (author)", `${api}/team-recent-activity?team_id=${team}&search=busy`, auth],
    ['team-recent-activity as a gated leader (own rows)', `${api}/team-recent-activity?team_id=${team}`, gatedAuth],
    ['team-recent-activity, page 50', `${api}/team-recent-activity?team_id=${team}&page=50`, auth],
    ['group-recent-activity, page 1', `${api}/group-recent-activity?team_id=${team}&group_id=${groupId}`, auth],
  ]
  for (const [label, url, headers] of calls) {
    const response = await fetch(url, { headers })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
    const { count, count_is_lower_bound: more } = (await response.json()) as { count: number; count_is_lower_bound?: true }
    const rows = `${more ? 'more than ' : ''}${count.toLocaleString('en')} rows`
    out.push({ ...(await measure(`${label} — ${rows}`, rounds, () => browserGet(url, headers))), key: label, sqlP50: Number.NaN, kind: 'read' })
  }
  return out
}

export function printRecentActivity(engine: string, seeded: RecentActivitySeed, results: RecordResult[]): void {
  console.log(
    `\n${engine}: recent activity (issue 15), ${seeded.rows.toLocaleString('en')} activity rows in one team ` +
      `(${seeded.added.toLocaleString('en')} added in ${seeded.seconds.toFixed(1)} s), ${rounds} requests each`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
