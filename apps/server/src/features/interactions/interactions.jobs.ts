import { sql } from 'drizzle-orm'
import { affectedRows } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'

/**
 * An upcoming interaction left incomplete becomes overdue (missed) when its moment passes,
 * with no write to notice it: this flags those contacts for the 'missed' filter. Served by
 * team_contacts_overdue_due_idx; idempotent.
 */
export async function flagOverdueInteractions(deps: Deps): Promise<string | void> {
  const result = await deps.db.execute(sql`
    update team_contacts set has_overdue_interaction = true
    where next_interaction_at is not null and not has_overdue_interaction
      and next_interaction_at <= ${deps.now().toISOString()}::timestamptz`)
  const flagged = affectedRows(result)
  if (flagged > 0) return `flagged ${flagged} overdue`
}

export const interactionJobs: Job[] = [
  // Every minute: the 'missed' filter lags a passed interaction by at most that.
  { name: 'interactions-overdue', everyMs: 60_000, run: (deps) => flagOverdueInteractions(deps) },
]
