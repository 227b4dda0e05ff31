import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/client'

/** What every service needs, built once in main.ts (or by a test) and passed down. */
export interface Deps {
  db: Db
  /**
   * A streaming replica for reads that may be a moment stale (DATABASE_READ_URL): reports, the
   * map, import-and-share's lists and exports. Unset: they read the primary. Take it through
   * onReadReplica, never for a read that must see a write just made.
   */
  readDb?: Db
  config: Config
  log: FastifyBaseLogger
  /** The clock; tests move it. */
  now(): Date
}

/** The same deps reading from the replica when there is one (DATABASE_READ_URL). */
export function onReadReplica<D extends Pick<Deps, 'db' | 'readDb'>>(deps: D): D {
  return deps.readDb ? { ...deps, db: deps.readDb } : deps
}
