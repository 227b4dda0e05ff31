import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import { archivedContactRetentionMonths } from '@crm/domain'
import { people, teamContacts } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'
import { removeContactFromTeam } from './status.service'

const defaultBatchSize = 500

/** The later of the archive and the last interaction: served by team_contacts_archive_expiry_idx. */
const quietSince = sql`greatest(${teamContacts.archived_at}, ${teamContacts.last_interaction_at})`

/** The moment the retention period (12 months) before `now`. */
function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - archivedContactRetentionMonths)
  return cutoff
}

/**
 * Spec 2 §1: an archived contact is removed after 12 months without interactions. A team
 * lets its archived contact go, as remove-contact-from-team does, once it has been archived
 * and without an interaction for 12 months. Idempotent; each batch claims its rows with
 * SKIP LOCKED, so several processes never remove one row twice.
 */
export async function removeExpiredArchivedContacts(deps: Deps, batchSize = defaultBatchSize): Promise<string | void> {
  const cutoff = retentionCutoff(deps.now())
  let removed = 0
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: teamContacts.id,
          team_id: teamContacts.team_id,
          is_owner: teamContacts.is_owner,
          person_id: people.id,
          first_name: people.first_name,
          last_name: people.last_name,
        })
        .from(teamContacts)
        .innerJoin(people, eq(people.id, teamContacts.person_id))
        .where(and(isNotNull(teamContacts.archived_at), lt(quietSince, sql`${cutoff.toISOString()}::timestamptz`)))
        .orderBy(quietSince)
        .limit(batchSize)
        .for('update', { of: teamContacts, skipLocked: true })
      for (const row of due) {
        await removeContactFromTeam(deps, tx, {
          // No person removes it: the log shows the clean-up with no author.
          authorId: null,
          teamId: row.team_id,
          teamContact: { id: row.id, is_owner: row.is_owner },
          contact: { id: row.person_id, first_name: row.first_name, last_name: row.last_name },
        })
      }
      return due.length
    })
    removed += count
    // A short batch is the last: rows another process holds are its to remove.
    if (count < batchSize) break
  }
  if (removed > 0) return `removed ${removed} archived ${removed === 1 ? 'contact' : 'contacts'}`
}

export const contactJobs: Job[] = [
  // Hourly is plenty for a rule counted in months; the job is idempotent.
  { name: 'archived-contacts-removal', everyMs: 60 * 60_000, run: (deps) => removeExpiredArchivedContacts(deps) },
]
