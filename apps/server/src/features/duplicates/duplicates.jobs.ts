import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { contactMerges, people } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { removeFiles } from '../../platform/files'
import type { Job } from '../../platform/jobs'
import { clearedTombstone } from './merge-fields'

/**
 * The daily clearing of merges whose undo has ended: the merge forgets what undo needed (the
 * kept record's old fields, the rows set aside), and the tombstone its details and the files
 * only it still names; its id keeps opening the kept record. Idempotent, in batches; rows
 * another process holds are its to clear.
 */
export async function clearEndedMerges(deps: Pick<Deps, 'db' | 'config' | 'now'>, batchSize = 200): Promise<string | void> {
  let cleared = 0
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: contactMerges.id, otherId: contactMerges.other_contact_id })
        .from(contactMerges)
        .where(and(isNull(contactMerges.undone_at), sql`${contactMerges.undo} is not null`, sql`${contactMerges.undo_until} <= ${deps.now()}`))
        .orderBy(contactMerges.id)
        .limit(batchSize)
        .for('update', { skipLocked: true })
      for (const merge of due) {
        const [tombstone] = await tx
          .select({ avatar: people.avatar_file_id, consentPhoto: people.consent_photo_file_id })
          .from(people)
          .where(eq(people.id, merge.otherId))
        await tx.update(people).set(clearedTombstone()).where(eq(people.id, merge.otherId))
        const fileIds = [tombstone?.avatar, tombstone?.consentPhoto].filter((id): id is number => typeof id === 'number')
        // A file the kept record took stays with it.
        const stillNamed = fileIds.length
          ? await tx
              .select({ avatar: people.avatar_file_id, consentPhoto: people.consent_photo_file_id })
              .from(people)
              .where(or(inArray(people.avatar_file_id, fileIds), inArray(people.consent_photo_file_id, fileIds)))
          : []
        const named = new Set(stillNamed.flatMap((row) => [row.avatar, row.consentPhoto]))
        await removeFiles(
          deps,
          tx,
          [...new Set(fileIds)].filter((id) => !named.has(id)),
        )
        await tx.update(contactMerges).set({ undo: null }).where(eq(contactMerges.id, merge.id))
      }
      return due.length
    })
    cleared += count
    if (count < batchSize) break
  }
  if (cleared > 0) return `cleared ${cleared} ended ${cleared === 1 ? 'merge' : 'merges'}`
}

export const duplicateJobs: Job[] = [
  // Daily: an undo period is counted in days; the job is idempotent.
  { name: 'ended-merges-clearing', everyMs: 24 * 60 * 60_000, run: (deps) => clearEndedMerges(deps) },
]
