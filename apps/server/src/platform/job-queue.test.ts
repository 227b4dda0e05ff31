import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { openPostgres, type Database } from '../db/client'
import { migrate } from '../db/migrate'
import { jobRuns, mailOutbox } from '../db/schema/index'
import { testConfig } from '../../test/harness'
import { createEmptyPostgresDatabase, engine, openTestDatabase } from '../../test/databases'
import type { Deps } from './deps'
import { cronOf, startScheduler, type Scheduler } from './job-queue'
import { platformJobs, runJob, type Job } from './jobs'
import { queueMail } from './mail'

/**
 * Two server processes on one database. On PostgreSQL each has its own connection pool, as
 * two processes would; embedded PGlite admits one process, so there the two schedulers
 * (two pg-boss instances) share its connection.
 */
let first: Database
let second: Database
let closeDatabases: () => Promise<void>
beforeAll(async () => {
  if (engine === 'postgres') {
    const empty = await createEmptyPostgresDatabase()
    first = openPostgres(empty.url, { poolSize: 4 })
    await migrate(first)
    second = openPostgres(empty.url, { poolSize: 4 })
    closeDatabases = async () => {
      await first.close()
      await second.close()
      await empty.drop()
    }
  } else {
    first = await openTestDatabase()
    second = first
    closeDatabases = () => first.close()
  }
})
afterAll(async () => closeDatabases())

const running: Scheduler[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()))
})

function depsOf(database: Database, overrides: Parameters<typeof testConfig>[0] = {}): Deps {
  return { db: database.db, config: testConfig(overrides), log: pino({ level: 'silent' }), now: () => new Date() }
}

/** Both processes start the scheduler on the same jobs; quick polling keeps the tests short. */
async function startBoth(list: Job[], overrides: Parameters<typeof testConfig>[0] = {}): Promise<[Scheduler, Scheduler]> {
  const options = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 }
  const a = await startScheduler(depsOf(first, overrides), list, options)
  running.push(a)
  const b = await startScheduler(depsOf(second, overrides), list, options)
  running.push(b)
  return [a, b]
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await sleep(50)
  }
}

/** The job's runs still waiting in pg-boss's queue or running. */
async function pendingJobs(name: string): Promise<number> {
  const result = await first.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`)
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
}

/** The job's runs pg-boss completed after `since` (by the database's clock). */
async function completedSince(name: string, since: Date): Promise<number> {
  const result = await first.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'completed' and started_on > ${since.toISOString()}::timestamptz`,
  )
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
}

async function runsOf(name: string) {
  return first.db.select().from(jobRuns).where(eq(jobRuns.job, name)).orderBy(jobRuns.id)
}

/** A job that notes each run's start and end, and can be held until a gate opens. */
function recordingJob(name: string, everyMs: number, body: (run: number) => Promise<string> = async (run) => `run ${run}`) {
  const runs: Array<{ startedAt: number; endedAt?: number }> = []
  const job: Job = {
    name,
    everyMs,
    run: async () => {
      const entry: { startedAt: number; endedAt?: number } = { startedAt: Date.now() }
      runs.push(entry)
      try {
        return await body(runs.length)
      } finally {
        entry.endedAt = Date.now()
      }
    },
  }
  return { job, runs }
}

function expectNoOverlap(runs: Array<{ startedAt: number; endedAt?: number }>): void {
  for (let i = 1; i < runs.length; i++) expect(runs[i]!.startedAt).toBeGreaterThanOrEqual(runs[i - 1]!.endedAt!)
}

