import { lte, sql } from 'drizzle-orm'
import { contactImports } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'

/**
 * The daily clearing of imports whose undo has ended: what each did to its contacts (their
 * values before) is forgotten, and the import with it. In batches; idempotent.
 */
export async function clearEndedImports(deps: Pick<Deps, 'db' | 'now'>, batchSize = 200): Promise<string | void> {
  let cleared = 0
  for (;;) {
    const gone = await deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: contactImports.id })
        .from(contactImports)
        .where(lte(contactImports.undo_until, deps.now()))
        .orderBy(contactImports.id)
        .limit(batchSize)
      const deleted = await tx
        .delete(contactImports)
        .where(sql`${contactImports.id} in (${due})`)
        .returning({ id: contactImports.id })
      return deleted.length
    })
    cleared += gone
    if (gone < batchSize) break
  }
  if (cleared > 0) return `cleared ${cleared} ended ${cleared === 1 ? 'import' : 'imports'}`
}

export const contactImportJobs: Job[] = [
  // Daily: an undo period is counted in days.
  { name: 'ended-imports-clearing', everyMs: 24 * 60 * 60_000, run: (deps) => clearEndedImports(deps) },
]
