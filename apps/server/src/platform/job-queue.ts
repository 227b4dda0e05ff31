import { setImmediate as nextTurn } from 'node:timers/promises'
import type { PGlite } from '@electric-sql/pglite'
import PgBoss from 'pg-boss'
import type pg from 'pg'
import type { Db } from '../db/client'
import type { Deps } from './deps'
import { runJob, type Job } from './jobs'

/**
 * The scheduler on pg-boss (DESIGN.md §8): one queue per job in the `pgboss` schema of our
 * own database. Each queue is 'stately' (at most one run waiting and one running across all
 * server processes), so a job runs once per period however many processes serve the app.
 * pg-boss schedules by cron, to the minute: a job of a minute or more runs on a cron made
 * from `everyMs`. A shorter one (mail every 15 s) cuts time into slots of its period and
 * runs at most once a slot (pg-boss's singletonSeconds): each run sends the next slot's,
 * and a minute cron for the current slot restarts the chain should it ever break.
 */
export interface Scheduler {
  /**
   * Asks for a run now, or after the one in progress, in whichever process is free; a run
   * already waiting (a sub-minute job's next) stands for it.
   */
  runSoon(jobName: string): Promise<void>
  /** Stops taking work, waits for runs in progress and pg-boss's last writes. */
  stop(): Promise<void>
}

export interface SchedulerOptions {
  /** How often each process asks for due runs; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number
  /** Retries of a failed run, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number
  retryDelaySeconds?: number
}

export const jobQueueSchema = 'pgboss'
const minuteMs = 60_000

/** The cron of a job: its own, or one made from `everyMs`, never more often than a minute. */
export function cronOf(job: Job): string {
  if (job.cron) return job.cron
  const minutes = Math.max(1, Math.round(job.everyMs / minuteMs))
  if (minutes === 1) return '* * * * *'
  if (minutes < 60) return `*/${minutes} * * * *`
  // Hourly and rarer jobs start at a minute of their own, so they do not all start at :00.
  const minute = [...job.name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 60
  const hours = Math.round(minutes / 60)
  if (hours === 1) return `${minute} * * * *`
  return hours < 24 ? `${minute} */${hours} * * *` : `${minute} 3 * * *`
}

/** A run that outlives this is taken as lost (a crashed process) and retried. */
function expireSecondsOf(job: Job): number {
  return Math.min(15 * 60, Math.max(5 * 60, Math.round((job.everyMs * 4) / 1000)))
}

type QueryResult = { rows: unknown[] }

/**
 * pg-boss's database: the connection the app already has. On PGlite its `query`/`exec`
 * wait for a transaction the app holds (its node-postgres adapter does not); pg-boss's own
 * multi-statement scripts (BEGIN … COMMIT) run in a transaction of their own, so a failed
 * one never leaves the shared connection in an aborted transaction. Queries in flight are
 * counted, so stopping waits for the last ones pg-boss does not await (a job's completion).
 */
function queueDb(db: Db) {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client
  const inFlight = new Set<Promise<unknown>>()
  let closed = false

  async function run(text: string, values?: unknown[]): Promise<QueryResult> {
    if ('exec' in client) {
      if (values?.length) return client.query(text, values)
      const results = await client.transaction((tx) => tx.exec(text))
      return results.at(-1) ?? { rows: [] }
    }
    if (values?.length) return client.query(text, values)
    const connection = await client.connect()
    try {
      const result = (await connection.query(text)) as unknown as QueryResult | QueryResult[]
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      connection.release()
    }
  }

  return {
    executeSql(text: string, values?: unknown[]): Promise<QueryResult> {
      // After stop, pg-boss's last timers find nothing to do rather than a closed database.
      if (closed) return Promise.resolve({ rows: [] })
      const query = run(text, values)
      inFlight.add(query)
      void query.catch(() => {}).finally(() => inFlight.delete(query))
      return query
    },
    async close(): Promise<void> {
      // A settled query may start another (a fetched job is failed back): wait for quiet.
      while (inFlight.size > 0) {
        await Promise.allSettled(inFlight)
        await nextTurn()
      }
      closed = true
    },
  }
}

/** Starts pg-boss on the app's database, creates each job's queue and schedule, and works them. */
export async function startScheduler(deps: Deps, list: Job[], options: SchedulerOptions = {}): Promise<Scheduler> {
  const db = queueDb(deps.db)
  const boss = new PgBoss({
    db,
    schema: jobQueueSchema,
    // Finished runs are kept a day for a look at the queue; job_runs keeps what matters.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  })
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'))
  let stopping = false
  const byName = new Map(list.map((job) => [job.name, job]))
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2

  try {
    await boss.start()
    for (const job of list) {
      const everyMinuteOrMore = job.everyMs >= minuteMs
      // A sub-minute job's runs: one per slot of its period, across all processes.
      const slot = { singletonSeconds: Math.max(1, Math.round(job.everyMs / 1000)) }
      const queue = {
        name: job.name,
        policy: 'stately' as const,
        retryLimit: options.retryLimit ?? 3,
        retryDelay: options.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: expireSecondsOf(job),
      }
      await boss.createQueue(job.name, queue)
      await boss.updateQueue(job.name, queue)
      await boss.schedule(job.name, cronOf(job), {}, everyMinuteOrMore ? { tz: 'UTC' } : { tz: 'UTC', ...slot })
      await boss.work(job.name, { pollingIntervalSeconds }, async () => {
        // A run fetched while stopping goes back to the queue for another process.
        if (stopping) throw new Error('server stopping')
        const status = await runJob(deps, job)
        if (!everyMinuteOrMore) await boss.send(job.name, {}, { ...slot, singletonNextSlot: true })
        // Recorded in job_runs by runJob; throwing makes pg-boss retry it with backoff.
        if (status === 'failed') throw new Error(`${job.name} failed`)
      })
      // A sub-minute job's chain starts in this slot, or the next if this one has its run.
      if (!everyMinuteOrMore) await boss.send(job.name, {}, { ...slot, singletonNextSlot: true })
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: false }).catch(() => {})
    await db.close()
    throw error
  }

  return {
    async runSoon(jobName) {
      if (!byName.has(jobName)) throw new Error(`No job named ${jobName}`)
      await boss.send(jobName, {})
    },
    async stop() {
      stopping = true
      await boss.stop({ graceful: true, wait: true, timeout: 8_000, close: false })
      await db.close()
    },
  }
}
