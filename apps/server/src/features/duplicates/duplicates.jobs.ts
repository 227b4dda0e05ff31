import type { Job } from '../../platform/jobs'
import { clearEndedMerges } from './contact-merge.service'

export const duplicateJobs: Job[] = [
  // Daily: an undo period is counted in days; the job is idempotent.
  { name: 'ended-merges-clearing', everyMs: 24 * 60 * 60_000, run: (deps) => clearEndedMerges(deps) },
]