describe('the job scheduler on pg-boss', () => {
  it('makes a cron from each interval, at most once a minute', () => {
    const job = (everyMs: number, cron?: string): Job => ({ name: 'sign-in-throttle-cleanup', everyMs, ...(cron ? { cron } : {}), run: async () => {} })
    expect(cronOf(job(15_000))).toBe('* * * * *')
    expect(cronOf(job(60_000))).toBe('* * * * *')
    expect(cronOf(job(5 * 60_000))).toBe('*/5 * * * *')
    expect(cronOf(job(60 * 60_000))).toMatch(/^\d{1,2} \* \* \* \*$/)
    expect(cronOf(job(6 * 60 * 60_000))).toMatch(/^\d{1,2} \*\/6 \* \* \*$/)
    expect(cronOf(job(24 * 60 * 60_000))).toMatch(/^\d{1,2} 3 \* \* \*$/)
    expect(cronOf(job(60_000, '30 2 * * 1'))).toBe('30 2 * * 1')
  })

  it('runs a sub-minute job once per period across two processes, each run recorded, and keeps one schedule', async () => {
    const { job, runs } = recordingJob('test-every-2s', 2000, async (run) => {
      await sleep(200)
      return `run ${run}`
    })
    await startBoth([job])
    await waitFor(() => runs.length >= 3 && runs[2]!.endedAt !== undefined)
    await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()))

    // Both processes started the chain and both poll it, yet runs come one at a time, one
    // per 2-second slot of the database's clock: no process ran a copy of its own.
    expectNoOverlap(runs)
    expect(runs[2]!.startedAt - runs[0]!.startedAt).toBeGreaterThanOrEqual(1500)
    const slots = await first.db.execute(
      sql`select count(*)::int as runs, count(distinct singleton_on)::int as slots from pgboss.job where name = 'test-every-2s' and state = 'completed'`,
    )
    expect((slots as unknown as { rows: unknown[] }).rows).toEqual([{ runs: runs.length, slots: runs.length }])
    expect((await runsOf('test-every-2s')).map((row) => row.detail)).toEqual(runs.map((_, i) => `run ${i + 1}`))
    const schedules = await first.db.execute(sql`select name, cron from pgboss.schedule where name = 'test-every-2s'`)
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([{ name: 'test-every-2s', cron: '* * * * *' }])
  })

  it('runs a job asked for by both processes at once a single time: one runs, at most one more waits', async () => {
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const { job, runs } = recordingJob('test-hourly', 60 * 60_000, async (run) => {
      if (run === 1) await gate
      return `run ${run}`
    })
    const [a, b] = await startBoth([job])
    await a.runSoon('test-hourly')
    await waitFor(() => runs.length === 1)
    // While the first run is held, both processes ask four times more.
    await Promise.all([a.runSoon('test-hourly'), b.runSoon('test-hourly'), a.runSoon('test-hourly'), b.runSoon('test-hourly')])
    open()
    await waitFor(() => runs.length === 2 && runs[1]!.endedAt !== undefined)
    // Nothing of the job is left waiting in the queue, so no third run can come.
    await waitFor(async () => (await pendingJobs('test-hourly')) === 0)
    expect(runs).toHaveLength(2)
    expectNoOverlap(runs)
    expect((await runsOf('test-hourly')).map((row) => row.detail)).toEqual(['run 1', 'run 2'])
  })

  it('delivers a pending mail exactly once with two processes running mail delivery; a re-run sends nothing', async () => {
    const smtp = await startSmtp()
    try {
      const mailJob = platformJobs.find((job) => job.name === 'mail-delivery')!
      const deps = depsOf(first, { smtpUrl: smtp.url })
      const id = await queueMail(first.db, deps, { to: 'dee@crm.test', subject: 'Welcome', text: 'Hello.', template: 'activation' })
      // Each second instead of every 15 s, to keep the test short.
      await startBoth([{ ...mailJob, everyMs: 1000 }], { smtpUrl: smtp.url })
      await waitFor(async () => (await first.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.status === 'sent')
      // Two more deliveries run (by either process) after the mail was sent: neither sends it again.
      const sentAt = new Date()
      await waitFor(async () => (await completedSince('mail-delivery', sentAt)) >= 2)
      await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()))

      expect(await runJob(deps, mailJob)).toBe('done')
      expect(smtp.received).toEqual([['dee@crm.test']])
      // Runs that found nothing to send are not recorded.
      expect((await runsOf('mail-delivery')).map((row) => [row.status, row.detail])).toEqual([['done', 'sent 1 of 1']])
    } finally {
      await smtp.close()
    }
  })

  it('records a failed run and retries it with backoff', async () => {
    const { job, runs } = recordingJob('test-flaky', 60 * 60_000, async (run) => {
      if (run === 1) throw new Error('database unreachable')
      return 'recovered'
    })
    const [a] = await startBoth([job])
    await a.runSoon('test-flaky')
    await waitFor(() => runs.length === 2 && runs[1]!.endedAt !== undefined)
    expect(runs[1]!.startedAt - runs[0]!.endedAt!).toBeGreaterThanOrEqual(900)
    expect((await runsOf('test-flaky')).map((row) => [row.status, row.detail])).toEqual([
      ['failed', 'Error: database unreachable'],
      ['done', 'recovered'],
    ])
    await waitFor(async () => {
      const result = await first.db.execute(sql`select state, retry_count from pgboss.job where name = 'test-flaky'`)
      const rows = (result as unknown as { rows: Array<{ state: string; retry_count: number }> }).rows
      return rows.length === 1 && rows[0]!.state === 'completed' && rows[0]!.retry_count === 1
    })
  })

  it('stops gracefully: a run in progress finishes and is recorded before stop returns', async () => {
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const { job, runs } = recordingJob('test-slow', 60 * 60_000, async () => {
      await gate
      return 'finished'
    })
    const [a, b] = await startBoth([job])
    await b.runSoon('test-slow')
    await waitFor(() => runs.length === 1)
    running.splice(0)
    const stopped = Promise.all([a.stop(), b.stop()])
    await sleep(300)
    expect(runs[0]!.endedAt).toBeUndefined()
    open()
    await stopped
    expect((await runsOf('test-slow')).map((row) => row.detail)).toEqual(['finished'])
    const result = await first.db.execute(sql`select state from pgboss.job where name = 'test-slow'`)
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ state: 'completed' }])
  })
})

/** A real SMTP listener on 127.0.0.1 that records each message's recipients. */
async function startSmtp() {
  const received: string[][] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
