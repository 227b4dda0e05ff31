import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { emptyDatabase, freePort, startNginx, startPgBouncer, startServerProcess, workFolder, type ServerProcess } from './parts'
import { leaderChurchQuery, newContactBody } from '../test/over-http'

// Issue 38 item 7: nginx in front of three server processes on one PostgreSQL database through
// PgBouncer in transaction mode, as the README's deployment section describes, under a load of
// reads and writes while one process is killed (kill -9) and another restarted (SIGTERM).

const password = 'cluster demo password'
const loadSeconds = Number(process.env.CLUSTER_LOAD_SECONDS ?? 36)
const workers = 8

let work: ReturnType<typeof workFolder>
let database: Awaited<ReturnType<typeof emptyDatabase>>
let bouncer: Awaited<ReturnType<typeof startPgBouncer>>
let balancer: Awaited<ReturnType<typeof startNginx>>
let direct: pg.Client
const ports: number[] = []
const servers = new Map<number, ServerProcess>()
let env: Record<string, string>

const upstreamOf = (answer: Response) => answer.headers.get('x-upstream') ?? ''

async function startOn(port: number): Promise<ServerProcess> {
  const server = await startServerProcess(port, env)
  servers.set(port, server)
  return server
}

beforeAll(async () => {
  work = workFolder()
  database = await emptyDatabase()
  bouncer = await startPgBouncer(work.dir, database.name)
  for (let index = 0; index < 3; index++) ports.push(await freePort())
  balancer = await startNginx(work.dir, ports)
  env = {
    NODE_ENV: 'development',
    DATABASE_URL: bouncer.url,
    DATABASE_NAMED_STATEMENTS: process.env.CLUSTER_NAMED_STATEMENTS ?? 'false',
    DATABASE_POOL_SIZE: '5',
    APP_SECRET: 'a cluster secret every process shares, 32+ chars',
    DATA_DIR: work.dir,
    FILES_DIR: `${work.dir}/files`,
    PUBLIC_URL: balancer.url,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: password,
    RATE_LIMIT_LOGIN: '4',
    LOG_LEVEL: 'warn',
  }
  direct = new pg.Client({ connectionString: database.url })
  await direct.connect()
}, 60_000)

afterAll(async () => {
  for (const server of servers.values()) server.signal('SIGKILL')
  await Promise.all([...servers.values()].map((server) => server.exited))
  await direct?.end()
  await balancer?.stop()
  await bouncer?.stop()
  await database?.drop()
  work?.remove()
})

