import { jobRuns } from '../db/schema/index'
import type { Deps } from './deps'
import { removeOrphanFiles } from './files'
import { deliverDueMail } from './mail'
import { countJobRun } from './metrics'
import { forgetEndedRateLimitWindows } from './rate-limit-store'

/**
 * Scheduled work, run on pg-boss by platform/job-queue.ts: once per period across all
 * server processes. Each job is still idempotent and safe to run in several processes at
 * once (rows are claimed with SKIP LOCKED), as `npm run jobs -- --once` may run beside a
 * server. src/jobs.ts lists them all: the platform's below and each feature's
 * `<feature>.jobs.ts`.
 */
export interface Job {
  name: string
  /** How often it runs; from a minute up it is rounded to a cron schedule (see `cron`). */
  everyMs: number
  /** A cron expression (UTC) to run on instead of one made from `everyMs`. */
  cron?: string
  run(deps: Deps): Promise<string | void>
}

export const platformJobs: Job[] = [
  { name: 'mail-delivery', everyMs: 15_000, run: (deps) => deliverDueMail(deps) },
  { name: 'orphan-files-removal', everyMs: 60 * 60_000, run: (deps) => removeOrphanFiles(deps) },
  { name: 'rate-limit-windows-cleanup', everyMs: 60 * 60_000, run: (deps) => forgetEndedRateLimitWindows(deps) },
]

/** Runs a job once; a run that did something, or failed, is recorded in job_runs. */
export async function runJob(deps: Deps, job: Job): Promise<'done' | 'failed'> {
  const startedAt = deps.now()
  let status: 'done' | 'failed' = 'done'
  let detail: string | void
  try {
    detail = await job.run(deps)
  } catch (error) {
    status = 'failed'
    detail = String(error).slice(0, 1000)
    deps.log.error({ err: error, job: job.name }, 'job failed')
  }
  countJobRun(job.name, status)
  if (status === 'done' && !detail) return status
  await deps.db.insert(jobRuns).values({ job: job.name, started_at: startedAt, finished_at: deps.now(), status, detail: detail ?? null })
  return status
}
