import pg from 'pg'
import type { Database } from './client'

/**
 * The advisory lock's key: any fixed number, the same in every process of this app. Other
 * applications sharing the database would have to pick another by chance to meet it.
 */
const startupLockKey = 7_244_038_001

/**
 * Runs `work` (migrations, lookups, seeds) while no other process of the app on the same
 * PostgreSQL database does: processes started together wait for the first, which migrates and
 * seeds, and then find everything in place (issue 38 item 1). The lock is PostgreSQL's, taken
 * in a transaction a connection of its own keeps open for the whole work (the pool's
 * connections run the statements): a transaction pooler (PgBouncer) keeps one server
 * connection for it until it ends, where a session's lock could stay behind on a server
 * connection handed to someone else. A process that dies mid-way ends the transaction and
 * frees the lock. Embedded PGlite is one process's already (the data folder's lock file).
 */
export async function underStartupLock<T>(database: Database, databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite' || !databaseUrl) return work()
  const holder = new pg.Client({ connectionString: databaseUrl })
  await holder.connect()
  try {
    await holder.query('BEGIN')
    await holder.query('SELECT pg_advisory_xact_lock($1)', [startupLockKey])
    return await work()
  } finally {
    // Ending the transaction releases the lock; ending the connection would too.
    await holder.query('COMMIT').catch(() => {})
    await holder.end().catch(() => {})
  }
}
