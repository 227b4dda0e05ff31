import { createHash } from 'node:crypto'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { lt, sql } from 'drizzle-orm'
import { rateLimitCounters } from '../db/schema/index'
import type { Deps } from './deps'

/** What @fastify/rate-limit asks of a store: the hits in the key's window and the ms left in it. */
interface Count {
  current: number
  ttl: number
}
type Answer = (error: Error | null, count?: Count) => void

/**
 * Where the plugin says which route a child store counts for: its typings name the route's
 * options, but what it passes is the route's limit with the route under `routeInfo`.
 */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string }
}
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0]

const hashOf = (key: string) => createHash('sha256').update(key).digest('base64url')

/**
 * @fastify/rate-limit's counters in PostgreSQL (`rate_limit_counters`), so every server process
 * on the database counts the same hits: N processes behind a load balancer give an address one
 * allowance, not N (issue 38 item 2). One statement per hit, under the row's lock: hits that
 * arrive together at several processes are all counted. A fixed window, as the plugin's own
 * store: the first hit opens it for `timeWindow` ms, a hit after it ends opens the next.
 */
export function sharedRateLimitStore(deps: Pick<Deps, 'db' | 'now'>): FastifyRateLimitStoreCtor {
  const counters = rateLimitCounters
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    /** The route's method and path: one route's hits never count against another's. */
    private route = ''

    incr(key: string, answer: Answer, timeWindow: number): void {
      const now = deps.now()
      const opens = sql`${counters.window_ends_at} <= ${now.toISOString()}::timestamptz`
      const endsAt = new Date(now.getTime() + timeWindow)
      deps.db
        .insert(counters)
        .values({ key_hash: hashOf(`${this.route}${key}`), hits: 1, window_ends_at: endsAt })
        .onConflictDoUpdate({
          target: counters.key_hash,
          set: {
            hits: sql`case when ${opens} then 1 else ${counters.hits} + 1 end`,
            window_ends_at: sql`case when ${opens} then ${endsAt.toISOString()}::timestamptz else ${counters.window_ends_at} end`,
          },
        })
        .returning({ hits: counters.hits, windowEndsAt: counters.window_ends_at })
        .then(
          ([row]) => answer(null, { current: row!.hits, ttl: Math.max(0, row!.windowEndsAt.getTime() - now.getTime()) }),
          (error: Error) => answer(error),
        )
    }

    child(options: ChildOptions): SharedRateLimitStore {
      const child = new SharedRateLimitStore()
      const { routeInfo } = options as unknown as RouteLimit
      const method = routeInfo?.method
      child.route = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeInfo?.url ?? ''} `
      return child
    }
  }
}

/** Windows that have ended count nothing any more: deleted, so addresses met once do not pile up. */
export async function forgetEndedRateLimitWindows(deps: Deps): Promise<string | void> {
  const removed = await deps.db.delete(rateLimitCounters).where(lt(rateLimitCounters.window_ends_at, deps.now())).returning({ key: rateLimitCounters.key_hash })
  if (removed.length > 0) return `${removed.length} ended rate-limit windows forgotten`
}
