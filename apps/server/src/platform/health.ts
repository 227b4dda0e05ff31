import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { newestMigrationMillis } from '../db/migrate'

/** Why a process is not ready for requests: a code for operators' tools, not a person's text. */
export type NotReadyReason = 'stopping' | 'database_unreachable' | 'migrations_pending'

export interface Lifecycle {
  /** Set when the process begins to stop: load balancers take it out before it closes. */
  stopping: boolean
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
