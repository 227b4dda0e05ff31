import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/client'

/** What every service needs, built once in main.ts (or by a test) and passed down. */
export interface Deps {
  db: Db
  config: Config
  log: FastifyBaseLogger
  /** The clock; tests move it. */
  now(): Date
}
