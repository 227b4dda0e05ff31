import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { buildApp } from '../app'
import { readConfig } from '../config'
import { openPglite, openPostgres, type Database } from '../db/client'
import { migrate } from '../db/migrate'
import { syncLookups } from '../features/lookups/lookups.service'
import { seedLargeContacts, seedLargeWorkspace } from '../seed/large'

/**
 * `npm run bench`: seeds a large workspace and measures the API over real HTTP, on
 * embedded PGlite and, with BENCH_DATABASE_URL (a server URL; a database is created and
 * dropped), on PostgreSQL. Prints p50 and p95 per call; docs/benchmarks.md keeps them.
 * The contacts lists (issue 4) run on one team with BENCH_CONTACTS contacts (100,000).
 */
const size = { teams: Number(process.env.BENCH_TEAMS ?? 50), groupsPerTeam: 6, membersPerTeam: Number(process.env.BENCH_MEMBERS ?? 2000) }
const contactCount = Number(process.env.BENCH_CONTACTS ?? 100_000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 200)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function measure(label: string, times: number, request: () => Promise<Response>) {
  const samples: number[] = []
  for (let i = 0; i < 5; i++) await (await request()).arrayBuffer() // warm up
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    const response = await request()
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`)
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95) }
}

type Result = Awaited<ReturnType<typeof measure>>

function printTable(title: string, results: Result[]) {
  console.log(`\n${title}`)
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}

async function run(engine: string, database: Database) {
  await migrate(database)
  await syncLookups(database.db)
  const seedStart = performance.now()
  const workspace = await seedLargeWorkspace(database.db, size)
  const seedSeconds = (performance.now() - seedStart) / 1000
  const contactsStart = performance.now()
  const contacts = await seedLargeContacts(database.db, workspace, contactCount)
  const contactsSeconds = (performance.now() - contactsStart) / 1000
  const config = { ...readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-that-is-long-enough-123', RATE_LIMIT_LOGIN: '100000' }), port: 0 }
  const app = await buildApp({ db: database.db, config, now: () => new Date() })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const json = { 'content-type': 'application/json' }
  const loginAs = (email: string) => () =>
    fetch(`${base}/api/v1/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: workspace.password }) })
  const login = loginAs(workspace.busyEmail)
  const tokenOf = async (email: string) => ((await (await loginAs(email)()).json()) as { access_token: string }).access_token
  const auth = { authorization: `Bearer ${await tokenOf(workspace.busyEmail)}` }
  const gatedAuth = { authorization: `Bearer ${await tokenOf(contacts.gatedEmail)}` }
  const team = workspace.teamIds[0]!
  const results = [
    await measure(`GET user?return_teams=1 (${size.teams} teams, ${size.groupsPerTeam} groups each)`, rounds, () => fetch(`${base}/api/v1/user?return_teams=1`, { headers: auth })),
    await measure(`GET input-suggestions/team-users (${size.membersPerTeam} members, search 'an')`, rounds, () => fetch(`${base}/api/v1/input-suggestions/team-users?team_id=${team}&search=an`, { headers: auth })),
    await measure('GET lookups/bible-studies', rounds, () => fetch(`${base}/api/v1/lookups/bible-studies`, { headers: auth })),
    await measure('POST login (argon2id)', 20, login),
  ]

  // Contacts lists (issue 4): the team's primary group, as the owner unless said otherwise.
  type ListPath = 'contacts' | 'assigned-contacts' | 'archived-contacts'
  const listUrl = (path: ListPath, query: Record<string, string | number>) => {
    const params = new URLSearchParams({ team_id: String(contacts.teamId), group_id: String(contacts.teamId) })
    for (const [key, value] of Object.entries(query)) params.set(key, String(value))
    return `${base}/api/v1/${path}?${params}`
  }
  const listAnswer = async (path: ListPath, query: Record<string, string | number>, headers: Record<string, string> = auth) => {
    const response = await fetch(listUrl(path, query), { headers })
    if (!response.ok) throw new Error(`${path} ${JSON.stringify(query)}: HTTP ${response.status} ${await response.text()}`)
    return (await response.json()) as { items: unknown[]; count: number; max_pages: number }
  }
  const { max_pages: lastPage } = await listAnswer('contacts', { per_page: 100 })
  const lists: Array<{ label: string; path: ListPath; query: Record<string, string | number>; headers?: Record<string, string> }> = [
    { label: 'contacts, default sort (name), page 1', path: 'contacts', query: {} },
    { label: "contacts, search name 'olivia'", path: 'contacts', query: { search: 'olivia' } },
    { label: "contacts, search name 'zara' (sorts last)", path: 'contacts', query: { search: 'zara' } },
    { label: "contacts, search 'an' (two letters: no trigram to look up)", path: 'contacts', query: { search: 'an' } },
    { label: "contacts, search email fragment '.mitchell42'", path: 'contacts', query: { search: '.mitchell42' } },
    { label: "contacts, search phone digits '0415 55'", path: 'contacts', query: { search: '0415 55' } },
    {
      label: 'contacts, filter member_status=church-attendee + age=22-40, order_by=last_interaction desc',
      path: 'contacts',
      query: { member_status: 'church-attendee', age: '22-40', order_by: 'last_interaction', order: 'desc' },
    },
    {
      label: 'contacts, filter gender=female + interaction=3, order_by=age',
      path: 'contacts',
      query: { gender: 'female', interaction: '3', order_by: 'age' },
    },
    {
      label: "contacts, search 'olivia' + filter member_status=member, order_by=created",
      path: 'contacts',
      query: { search: 'olivia', member_status: 'member', order_by: 'created' },
    },
    { label: 'contacts, default sort, page 200', path: 'contacts', query: { page: 200 } },
    { label: `contacts, default sort, last page (${lastPage})`, path: 'contacts', query: { page: lastPage } },
    { label: `contacts, order_by=age, last page (${lastPage})`, path: 'contacts', query: { order_by: 'age', page: lastPage } },
    {
      label: `contacts, order_by=last_interaction, last page (${lastPage})`,
      path: 'contacts',
      query: { order_by: 'last_interaction', page: lastPage },
    },
    { label: `contacts, order_by=member_status, last page (${lastPage})`, path: 'contacts', query: { order_by: 'member_status', page: lastPage } },
    {
      label: `contacts, order_by=member_status desc, last page (${lastPage})`,
      path: 'contacts',
      query: { order_by: 'member_status', order: 'desc', page: lastPage },
    },
    { label: `contacts, order_by=grow_phase, last page (${lastPage})`, path: 'contacts', query: { order_by: 'grow_phase', page: lastPage } },
    { label: "a group's contacts, page 1", path: 'contacts', query: { group_id: contacts.groupId } },
    { label: 'assigned-contacts (default sort: created desc)', path: 'assigned-contacts', query: {} },
    { label: 'archived-contacts (default sort: created desc), page 1', path: 'archived-contacts', query: {} },
    { label: 'contacts as a gated leader (child gate), page 1', path: 'contacts', query: {}, headers: gatedAuth },
    { label: "contacts as a gated leader, search 'olivia'", path: 'contacts', query: { search: 'olivia' }, headers: gatedAuth },
  ]
  const listResults: Result[] = []
  for (const list of lists) {
    const headers = list.headers ?? auth
    const { count } = await listAnswer(list.path, list.query, headers)
    const url = listUrl(list.path, list.query)
    listResults.push(await measure(`${list.label} — ${count.toLocaleString('en')} rows`, rounds, () => fetch(url, { headers })))
  }
  await app.close()
  printTable(`${engine}: ${size.teams * size.membersPerTeam} people in ${size.teams} teams, seeded in ${seedSeconds.toFixed(1)} s`, results)
  printTable(
    `${engine}: contacts lists, ${contacts.count.toLocaleString('en')} contacts in one team (per_page 100), seeded in ${contactsSeconds.toFixed(1)} s`,
    listResults,
  )
}

const dir = mkdtempSync(join(tmpdir(), 'crm-bench-'))
try {
  const pglite = await openPglite({ dir: join(dir, 'pglite') })
  await run('PGlite (embedded)', pglite)
  await pglite.close()

  const server = process.env.BENCH_DATABASE_URL
  if (server) {
    const name = `crm_bench_${Date.now()}`
    const admin = new pg.Client({ connectionString: server })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(server)
    url.pathname = `/${name}`
    const postgres = openPostgres(url.toString(), 10)
    try {
      await run('PostgreSQL', postgres)
    } finally {
      await postgres.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  } else {
    console.log('\n(set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to measure PostgreSQL too)')
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
