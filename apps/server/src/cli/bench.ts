import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { buildApp } from '../app'
import { readConfig } from '../config'
import { openPglite, openPostgres, type Database } from '../db/client'
import { migrate } from '../db/migrate'
import { syncLookups } from '../features/lookups/lookups.service'
import { seedLargeWorkspace } from '../seed/large'

/**
 * `npm run bench`: seeds a large workspace and measures the API over real HTTP, on
 * embedded PGlite and, with BENCH_DATABASE_URL (a server URL; a database is created and
 * dropped), on PostgreSQL. Prints p50 and p95 per call; docs/benchmarks.md keeps them.
 */
const size = { teams: Number(process.env.BENCH_TEAMS ?? 50), groupsPerTeam: 6, membersPerTeam: Number(process.env.BENCH_MEMBERS ?? 2000) }
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

async function run(engine: string, database: Database) {
  await migrate(database)
  await syncLookups(database.db)
  const seedStart = performance.now()
  const workspace = await seedLargeWorkspace(database.db, size)
  const seedSeconds = (performance.now() - seedStart) / 1000
  const config = { ...readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-that-is-long-enough-123', RATE_LIMIT_LOGIN: '100000' }), port: 0 }
  const app = await buildApp({ db: database.db, config, now: () => new Date() })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const json = { 'content-type': 'application/json' }
  const login = () => fetch(`${base}/api/v1/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: workspace.busyEmail, password: workspace.password }) })
  const { access_token: token } = (await (await login()).json()) as { access_token: string }
  const auth = { authorization: `Bearer ${token}` }
  const team = workspace.teamIds[0]!
  const results = [
    await measure(`GET user?return_teams=1 (${size.teams} teams, ${size.groupsPerTeam} groups each)`, rounds, () => fetch(`${base}/api/v1/user?return_teams=1`, { headers: auth })),
    await measure(`GET input-suggestions/team-users (${size.membersPerTeam} members, search 'an')`, rounds, () => fetch(`${base}/api/v1/input-suggestions/team-users?team_id=${team}&search=an`, { headers: auth })),
    await measure('GET lookups/bible-studies', rounds, () => fetch(`${base}/api/v1/lookups/bible-studies`, { headers: auth })),
    await measure('POST login (argon2id)', 20, login),
  ]
  await app.close()
  console.log(`\n${engine}: ${size.teams * size.membersPerTeam} people in ${size.teams} teams, seeded in ${seedSeconds.toFixed(1)} s`)
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
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
