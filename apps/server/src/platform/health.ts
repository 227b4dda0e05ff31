import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { newestMigrationMillis } from '../db/migrate'
import { refuseAsBusy } from './errors'

/** Why a process is not ready for requests: a code for operators' tools, not a person's text. */
export type NotReadyReason = 'stopping' | 'database_unreachable' | 'migrations_pending'

export interface Lifecycle {
  /** Set when the process begins to stop: load balancers take it out before it closes. */
  stopping: boolean
  /** When the last request arrived (epoch ms), and when a stopping process first refused a read. */
  lastRequestAt: number
  readRefusedAt: number | null
}

export const newLifecycle = (): Lifecycle => ({ stopping: false, lastRequestAt: 0, readRefusedAt: null })

/**
 * A stopping process sends its reads back with a 503 while it still listens. nginx (its
 * `proxy_next_upstream http_503`, docs/deploy/nginx.conf) sends such a read to another process and
 * rests this one for its `fail_timeout`, so no connection is on its way here when the port
 * closes: the kernel resets the connections it has queued but the process not yet accepted, and a
 * write on one of them would fail with a 502, as nginx sends a write on to no other process.
 * Writes are answered: nginx would not send a refused one elsewhere. Probes and metrics say
 * what they say.
 */
export function refuseReadsWhileStopping(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', async (request, reply) => {
    lifecycle.lastRequestAt = Date.now()
    if (!lifecycle.stopping || (request.method !== 'GET' && request.method !== 'HEAD')) return
    if (request.url.startsWith('/health/') || request.url.startsWith('/metrics')) return
    lifecycle.readRefusedAt ??= Date.now()
    return refuseAsBusy(reply.header('connection', 'close'), 1)
  })
}

/** How a stopping process waits before it closes its port (server.ts). */
export const drainTimings = {
  /** After the first refused read: for the requests the balancer had already sent on their way. */
  afterRefusedReadMs: 100,
  /** With no request for this long, none is on its way. */
  quietMs: 250,
  /** At most, for a process that takes only writes. */
  mostMs: 2000,
}

/** Whether a process stopping since `since` may close its port at `now`. */
export function drained(lifecycle: Lifecycle, since: number, now: number, timings = drainTimings): boolean {
  if (lifecycle.readRefusedAt !== null && now - lifecycle.readRefusedAt >= timings.afterRefusedReadMs) return true
  if (now - Math.max(lifecycle.lastRequestAt, since) >= timings.quietMs) return true
  return now - since >= timings.mostMs
}

/**
 * The probes of load balancers and orchestrators (issue 38 item 4), outside /api and its
 * sign-in: `/health/live` answers while the process runs; `/health/ready` only while it should
 * be sent requests (not stopping, the database answers, every committed migration applied),
 * else 503 with the reason. Neither says more than that.
 */
export function healthRoutes(lifecycle: Lifecycle) {
  const newest = newestMigrationMillis()
  return async (app: FastifyInstance) => {
    const noStore = { 'cache-control': 'no-store' }
    // Probed every few seconds: their answers are not logged, their failures are.
    const quiet = { logLevel: 'warn' as const }
    app.get('/health/live', quiet, async (_request, reply) => reply.headers(noStore).send({ status: 'live' }))
    app.get('/health/ready', quiet, async (_request, reply) => {
      const reason = await notReadyReason(app, lifecycle, newest)
      if (reason) return reply.code(503).headers(noStore).send({ status: 'not_ready', reason })
      return reply.headers(noStore).send({ status: 'ready' })
    })
  }
}

async function notReadyReason(app: FastifyInstance, lifecycle: Lifecycle, newest: number): Promise<NotReadyReason | null> {
  if (lifecycle.stopping) return 'stopping'
  let applied: number
  try {
    const result = await app.deps.db.execute(sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`)
    // Both drivers answer { rows }.
    applied = Number((result as unknown as { rows: Array<{ newest: string | null }> }).rows[0]?.newest ?? 0)
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: the database did not answer')
    return 'database_unreachable'
  }
  return applied >= newest ? null : 'migrations_pending'
}
