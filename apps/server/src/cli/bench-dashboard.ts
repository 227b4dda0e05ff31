import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { percentile, rowsOf, timed, type RecordResult } from './bench-measure'

// The dashboard (issue 16 item 4), a section of `npm run bench` (BENCH_DASHBOARD=0 leaves it
// out): the calls the dashboard makes when it opens (events-today, upcoming-interactions,
// ical-url, contacts-for-map page 1 and notifications where those calls are served) for a
// leader of the contacts' church, which holds the bench's contacts and many interactions. The
// sum of the calls, made one after the other, is measured each round: its p95 is the figure
// (target ≤ 150 ms on PostgreSQL). A call the app does not serve yet is left out and named.

export const dashboardOn = process.env.BENCH_DASHBOARD !== '0'
/** Sequential dashboard openings (BENCH_ROUNDS, else 100). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
/** Interactions the section adds to the church (BENCH_DASHBOARD_INTERACTIONS, 50,000). */
const addedInteractions = Number(process.env.BENCH_DASHBOARD_INTERACTIONS ?? 50_000)
/** One in this many of them is the leader's; half of the leader's are still to come. */
const leaderShare = 10

export interface DashboardSeed {
  teamId: number
  leaderEmail: string
  /** The church's interactions, and the leader's, and the leader's still to come. */
  interactions: number
  leaderInteractions: number
  leaderUpcoming: number
  seconds: number
}

/**
 * A leader with both child checks in the contacts' church, and `addedInteractions` visits on
 * the church's contacts over two years around today: one in `leaderShare` by the leader (half
 * of those still to come), the rest by the church's busy owner.
 */
export async function seedDashboard(db: Db, options: { teamId: number; ownerId: number; password: string }): Promise<DashboardSeed> {
  const started = performance.now()
  const leaderEmail = 'dashboard-leader@bench.test'
  const leaderId = await createAccount(
    db,
    new Date(),
    { firstName: 'Dashboard', lastName: 'Leader', email: leaderEmail, password: options.password, verified: true },
    await hashPassword(options.password),
  )
  await db.execute(
    sql`insert into memberships (person_id, team_id, role, has_wwcc, has_adsafe) values (${leaderId}::int, ${options.teamId}::int, 'leader', true, true)`,
  )
  const [team] = rowsOf<{ parent_id: number | null }>(await db.execute(sql`select parent_id from teams where id = ${options.teamId}::int`))
  // The n-th interaction: a contact of the church picked by n, a day from a year ago to a year ahead.
  await db.execute(sql`
    with contacts as (select person_id, row_number() over (order by person_id) k from team_contacts where team_id = ${options.teamId}::int),
    planned as (
      select (current_date + (((n * 7919) % 730) - 365) * interval '1 day')::date as day,
             case when n % ${leaderShare}::int = 0 then ${leaderId}::int else ${options.ownerId}::int end as by_id,
             1 + (n * 104729) % (select count(*) from team_contacts where team_id = ${options.teamId}::int) as k
      from generate_series(1, ${addedInteractions}::bigint) n
    )
    insert into interactions (contact_id, team_id, conference_id, author_id, by_person_id, type, date, time, occurs_at, is_completed)
    select c.person_id, ${options.teamId}::int, ${team?.parent_id ?? null}::int, p.by_id, p.by_id, 'visit', p.day, '10:00',
           (p.day + time '10:00') at time zone 'Australia/Sydney', p.day < current_date
    from planned p join contacts c on c.k = p.k`)
  await db.execute(sql`analyze interactions`)
  const [counts] = rowsOf<{ interactions: number; leader: number; upcoming: number }>(
    await db.execute(sql`
      select (select count(*)::int from interactions where team_id = ${options.teamId}::int) as interactions,
             (select count(*)::int from interactions where by_person_id = ${leaderId}::int) as leader,
             (select count(*)::int from interactions where by_person_id = ${leaderId}::int and occurs_at > now() and not is_completed) as upcoming`),
  )
  return {
    teamId: options.teamId,
    leaderEmail,
    interactions: counts!.interactions,
    leaderInteractions: counts!.leader,
    leaderUpcoming: counts!.upcoming,
    seconds: (performance.now() - started) / 1000,
  }
}

