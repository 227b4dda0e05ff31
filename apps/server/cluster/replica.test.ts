import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { freePort, startPostgresPair, startServerProcess, workFolder, type PostgresPair, type ServerProcess } from './parts'
import { leaderChurchQuery, newContactBody } from '../test/over-http'

// Issue 38 item 6: reports (and the map, import-and-share's lists and exports) read from a real
// streaming replica when DATABASE_READ_URL names one; everything else from the primary.

const password = 'replica demo password'
let work: ReturnType<typeof workFolder>
let pair: PostgresPair
let server: ServerProcess
let replica: pg.Client
let primary: pg.Client

beforeAll(async () => {
  work = workFolder()
  pair = await startPostgresPair(work.dir)
  server = await startServerProcess(await freePort(), {
    NODE_ENV: 'development',
    DATABASE_URL: pair.primaryUrl,
    DATABASE_READ_URL: pair.replicaUrl,
    APP_SECRET: 'a replica test secret of 32 characters or more',
    DATA_DIR: work.dir,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: password,
    LOG_LEVEL: 'warn',
  })
  primary = new pg.Client({ connectionString: pair.primaryUrl })
  replica = new pg.Client({ connectionString: pair.replicaUrl })
  await primary.connect()
  await replica.connect()
}, 120_000)

afterAll(async () => {
  server?.signal('SIGKILL')
  await server?.exited
  await primary?.end()
  await replica?.end()
  await pair?.stop()
  work?.remove()
})

/** Resolves once the replica has replayed everything the primary had written when asked. */
async function caughtUp(): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
  for (let tries = 0; tries < 200; tries++) {
    const replayed = await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]!.lsn])
    if (replayed.rows[0]!.done) return
    await new Promise((next) => setTimeout(next, 50))
  }
  throw new Error('the replica did not catch up in 10 s')
}

describe('DATABASE_READ_URL: a streaming replica made with pg_basebackup', () => {
  it('serves the report from the replica (a moment stale while it lags), and every write and the contacts list from the primary', async () => {
    const base = `http://127.0.0.1:${server.port}/api/v1`
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leader@example.org', password }),
    })
    expect(login.status).toBe(200)
    const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' }
    const church = (await primary.query<{ team_id: number }>(leaderChurchQuery)).rows[0]!.team_id
    const newThisMonth = async () => {
      const report = await fetch(`${base}/reports-summary/${church}?contacts_period=this_month`, { headers })
      expect(report.status).toBe(200)
      return ((await report.json()) as { contacts: { totals: { contacts: number } } }).contacts.totals.contacts
    }
    await caughtUp()
    const before = await newThisMonth()

    // The replica stops replaying: what the primary takes now, it does not have.
    await replica.query('select pg_wal_replay_pause()')
    const created = await fetch(`${base}/create-user`, {
      method: 'POST',
      headers,
      body: newContactBody(church, { first: 'Read', last: 'Replica', gender: 'male' }),
    })
    expect(created.status).toBe(200)
    const contact = ((await created.json()) as { id: number }).id
    // The contacts list reads the primary: the new contact is there at once.
    const list = await fetch(`${base}/contacts?team_id=${church}&group_id=${church}&search=Replica`, { headers: { authorization: headers.authorization } })
    expect(((await list.json()) as { items: Array<{ id: number }> }).items.map((item) => item.id)).toContain(contact)
    // The report reads the replica: not yet.
    expect(await newThisMonth()).toBe(before)

    await replica.query('select pg_wal_replay_resume()')
    await caughtUp()
    expect(await newThisMonth()).toBe(before + 1)
  })
})
