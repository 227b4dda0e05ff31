import type { Database } from '../db/client'
import { seedLargeReports, type LargeReports } from '../seed/large-reports'
import { browserGet, measure, type RecordResult } from './bench-measure'

// The reports (issue 18 "Speed"), a section of `npm run bench` (BENCH_REPORTS=0 leaves it out;
// BENCH_ONLY=reports runs it alone): a conference of its own (seed/large-reports.ts) whose
// churches share the contacts, interactions and decisions below; GET reports-summary for one
// church as its leader, and for the conference as its entity admin (one church, all churches
// combined), with the default periods, every chart on 'all', and a member-status filter.
// Targets on PostgreSQL at 250,000 contacts, 5,000,000 interactions and 50,000 decisions: one
// church p95 ≤ 150 ms, the conference combined p95 ≤ 500 ms; PGlite within 3× at 20,000 contacts.
//
//   BENCH_REPORT_CONTACTS       contacts over the churches (PGlite 20,000, PostgreSQL 250,000);
//                               BENCH_REPORT_CONTACTS_PGLITE / _POSTGRES set one engine's
//   BENCH_REPORT_INTERACTIONS   interactions (20 a contact: 5,000,000 at 250,000 contacts)
//   BENCH_REPORT_DECISIONS      decisions (one for five contacts: 50,000 at 250,000), a third baptisms
//   BENCH_REPORT_CHURCHES       churches of the conference (50)
//   BENCH_ROUNDS                sequential requests per call (else 100)
//
// Seeding 250,000 contacts and 5,000,000 interactions takes a few minutes on two cores; the
// interactions go in statements of 500,000 rows, each moving the assignments' follow-ups once.

export const reportsOn = process.env.BENCH_REPORTS !== '0'
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)

function sizeOf(name: string, engine: 'pglite' | 'postgres', fallback: number): number {
  const value = process.env[`${name}_${engine.toUpperCase()}`] ?? process.env[name]
  return value === undefined ? fallback : Number(value.replace(/_/g, ''))
}

export async function seedReports(database: Database, options: { password: string }): Promise<LargeReports> {
  const engine = database.engine
  const contacts = sizeOf('BENCH_REPORT_CONTACTS', engine, engine === 'pglite' ? 20_000 : 250_000)
  return seedLargeReports(database.db, {
    password: options.password,
    churches: sizeOf('BENCH_REPORT_CHURCHES', engine, 50),
    contacts,
    interactions: sizeOf('BENCH_REPORT_INTERACTIONS', engine, contacts * 20),
    decisions: sizeOf('BENCH_REPORT_DECISIONS', engine, Math.round(contacts / 5)),
  })
}

const allPeriods = {
  contacts_period: 'all',
  baptism_decisions_period: 'all',
  contact_sources_period: 'all',
  events_non_recurring_period: 'all',
  events_multi_day_period: 'all',
  events_recurring_period: 'all',
}

export async function measureReports({
  base,
  tokenOf,
  seeded,
}: {
  base: string
  tokenOf: (email: string) => Promise<string>
  seeded: LargeReports
}): Promise<RecordResult[]> {
  const leader = { authorization: `Bearer ${await tokenOf(seeded.leaderEmail)}` }
  const officer = { authorization: `Bearer ${await tokenOf(seeded.officerEmail)}` }
  const church = seeded.churchIds[0]!
  const calls: Array<[string, number, Record<string, string | number>, Record<string, string>]> = [
    ['one church, default periods (this year)', church, {}, leader],
    ["one church, every chart 'all'", church, allPeriods, leader],
    [
      'one church, member_status=member, this month',
      church,
      { member_status: 'member', contacts_period: 'this_month', contact_sources_period: 'this_month' },
      leader,
    ],
    ['conference, for_team_id (one church), default periods', seeded.conferenceId, { for_team_id: church }, officer],
    ['conference, combined (all churches), default periods', seeded.conferenceId, { combined: 1 }, officer],
    ["conference, combined, every chart 'all'", seeded.conferenceId, { combined: 1, ...allPeriods }, officer],
    ['conference, combined, member_status=member', seeded.conferenceId, { combined: 1, member_status: 'member' }, officer],
  ]
  const out: RecordResult[] = []
  for (const [label, teamId, query, headers] of calls) {
    const url = `${base}/api/v1/reports-summary/${teamId}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`
    const answer = await fetch(url, { headers })
    if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${await answer.text()}`)
    out.push({ ...(await measure(label, rounds, () => browserGet(url, headers))), key: `reports: ${label}`, sqlP50: Number.NaN, kind: 'read' })
  }
  return out
}

export function printReports(engine: string, seeded: LargeReports, results: RecordResult[]): void {
  const n = (value: number) => value.toLocaleString('en')
  console.log(
    `\n${engine}: reports (issue 18), a conference of ${seeded.churches} churches with ${n(seeded.contacts)} contacts, ${n(seeded.interactions)} interactions, ` +
      `${n(seeded.decisions)} decisions, ${n(seeded.assignments)} assignments, ${n(seeded.events)} events and ${n(seeded.attendance)} attendance records; ` +
      `seeded in ${seeded.seconds.toFixed(1)} s, ${rounds} requests each (targets on PostgreSQL: a church p95 ≤ 150 ms, combined ≤ 500 ms)`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
