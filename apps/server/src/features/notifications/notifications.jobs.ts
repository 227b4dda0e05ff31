import { sql } from 'drizzle-orm'
import { affectedRows } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'

/**
 * A scheduled notification shows from its date on: the panel's own date condition makes it
 * visible. This marks those whose date has passed as no longer scheduled, so management
 * shows them as sent. Idempotent; several processes may run it at once.
 */
export async function releaseScheduledNotifications(deps: Deps): Promise<string | void> {
  const result = await deps.db.execute(sql`
    update notifications set is_scheduled = false, updated_at = now()
    where is_scheduled and date <= ${deps.now().toISOString()}::timestamptz`)
  const released = affectedRows(result)
  if (released > 0) return `released ${released} scheduled notifications`
}

export const notificationJobs: Job[] = [
  // Every minute: visibility needs no job; only management's 'scheduled' mark lags by up to that.
  { name: 'scheduled-notifications', everyMs: 60_000, run: (deps) => releaseScheduledNotifications(deps) },
]
