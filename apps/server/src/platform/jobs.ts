import { jobRuns } from '../db/schema/index'
import type { Deps } from './deps'
import { removeOrphanFiles } from './files'
import { deliverDueMail } from './mail'

/**
 * Scheduled work, in the server process. Each job is idempotent and safe to run in
 * several processes at once (rows are claimed with SKIP LOCKED); each run is recorded in
 * job_runs. src/jobs.ts lists them all: the platform's below and each feature's
 * `<feature>.jobs.ts`.
 */
export interface Job {
  name: string
  everyMs: number
  run(deps: Deps): Promise<string | void>
}

export const platformJobs: Job[] = [
  { name: 'mail-delivery', everyMs: 15_000, run: (deps) => deliverDueMail(deps) },
  { name: 'orphan-files-removal', everyMs: 60 * 60_000, run: (deps) => removeOrphanFiles(deps) },
]

/** Runs a job once; a run that did something, or failed, is recorded in job_runs. */
export async function runJob(deps: Deps, job: Job): Promise<void> {
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
  if (status === 'done' && !detail) return
  await deps.db
    .insert(jobRuns)
    .values({ job: job.name, started_at: startedAt, finished_at: deps.now(), status, detail: detail ?? null })
}

/** Starts every job on its interval; returns a function that stops them. */
export function startScheduler(deps: Deps, list: Job[]): () => Promise<void> {
  const running = new Map<string, Promise<void>>()
  const timers = list.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) return
      const run = runJob(deps, job).finally(() => running.delete(job.name))
      running.set(job.name, run)
    }, job.everyMs),
  )
  return async () => {
    timers.forEach(clearInterval)
    await Promise.allSettled(running.values())
  }
}
