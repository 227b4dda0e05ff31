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
 * seeds, and then find everything in place (issue 38 item 1). The lock is PostgreSQL's, held
 * by a connection of its own for the whole work (the pool's connections run the statements),
 * so a process that dies mid-way frees it with its connection. Embedded PGlite is one process's
 * already (the data folder's lock file).
 */
export async function underStartupLock<T>(database: Database, databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite' || !databaseUrl) return work()
  const holder = new pg.Client({ connectionString: databaseUrl })
  await holder.connect()
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [startupLockKey])
    return await work()
  } finally {
    // Ending the session releases the lock too; unlocking first says so plainly.
    await holder.query('SELECT pg_advisory_unlock($1)', [startupLockKey]).catch(() => {})
    await holder.end().catch(() => {})
  }
}
