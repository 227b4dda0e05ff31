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

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  close(): Promise<void>
  /** The pool's connections (PostgreSQL): all, idle, and requests waiting for one. */
  poolUse?: () => { total: number; idle: number; waiting: number }
}

export const pgliteExtensions = { pg_trgm }

/** PostgreSQL through node-postgres. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle connection the server closed (a restart, a failover) must not end the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
  const db = drizzlePostgres(pool, { schema }) as unknown as Db
  return {
    db,
    engine: 'postgres',
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
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

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}