export interface DashboardBench {
  base: string
  tokenOf: (email: string) => Promise<string>
  seeded: DashboardSeed
}

export interface DashboardResults {
  calls: RecordResult[]
  /** The calls of one opening, one after the other: p50 and p95 of their sum. */
  sum: { p50: number; p95: number }
  /** The calls of one opening at once, as the browser makes them: p50 and p95 of the wait. */
  together: { p50: number; p95: number }
  /** Calls left out because the app does not serve them (yet), with the status it answered. */
  leftOut: string[]
}

export async function measureDashboard({ base, tokenOf, seeded }: DashboardBench): Promise<DashboardResults> {
  const api = `${base}/api/v1`
  const team = seeded.teamId
  const headers = { authorization: `Bearer ${await tokenOf(seeded.leaderEmail)}` }
  const candidates: Array<[string, string]> = [
    ['events-today', `${api}/events-today/${team}`],
    ['upcoming-interactions-for-current-user', `${api}/upcoming-interactions-for-current-user?team_id=${team}`],
    ['ical-url', `${api}/ical-url?team_id=${team}`],
    ['contacts-for-map, page 1', `${api}/contacts-for-map?team_id=${team}&group_id=${team}&page=1`],
    ['notifications, page 1', `${api}/notifications?team_id=${team}&group_id=${team}`],
  ]
  // A call not served yet (a route module still empty) answers 404: left out, and said so.
  const calls: Array<[string, string]> = []
  const leftOut: string[] = []
  for (const [label, url] of candidates) {
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    if (response.ok) calls.push([label, url])
    else leftOut.push(`${label} (HTTP ${response.status})`)
  }
  const samples = new Map<string, number[]>(calls.map(([label]) => [label, []]))
  const { p50, p95 } = await timed(rounds, async () => {
    for (const [label, url] of calls) {
      const start = performance.now()
      const response = await fetch(url, { headers })
      const body = await response.arrayBuffer()
      if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${new TextDecoder().decode(body)}`)
      samples.get(label)!.push(performance.now() - start)
    }
  })
  const results = calls.map(([label]): RecordResult => {
    // The warm-up rounds are the first five samples of each call.
    const sorted = samples
      .get(label)!
      .slice(5)
      .sort((a, b) => a - b)
    return { label, key: `dashboard: ${label}`, p50: percentile(sorted, 50), p95: percentile(sorted, 95), sqlP50: Number.NaN, kind: 'read' }
  })
  const together = await timed(rounds, async () => {
    await Promise.all(calls.map(([, url]) => fetch(url, { headers }).then((response) => response.arrayBuffer())))
  })
  return { calls: results, sum: { p50, p95 }, together, leftOut }
}

export function printDashboard(engine: string, seeded: DashboardSeed, results: DashboardResults): void {
  console.log(
    `\n${engine}: the dashboard (issue 16), a leader of the contacts' church: ${seeded.interactions.toLocaleString('en')} interactions in the church, ` +
      `${seeded.leaderInteractions.toLocaleString('en')} the leader's (${seeded.leaderUpcoming.toLocaleString('en')} still to come); ` +
      `seeded in ${seeded.seconds.toFixed(1)} s, ${rounds} openings`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results.calls) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
  console.log(
    `| **all ${results.calls.length} calls, one after the other (sum; target p95 ≤ 150 ms on PostgreSQL)** | ${results.sum.p50.toFixed(1)} | ${results.sum.p95.toFixed(1)} |`,
  )
  console.log(
    `| all ${results.calls.length} calls at once, as the browser makes them (the wait) | ${results.together.p50.toFixed(1)} | ${results.together.p95.toFixed(1)} |`,
  )
  if (results.leftOut.length > 0) console.log(`(left out, not served yet: ${results.leftOut.join(', ')})`)
}
