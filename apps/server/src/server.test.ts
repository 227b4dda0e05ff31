import { afterEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { readConfig } from './config'
import { mailOutbox, people, teams } from './db/schema/index'
import { startServer, type RunningServer } from './server'
import { demoAccounts, demoInvitee } from './seed/demo'
import { createEmptyPostgresDatabase, engine } from '../test/databases'

const password = 'demo password for tests'
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crm-server-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const config = readConfig({ NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_PASSWORD: password, ...env })
  const server = await startServer(config, { logger: false })
  cleanups.push(() => server.stop())
  return server
}

async function signIn(server: RunningServer, email: string) {
  return fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
}

/** Runs main.ts in a child process and collects how it ended. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, NODE_ENV: 'development', PORT: '0', LOG_LEVEL: 'silent', ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

// The data-folder tests are about embedded PGlite; the PostgreSQL run checks the same
// start-up against a server instead.
describe.runIf(engine === 'pglite')('the server on embedded PGlite', () => {
  it('seeds the demo workspace once, keeps data across a restart, and serves the SPA', async () => {
    const dataDir = tempDir()
    const webDist = join(dataDir, 'web')
    mkdirSync(join(webDist, 'assets'), { recursive: true })
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>')
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)')

    const first = await start({ DATA_DIR: dataDir, WEB_DIST: webDist })
    for (const email of Object.values(demoAccounts)) {
      expect((await signIn(first, email)).status, email).toBe(200)
    }
    const [conference] = await first.database.db.select().from(teams).where(eq(teams.title, 'Demo Conference'))
    expect(conference!.kind).toBe('conference')
    const churches = await first.database.db.select().from(teams).where(eq(teams.parent_id, conference!.id))
    expect(churches.filter((team) => team.kind === 'team')).toHaveLength(3)

    // Two invites wait in the outbox: one for a newcomer, one for the leader (an existing account).
    const outbox = await first.database.db.select().from(mailOutbox)
    expect(
      outbox
        .filter((mail) => mail.template === 'invite')
        .map((mail) => mail.to_address)
        .sort(),
    ).toEqual([demoAccounts.leader, demoInvitee])
    const leaderLogin = (await (await signIn(first, demoAccounts.leader)).json()) as { access_token: string }
    const invitesAnswer = await fetch(`${first.url}/api/v1/invites`, { headers: { authorization: `Bearer ${leaderLogin.access_token}` } })
    expect(((await invitesAnswer.json()) as { items: Array<{ team_name: string }> }).items.map((item) => item.team_name)).toEqual([
      'Harbour Hospital Chaplaincy',
    ])

    // History fallback: a route of the SPA answers index.html; assets are cached for good.
    const page = await fetch(`${first.url}/contacts/view/12`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    const asset = await fetch(`${first.url}/assets/app-1234.js`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const api404 = await fetch(`${first.url}/api/v1/nothing`)
    expect(api404.status).toBe(404)
    expect(((await api404.json()) as { code: string }).code).toBe('not_found')

    const [before] = await first.database.db.select({ n: count() }).from(people)
    await first.stop()

    const second = await start({ DATA_DIR: dataDir, WEB_DIST: webDist })
    const [after] = await second.database.db.select({ n: count() }).from(people)
    expect(after!.n).toBe(before!.n)
    expect((await signIn(second, demoAccounts.owner)).status).toBe(200)
    // Two starts of a new data folder (PGlite's own set-up, every migration, the demo seed) and a
    // sign-in for each demo account: 25 s on a quiet machine, past one call's 30 s on a loaded one.
  }, 90_000)

  it('refuses a second server on the same data folder with a clear message', async () => {
    const dataDir = tempDir()
    await start({ DATA_DIR: dataDir })
    const second = await runMain({ DATA_DIR: dataDir, DEMO_PASSWORD: password })
    expect(second.code).toBe(1)
    expect(second.output).toContain('Another server')
    expect(second.output).toContain(dataDir)
    // A seeded start and a second process that compiles main.ts: longer than one call's 30 s on a loaded machine.
  }, 90_000)

  it('a start that fails at the port lets the data folder go: it opens again at once', async () => {
    const dataDir = tempDir()
    // The server holding the port needs no demo workspace: one seed less to wait for.
    const taken = await start({ DATA_DIR: tempDir(), SEED_DEMO: 'false' })
    const port = new URL(taken.url).port
    const config = readConfig({ NODE_ENV: 'development', PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_PASSWORD: password, DATA_DIR: dataDir })
    await expect(startServer(config, { logger: false })).rejects.toThrow(/EADDRINUSE/)
    // The folder's lock and its database were let go (and the job queue stopped with them).
    const again = await start({ DATA_DIR: dataDir })
    expect((await signIn(again, demoAccounts.owner)).status).toBe(200)
    // Two starts, one of them seeding the demo workspace.
  }, 90_000)

  it('prints a random demo password once when DEMO_PASSWORD is not set', async () => {
    const dataDir = tempDir()
    const config = readConfig({ NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
    const lines: string[] = []
    const log = console.log
    console.log = (...args: unknown[]) => lines.push(args.join(' '))
    try {
      const server = await startServer(config, { logger: false })
      cleanups.push(() => server.stop())
    } finally {
      console.log = log
    }
    const line = lines.find((text) => text.includes('Demo password'))
    expect(line).toBeDefined()
    const generated = line!.split(': ').at(-1)!.trim()
    expect(generated.length).toBeGreaterThanOrEqual(12)
  })

  it('stops with a clear message on a bad configuration', async () => {
    const result = await runMain({ PORT: 'not-a-port', DATA_DIR: tempDir() })
    expect(result.code).toBe(1)
    expect(result.output).toContain('Invalid configuration')
    expect(result.output).toContain('PORT')
  })
})

describe.runIf(engine === 'postgres')('the server on PostgreSQL', () => {
  it('migrates an empty database, seeds the demo workspace and signs in', async () => {
    const database = await createEmptyPostgresDatabase()
    cleanups.push(() => database.drop())
    const metricsToken = 'the scraper token of this test, 32 characters or more'
    const server = await start({ DATABASE_URL: database.url, DATA_DIR: tempDir(), METRICS_TOKEN: metricsToken })
    for (const email of Object.values(demoAccounts)) {
      expect((await signIn(server, email)).status, email).toBe(200)
    }
    // The pool's use among the metrics (issue 38 item 4).
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    expect(await metrics.text()).toMatch(/^crm_db_pool_connections\{state="total"\} [1-9]\d*$/m)
  })

  it('starts three processes at once on an empty database: one migrates and seeds, all serve (issue 38 item 1)', async () => {
    const database = await createEmptyPostgresDatabase()
    cleanups.push(() => database.drop())
    const servers = await Promise.all([0, 1, 2].map(() => start({ DATABASE_URL: database.url, DATA_DIR: tempDir() })))
    for (const server of servers) expect((await signIn(server, demoAccounts.owner)).status).toBe(200)
    const db = servers[0]!.database.db
    expect(await db.select({ n: count() }).from(teams).where(eq(teams.title, 'Demo Conference'))).toEqual([{ n: 1 }])
    expect(await db.select({ n: count() }).from(people).where(eq(people.email, demoAccounts.owner))).toEqual([{ n: 1 }])
  })
})
