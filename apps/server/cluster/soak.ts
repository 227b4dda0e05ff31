import pg from 'pg'
import { emptyDatabase, freePort, startNginx, startServerProcess, workFolder, type ServerProcess } from './parts'
import { leaderChurchQuery, newContactBody } from '../test/over-http'
import { percentile } from '../src/cli/bench-measure'

// npm run soak (issue 38 item 9): nginx in front of two built server processes on a new
// PostgreSQL database, a steady rate of mixed reads and writes for SOAK_MINUTES (20), and each
// minute's requests, errors, p50/p95 and each process's memory (from its /metrics). Fails when
// a request failed, when a process's heap after warm-up grew past SOAK_HEAP_GROWTH_MB (40: the
// median of the last third's readings on the first third's), or
// when the last third's p95 is more than 1.5 times the first third's after warm-up.

const minutes = Number(process.env.SOAK_MINUTES ?? 20)
const warmUpMinutes = Number(process.env.SOAK_WARM_UP_MINUTES ?? Math.min(3, Math.floor(minutes / 4)))
const rate = Number(process.env.SOAK_RATE ?? 40)
const heapGrowthMb = Number(process.env.SOAK_HEAP_GROWTH_MB ?? 40)
const password = 'soak demo password'
const metricsToken = 'the soak test scraper token, 32 characters or more'

interface Minute {
  requests: number
  errors: number
  latencies: number[]
  memory: Array<{ port: number; rssMb: number; heapMb: number }>
}

/** The bench's percentile (p of 100) of unsorted values; 0 of none. */
function percentileOf(values: number[], p: number): number {
  return values.length === 0
    ? 0
    : percentile(
        [...values].sort((x, y) => x - y),
        p,
      )
}

async function memoryOf(server: ServerProcess) {
  const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text()
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024
  return { port: server.port, rssMb: value('crm_process_resident_memory_bytes'), heapMb: value('crm_nodejs_heap_size_used_bytes') }
}

