import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema/index'

export type Schema = typeof schema
/** The database handle every service takes; the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Executor = Db | Tx

/** The rows a write changed: PGlite reports affectedRows, node-postgres rowCount. */
export function affectedRows(result: unknown): number {
  const value = result as { affectedRows?: number; rowCount?: number | null }
  return value.affectedRows ?? value.rowCount ?? 0
}

/** The rows a raw statement answered: node-postgres and PGlite both answer { rows }, drizzle passes them through. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  close(): Promise<void>
  /** The pool's connections (PostgreSQL): all, idle, and requests waiting for one. */
  poolUse?: () => { total: number; idle: number; waiting: number }
}

export const pgliteExtensions = { pg_trgm }

export interface PostgresOptions {
  /** Connections in this process's pool (DATABASE_POOL_SIZE). */
  poolSize?: number
  /**
   * false: every statement goes unnamed (DATABASE_NAMED_STATEMENTS=false), for a transaction
   * pooler that may run a call's next statement on another server connection, which never saw
   * the name (PgBouncer before 1.21). The queries every call runs are then parsed and planned
   * on each call.
   */
  namedStatements?: boolean
}

/** PostgreSQL through node-postgres. */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
  // An idle connection the server closed (a restart, a failover) must not end the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
  pool.on('connect', withoutJit)
  if (options.namedStatements === false) pool.on('connect', sendStatementsUnnamed)
  const db = drizzlePostgres(pool, { schema }) as unknown as Db
  return {
    db,
    engine: 'postgres',
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}

/**
 * Turns PostgreSQL's JIT compilation off for the connection. A name search's walk is a few
 * milliseconds of work that the planner prices high (each row's checks are subqueries), so
 * JIT compiled it for 300 ms before running it (docs/decisions.md, "Searching a million
 * contacts"); the app's queries are short, and none gained from it. Queued before the
 * connection's first query; through PgBouncer it reaches the server connection it runs on.
 */
function withoutJit(client: pg.PoolClient): void {
  client.query('set jit = off').catch((error: Error) => console.error(`Could not turn JIT off: ${error.message}`))
}

/** Drops the name drizzle gives a prepared query (db/prepared.ts), so node-postgres sends it as the unnamed statement. */
function sendStatementsUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const named = typeof config === 'object' && config !== null && 'name' in config && !('submit' in config)
    return query(named ? { ...config, name: undefined } : config, ...rest)
  }) as typeof client.query
}

/** Embedded PGlite in `dir` (one connection, this process only), or in memory. */
export async function openPglite(options: { dir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dir) mkdirSync(options.dir, { recursive: true })
  const client = new PGlite({
    ...(options.dir ? { dataDir: options.dir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    engine: 'pglite',
    close: async () => {
      if (!client.closed) await client.close()
    },
  }
}

/** Whether a handle is embedded PGlite's (one connection, on this process's thread). */
export function isPglite(db: Db): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof PGlite
}

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}
