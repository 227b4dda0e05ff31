import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** What the database pool reports (node-postgres; embedded PGlite has no pool). */
export interface PoolUse {
  total: number
  idle: number
  waiting: number
}

// One registry per process, as Prometheus scrapes each process on its own: every app built in
// this process (tests build several) counts into it.
const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'crm_' })

const requests = new Counter({
  name: 'crm_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
})
const durations = new Histogram({
  name: 'crm_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})
const jobRuns = new Counter({
  name: 'crm_job_runs_total',
  help: 'Scheduled job runs in this process, by job and outcome',
  labelNames: ['job', 'status'] as const,
  registers: [registry],
})
let poolUse: (() => PoolUse) | undefined
new Gauge({
  name: 'crm_db_pool_connections',
  help: 'PostgreSQL pool connections: all, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const use = poolUse?.()
    if (!use) return
    this.set({ state: 'total' }, use.total)
    this.set({ state: 'idle' }, use.idle)
    this.set({ state: 'waiting' }, use.waiting)
  },
})

/** A job's run, counted (platform/jobs.ts). */
export function countJobRun(job: string, status: 'done' | 'failed'): void {
  jobRuns.inc({ job, status })
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Counts every answer of the app by its route's template (never the url itself: no id, key or
 * token lands in a label). Added on the root instance, so it sees every route.
 */
export function countAnswers(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) })
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })
}

/**
 * With `METRICS_TOKEN` set, the process's metrics at /metrics in Prometheus's text format, to a
 * scraper sending `Authorization: Bearer <token>` (issue 38 item 4); without it, no /metrics.
 */
export function metricsRoute(token: string, pool?: () => PoolUse) {
  if (pool) poolUse = pool
  const expected = digest(`Bearer ${token}`)
  return async (app: FastifyInstance) => {
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return reply.code(401).send({ status: 'unauthorized' })
      return reply.type(registry.contentType).send(await registry.metrics())
    })
  }
}