const work = workFolder()
const database = await emptyDatabase()
const servers: ServerProcess[] = []
let balancer: Awaited<ReturnType<typeof startNginx>> | undefined
let failed = false
try {
  const ports = [await freePort(), await freePort()]
  balancer = await startNginx(work.dir, ports)
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    APP_SECRET: 'a soak secret that every process shares, 32+',
    DATA_DIR: work.dir,
    FILES_DIR: `${work.dir}/files`,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: password,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
  }
  for (const port of ports) servers.push(await startServerProcess(port, env))
  const url = balancer.url
  const signIn = async (email: string) => {
    const answer = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    return ((await answer.json()) as { access_token: string }).access_token
  }
  const [leaderToken, entityToken] = [await signIn('leader@example.org'), await signIn('entity@example.org')]
  const direct = new pg.Client({ connectionString: database.url })
  await direct.connect()
  const church = (await direct.query<{ team_id: number }>(leaderChurchQuery)).rows[0]!.team_id
  const conference = (await direct.query<{ id: number }>(`select id from teams where title = 'Demo Conference'`)).rows[0]!.id
  await direct.end()
  const headers = { authorization: `Bearer ${leaderToken}` }
  const writer = { authorization: `Bearer ${entityToken}`, 'content-type': 'application/json' }
  const scope = `team_id=${church}&group_id=${church}`
  // A pastor's day in one church: the list, a search, its report, their own session. A third of
  // the requests are new contacts the conference's admin adds to the conference, so the church
  // the reads look at keeps its size and a change in p95 is the processes', not the data's.
  const reads = [`contacts?${scope}`, `contacts?${scope}&search=an`, `reports-summary/${church}`, 'user']

  const perMinute: Minute[] = []
  const started = Date.now()
  const minuteOf = () => Math.floor((Date.now() - started) / 60_000)
  const inFlight = new Set<Promise<void>>()
  let sequence = 0
  console.log(`Soak: ${minutes} min at ${rate} requests/s through nginx to 2 processes (warm-up ${warmUpMinutes} min)`)
  console.log('| minute | requests | errors | p50 ms | p95 ms | ' + servers.map((server) => `rss / heap MB (${server.port})`).join(' | ') + ' |')
  console.log('|---|---|---|---|---|' + servers.map(() => '---|').join(''))

  const send = async () => {
    sequence += 1
    const minute = minuteOf()
    const bucket = (perMinute[minute] ??= { requests: 0, errors: 0, latencies: [], memory: [] })
    const write = sequence % 3 === 0
    const begun = performance.now()
    try {
      const answer = write
        ? await fetch(`${url}/api/v1/create-user`, {
            method: 'POST',
            headers: writer,
            body: newContactBody(conference, { first: `Soak${sequence}`, last: 'Steady', gender: sequence % 2 ? 'male' : 'female' }),
          })
        : await fetch(`${url}/api/v1/${reads[sequence % reads.length]}`, { headers })
      await answer.arrayBuffer()
      if (answer.status !== 200) bucket.errors += 1
    } catch {
      bucket.errors += 1
    }
    bucket.requests += 1
    bucket.latencies.push(performance.now() - begun)
  }

  let printed = 0
  const report = async (minute: number) => {
    const bucket = (perMinute[minute] ??= { requests: 0, errors: 0, latencies: [], memory: [] })
    bucket.memory = await Promise.all(servers.map(memoryOf))
    const memory = bucket.memory.map((m) => `${m.rssMb.toFixed(0)} / ${m.heapMb.toFixed(1)}`).join(' | ')
    console.log(
      `| ${minute + 1} | ${bucket.requests} | ${bucket.errors} | ${percentileOf(bucket.latencies, 50).toFixed(1)} | ${percentileOf(bucket.latencies, 95).toFixed(1)} | ${memory} |`,
    )
  }

  // Open loop: requests leave on the clock, whether or not earlier ones have come back.
  const interval = 1000 / rate
  for (let next = 0; next * interval < minutes * 60_000; next++) {
    const due = started + next * interval
    const wait = due - Date.now()
    if (wait > 0) await new Promise((go) => setTimeout(go, wait))
    const request = send().finally(() => inFlight.delete(request))
    inFlight.add(request)
    // A minute's row once the next has begun (its last answers may still come).
    if (minuteOf() > printed) void report(printed++)
  }
  await Promise.all(inFlight)
  while (printed < minutes) await report(printed++)

  const settled = perMinute.slice(warmUpMinutes, minutes)
  const errors = perMinute.reduce((sum, minute) => sum + minute.errors, 0)
  const third = Math.max(1, Math.floor(settled.length / 3))
  const p95Of = (slice: Minute[]) =>
    percentileOf(
      slice.flatMap((minute) => minute.latencies),
      95,
    )
  const [early, late] = [p95Of(settled.slice(0, third)), p95Of(settled.slice(-third))]
  const requests = perMinute.reduce((sum, minute) => sum + minute.requests, 0)
  console.log(`\n${requests} requests, ${errors} errors; p95 ${early.toFixed(1)} ms in the first third after warm-up, ${late.toFixed(1)} ms in the last`)
  if (errors > 0) failed = true
  if (late > early * 1.5 && late - early > 5) {
    console.log(`✖ p95 rose from ${early.toFixed(1)} to ${late.toFixed(1)} ms`)
    failed = true
  }
  for (const [index, server] of servers.entries()) {
    const heaps = settled.map((minute) => minute.memory[index]?.heapMb ?? NaN).filter(Number.isFinite)
    const rss = settled.map((minute) => minute.memory[index]?.rssMb ?? NaN).filter(Number.isFinite)
    // A heap reading swings with each collection: the thirds' medians are compared, not two readings.
    const growth = percentileOf(heaps.slice(-third), 50) - percentileOf(heaps.slice(0, third), 50)
    console.log(
      `process ${server.port}: heap after warm-up ${heaps[0]!.toFixed(1)} → ${heaps.at(-1)!.toFixed(1)} MB (highest ${Math.max(...heaps).toFixed(1)}; ` +
        `median of the last third ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB on the first's), rss ${rss[0]!.toFixed(0)} → ${rss.at(-1)!.toFixed(0)} MB`,
    )
    if (growth > heapGrowthMb) {
      console.log(`✖ heap grew ${growth.toFixed(1)} MB after warm-up (bound ${heapGrowthMb} MB)`)
      failed = true
    }
  }
} finally {
  for (const server of servers) server.signal('SIGTERM')
  await Promise.all(servers.map((server) => server.exited))
  await balancer?.stop()
  await database.drop()
  work.remove()
}
console.log(failed ? '\n✖ soak failed' : '\n✓ soak passed')
process.exit(failed ? 1 : 0)
