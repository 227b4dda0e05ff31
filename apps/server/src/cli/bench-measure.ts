import http from 'node:http'
import { Worker } from 'node:worker_threads'
import type { Database } from '../db/client'

// How `npm run bench` measures (bench.ts runs the calls): percentiles of sequential requests,
// the SQL a call runs (captured from the driver), and the load test with autocannon (on a worker thread).

/** The load test's connections (BENCH_CONNECTIONS, 50). */
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export async function timed(times: number, run: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await run() // warm up
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    await run()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) }
}

export async function measure(label: string, times: number, request: () => Promise<Response>) {
  const { p50, p95 } = await timed(times, async () => {
    const response = await request()
    const body = await response.arrayBuffer()
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${new TextDecoder().decode(body)}`)
  })
  return { label, p50, p95 }
}

const keptAlive = new http.Agent({ keepAlive: true })

/**
 * A GET as a browser sends it (brotli or gzip accepted, the connection kept open), timed to
 * the answer's last byte. The answer is not decoded: decoding is the client's work, and
 * fetch's own (undici's streams, signals and headers, and decompression in JavaScript) added
 * 1–3 ms to each call measured, none of it the server's (issue 11 item 3).
 */
export function browserGet(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: keptAlive, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('error', reject)
      answer.on('end', () => {
        const status = answer.statusCode ?? 0
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status }))
      })
    })
    request.on('error', reject)
  })
}

export type Result = Awaited<ReturnType<typeof measure>>
export interface ListResult extends Result {
  key: string
  sqlP50: number
  sqlP95?: number
}
export interface RecordResult extends ListResult {
  kind: 'read' | 'write'
}

export { rowsOf } from '../db/client'

export function printTable(title: string, results: Result[]) {
  console.log(`\n${title}`)
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}

export interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>
}

/**
 * The statements a request sends to the database, as the driver got them (text and
 * parameters), by wrapping the client's query (both engines' clients take `query`).
 */
export async function statementsOf(database: Database, run: () => Promise<unknown>): Promise<unknown[][]> {
  const client = (database.db as unknown as { $client: Queryable }).$client
  const original = client.query
  const seen: unknown[][] = []
  client.query = function (this: Queryable, ...args: unknown[]) {
    seen.push(args)
    return original.apply(this, args)
  }
  try {
    await run()
  } finally {
    client.query = original
  }
  return seen
}

export function statementText(args: unknown[]): string {
  const [first] = args
  return typeof first === 'string' ? first : String((first as { text?: string }).text)
}

/** An answer slower than this counts in the load test's tail (issue 39: PGlite answers every request within 2 s). */
export const slowAnswerMs = 2000

/**
 * The load test: `connections` clients for `seconds` against one URL on 127.0.0.1, driven by
 * autocannon on a worker thread. On the server's own thread its work (sending, parsing,
 * timing 50 connections' answers) would take turns with the server's, and the figures would
 * be the two together. Its tail: the slowest answer, the answers slower than 2 s with the
 * requests autocannon gave up on after its 10 s (timeouts), and the 503s of a busy server.
 */
export function load(url: string, headers: Record<string, string>, seconds: number) {
  type Answer = { completed: number; duration: number; errors: number; timeouts: number; busy: number; samples: number[] } | { error: string }
  const worker = new Worker(loadWorker, { eval: true, workerData: { url, headers, seconds, connections } })
  return new Promise<{ rps: number; p50: number; p95: number; p99: number; max: number; slow: number; errors: number; busy: number }>((resolve, reject) => {
    worker.once('message', (answer: Answer) => {
      if ('error' in answer) return reject(new Error(answer.error))
      const samples = answer.samples.sort((a, b) => a - b)
      resolve({
        rps: answer.completed / answer.duration,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        p99: percentile(samples, 99),
        max: answer.timeouts > 0 ? Number.POSITIVE_INFINITY : samples[samples.length - 1]!,
        slow: samples.filter((sample) => sample > slowAnswerMs).length + answer.timeouts,
        errors: answer.errors,
        busy: answer.busy,
      })
    })
    worker.once('error', reject)
  }).finally(() => worker.terminate())
}

// Off the main thread autocannon answers its raw counts (no aggregate); the response times
// go back as they are. A 503 (a busy server's refusal) is counted apart from the errors.
const loadWorker = `
const { parentPort, workerData } = require('node:worker_threads')
const autocannon = require(require.resolve('autocannon', { paths: [process.cwd()] }))
const { url, headers, seconds, connections } = workerData
const samples = []
let busy = 0
const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
  if (error) return parentPort.postMessage({ error: String(error) })
  parentPort.postMessage({
    completed: result.totalCompletedRequests,
    duration: result.duration,
    errors: result.errors + result.timeouts + result.non2xx - busy,
    timeouts: result.timeouts,
    busy,
    samples,
  })
})
instance.on('response', (_client, status, _bytes, responseTime) => {
  samples.push(responseTime)
  if (status === 503) busy++
})
`

/**
 * The raw SQL's own throughput and latency: `connections` loops replaying the statements for
 * `seconds`. Its p95 beside its single replay's shows what the queue of 50 callers costs the
 * database alone, before any of the stack.
 */
export async function loadSql(replay: () => Promise<void>, seconds: number): Promise<{ rps: number; p95: number }> {
  const end = performance.now() + seconds * 1000
  const samples: number[] = []
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now()
        await replay()
        samples.push(performance.now() - start)
      }
    }),
  )
  samples.sort((a, b) => a - b)
  return { rps: samples.length / seconds, p95: percentile(samples, 95) }
}

/**
 * The least a Node server can do for a call (issue 39 item 2): node:http alone, sending the
 * call's own statements as the API sends them (its session first, then the rest side by side)
 * and answering the first page's rows as JSON; no framework, sign-in rules, mapping, schema or
 * compression. Its rate under the load test's connections bounds the API's share of the raw
 * SQL's rate on this machine: the server and PostgreSQL share its cores.
 */
export async function loadBareHttp(database: Database, statements: unknown[][], seconds: number) {
  const client = (database.db as unknown as { $client: Queryable }).$client
  const [session, ...rest] = statements
  const server = http.createServer((_request, response) => {
    void (async () => {
      if (session) await client.query(...session)
      const [page, ...others] = (await Promise.all(rest.map((args) => client.query(...args)))) as Array<{ rows: unknown[] }>
      const body = JSON.stringify({ items: page?.rows ?? [], counts: others.map((answer) => answer.rows) })
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      response.end(body)
    })().catch((error: unknown) => {
      response.writeHead(500)
      response.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as { port: number }
    return await load(`http://127.0.0.1:${port}/`, {}, seconds)
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}
