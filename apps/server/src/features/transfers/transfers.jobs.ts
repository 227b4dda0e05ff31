import { and, asc, eq, isNotNull, lte, notInArray, sql } from 'drizzle-orm'
import { daysFromToday } from '@crm/domain'
import { teams, transfers } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { defaultTimeZone } from '../../platform/format'
import type { Job } from '../../platform/jobs'
import { carryOutTransfer } from './process.service'

/** Most transfers one run processes; the next run takes the rest. */
const maxPerRun = 100

/**
 * Transfers reaching their date (spec 3 §4, DESIGN.md §8): each upcoming transfer whose day
 * has come where its from-church lives is processed, one transaction each. A transfer is
 * claimed with SKIP LOCKED, so two processes never process one twice, and it is processed
 * once: a second run finds nothing. One that fails is logged and left for the next run.
 */
export async function processDueTransfers(deps: Deps): Promise<string | void> {
  const now = deps.now()
  const failed: number[] = []
  let processed = 0
  while (processed + failed.length < maxPerRun) {
    let claimed: number | null = null
    try {
      const done = await deps.db.transaction(async (tx) => {
        const [due] = await tx
          .select({ transfer: transfers })
          .from(transfers)
          .innerJoin(teams, eq(teams.id, transfers.from_team_id))
          .where(
            and(
              eq(transfers.is_processed, false),
              isNotNull(transfers.date),
              // transfers_due_idx narrows to the days up to tomorrow (UTC); the church's zone decides.
              lte(transfers.date, daysFromToday(1, now)),
              sql`${transfers.date} <= (${now.toISOString()}::timestamptz at time zone coalesce(${teams.settings} ->> 'time_zone', ${defaultTimeZone}))::date`,
              failed.length > 0 ? notInArray(transfers.id, failed) : undefined,
            ),
          )
          .orderBy(asc(transfers.date), asc(transfers.id))
          .limit(1)
          .for('update', { of: transfers, skipLocked: true })
        if (!due) return false
        claimed = due.transfer.id
        await carryOutTransfer(tx, due.transfer, { personId: null, now })
        return true
      })
      if (!done) break
      processed += 1
    } catch (error) {
      if (claimed === null) throw error
      failed.push(claimed)
      deps.log.error({ err: error, transferId: claimed }, 'transfers: a transfer could not be processed')
    }
  }
  if (failed.length > 0) throw new Error(`processed ${processed} transfers; failed: ${failed.join(', ')}`)
  if (processed > 0) return `processed ${processed} ${processed === 1 ? 'transfer' : 'transfers'}`
}

export const transferJobs: Job[] = [
  // Hourly: a transfer is processed within the hour its day starts in its church's zone.
  { name: 'transfers-processing', everyMs: 60 * 60_000, run: (deps) => processDueTransfers(deps) },
]