function signIn(email: string, password: string, from: string) {
  return fetch(`${balancer.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  })
}

describe('a cluster: nginx, three processes, PgBouncer in transaction mode, one PostgreSQL', () => {
  it('starts three processes at once on an empty database through PgBouncer: each comes up, one migrated and seeded', async () => {
    await Promise.all(ports.map((port) => startOn(port)))
    const seeded = await direct.query(`select count(*)::int as n from teams where title = 'Demo Conference'`)
    expect(seeded.rows[0].n).toBe(1)
    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200)
  }, 180_000)

  it('a session made through the balancer is valid on every process', async () => {
    const answer = await signIn('leader@example.org', password, '10.0.0.1')
    expect(answer.status).toBe(200)
    const { access_token: token } = (await answer.json()) as { access_token: string }
    for (const port of ports) {
      const user = await fetch(`http://127.0.0.1:${port}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })
      expect(user.status, `process on ${port}`).toBe(200)
      expect(((await user.json()) as { email: string }).email).toBe('leader@example.org')
    }
  })

  it('holds the sign-in limit across processes: the fifth wrong password a minute from one address is refused, whichever process takes it', async () => {
    const statuses: number[] = []
    const answeredBy = new Set<string>()
    for (let attempt = 0; attempt < 7; attempt++) {
      const answer = await signIn('member@example.org', 'not the password', '10.0.0.2')
      statuses.push(answer.status)
      answeredBy.add(upstreamOf(answer))
    }
    // Each process alone would have let four through from each of them.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429])
    expect(answeredBy.size).toBe(3)
  })

  it('under mixed reads and writes, loses no acknowledged write when a process is killed and another restarted; jobs run once a slot', async () => {
    const login = await signIn('leader@example.org', password, '10.0.0.3')
    const { access_token: token } = (await login.json()) as { access_token: string }
    const church = await direct.query(leaderChurchQuery)
    const teamId = church.rows[0].team_id as number
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const [killed, restarted] = [ports[1]!, ports[2]!]
    const started = Date.now()
    const acknowledged: number[] = []
    const failures: Array<{ at: number; status: number; upstream: string; what: string }> = []
    let requests = 0
    let triedAgain = 0
    let sentOnByTheStopping = 0
    let killedAt = 0

    const one = async (worker: number, sequence: number) => {
      const write = sequence % 3 === 0
      const answer = write
        ? await fetch(`${balancer.url}/api/v1/create-user`, {
            method: 'POST',
            headers,
            body: newContactBody(teamId, { first: `Load${worker}x${sequence}`, last: 'Cluster', gender: 'female' }),
          })
        : await fetch(`${balancer.url}/api/v1/${sequence % 2 === 0 ? 'user' : `contacts?team_id=${teamId}&group_id=${teamId}`}`, { headers })
      requests += 1
      // nginx lists every server it tried: a read the killed process held went on to another.
      if (upstreamOf(answer).includes(',')) triedAgain += 1
      // A read the restarting process sent back (503) while it stopped, answered by another.
      if (upstreamOf(answer).startsWith(`127.0.0.1:${restarted},`)) sentOnByTheStopping += 1
      const text = await answer.text()
      if (answer.status !== 200) {
        failures.push({ at: Date.now(), status: answer.status, upstream: upstreamOf(answer), what: write ? 'create-user' : 'read' })
      } else if (write) {
        acknowledged.push((JSON.parse(text) as { id: number }).id)
      }
    }
    const load = Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let sequence = 0; Date.now() - started < loadSeconds * 1000; sequence++) await one(worker, sequence)
      }),
    )

    const at = (seconds: number) => new Promise((next) => setTimeout(next, Math.max(0, started + seconds * 1000 - Date.now())))
    // A third of the way in: one process dies at once, mid-request; it comes back a few seconds later.
    await at(loadSeconds / 4)
    killedAt = Date.now()
    servers.get(killed)!.signal('SIGKILL')
    expect(await servers.get(killed)!.exited).toBeNull()
    await at(loadSeconds / 4 + 4)
    await startOn(killed)
    // Half way: a rolling restart of another, which finishes what it has and exits cleanly.
    await at(loadSeconds / 2)
    const stopping = servers.get(restarted)!
    stopping.signal('SIGTERM')
    expect(await stopping.exited, stopping.output()).toBe(0)
    await startOn(restarted)
    await load

    const share = (port: number) => failures.filter((failure) => failure.upstream.includes(`:${port}`)).length
    console.log(
      `${requests} requests in ${loadSeconds} s by ${workers} clients, ${acknowledged.length} writes acknowledged; ` +
        `failed: ${failures.length} (${share(killed)} on the killed process, ${share(restarted)} on the restarted one); ` +
        `${triedAgain} answered by another process after the first failed, ${sentOnByTheStopping} of them sent back by the stopping one`,
    )
    expect(requests).toBeGreaterThan(200)
    // The only failures: requests the killed process had taken when it died (nginx answers 502;
    // a read is tried again on another process, a write already sent is not).
    for (const failure of failures) {
      expect(failure.status, JSON.stringify(failure)).toBe(502)
      expect(failure.upstream, JSON.stringify(failure)).toContain(`:${killed}`)
      expect(failure.at - killedAt, JSON.stringify(failure)).toBeGreaterThanOrEqual(0)
      expect(failure.at - killedAt, JSON.stringify(failure)).toBeLessThan(5_000)
    }
    expect(failures.length).toBeLessThanOrEqual(workers)
    // Every write that was answered is in the database, in the church.
    const kept = await direct.query(`select count(*)::int as n from team_contacts where team_id = $1 and person_id = any($2::int[])`, [teamId, acknowledged])
    expect(kept.rows[0].n).toBe(acknowledged.length)
    expect(acknowledged.length).toBeGreaterThan(50)

    // Mail delivery runs every 15 s: never twice in one slot, whichever process took it.
    const slots = await direct.query(
      `select count(*)::int as runs, count(distinct singleton_on)::int as slots from pgboss.job where name = 'mail-delivery' and state = 'completed'`,
    )
    expect(slots.rows[0].runs).toBeGreaterThanOrEqual(2)
    expect(slots.rows[0].runs).toBe(slots.rows[0].slots)
    // The minute's jobs: at most one run a minute each.
    const perMinute = await direct.query(
      `select name, date_trunc('minute', created_on) as minute, count(*)::int as n from pgboss.job
       where name in ('interactions-overdue', 'scheduled-notifications') and state = 'completed' group by 1, 2 having count(*) > 1`,
    )
    expect(perMinute.rows).toEqual([])
    // And the processes still agree on the session: every one answers the same token.
    for (const port of ports) {
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/user`, { headers })).status, `process on ${port}`).toBe(200)
    }
  }, 240_000)
})
