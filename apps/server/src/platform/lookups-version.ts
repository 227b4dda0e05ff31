import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { lookupItemsVersion } from '../db/schema/index'

/**
 * The version of the lookup lists (lookup_items_version, moved by a trigger on every write to
 * lookup_items), as a column of a select. Every signed-in call's first statement reads it
 * with the session (authenticate.ts), so a process may keep the lists it read until the
 * version moves, and learns of a change made by any other process on its next call.
 */
export const lookupsVersionColumn = sql<number | null>`(select ${lookupItemsVersion.version} from ${lookupItemsVersion})`.mapWith((value) =>
  value === null ? null : Number(value),
)

// A note older than this was not read by the call now running: the call reads the version itself.
const noteFreshForMs = 1000

const notes = new WeakMap<Executor, { version: number; readAt: number }>()

/** Notes the version a call on `db` read; the newest wins, as calls run side by side. */
export function noteLookupsVersion(db: Executor, version: number | null): void {
  if (version === null) return
  const note = notes.get(db)
  notes.set(db, { version: Math.max(version, note?.version ?? version), readAt: performance.now() })
}

/**
 * The version a call on `db` read with its session, at least: lookups read at this version or
 * later are current for the call. Null when no call read it within the last second (a job, or
 * a transaction's own handle): then the caller reads the version with the lists.
 */
export function currentLookupsVersion(db: Executor): number | null {
  const note = notes.get(db)
  return note && performance.now() - note.readAt < noteFreshForMs ? note.version : null
}
