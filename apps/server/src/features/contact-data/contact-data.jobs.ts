import { and, eq, isNull, lte } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, contactErasures, people } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'
import { deletePersonWithFiles } from '../consent/contact-files'
import { applyContactRetention } from './contact-retention'
import { deIdentifyPerson } from './de-identify'
import { removeCopiesOfPerson } from './person-copies'

/**
 * Removes a person and everything about them, in the caller's transaction: their row and
 * every row that names them as the contact (the foreign keys cascade: notes, interactions,
 * events, attendance, relationships, consent, imports, activity, records merged into them),
 * their files, and the copies of them kept elsewhere (person-copies.ts).
 */
export async function erasePerson(deps: Pick<Deps, 'config'>, tx: Executor, personId: number): Promise<void> {
  await removeCopiesOfPerson(tx, personId)
  await deletePersonWithFiles(deps, tx, personId)
}

/**
 * The erasures job: carries out the erasures whose grace period has passed (erased or
 * de-identified, as asked), a batch a transaction; an erasure another process holds is its to carry out. A person who has come to sign
 * in since is not erased with their account: the erasure is called off (by nobody), as the
 * erase call would have refused it.
 */
export async function carryOutDueErasures(deps: Pick<Deps, 'db' | 'config' | 'now'>, batchSize = 50): Promise<string | void> {
  const done = { erase: 0, de_identify: 0 }
  for (;;) {
    const read = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: contactErasures.id, contactId: contactErasures.contact_id, mode: contactErasures.mode })
        .from(contactErasures)
        .where(and(isNull(contactErasures.cancelled_at), isNull(contactErasures.carried_out_at), lte(contactErasures.due_at, deps.now())))
        .orderBy(contactErasures.due_at, contactErasures.id)
        .limit(batchSize)
        .for('update', { skipLocked: true })
      for (const erasure of due) {
        const [account] = await tx.select({ id: accounts.person_id }).from(accounts).where(eq(accounts.person_id, erasure.contactId))
        if (account) {
          await tx.update(contactErasures).set({ cancelled_at: deps.now() }).where(eq(contactErasures.id, erasure.id))
          continue
        }
        await tx.select({ id: people.id }).from(people).where(eq(people.id, erasure.contactId)).for('update')
        const mode = erasure.mode === 'de_identify' ? 'de_identify' : 'erase'
        if (mode === 'de_identify') await deIdentifyPerson(deps, tx, erasure.contactId)
        else await erasePerson(deps, tx, erasure.contactId)
        await tx.update(contactErasures).set({ carried_out_at: deps.now() }).where(eq(contactErasures.id, erasure.id))
        done[mode] += 1
      }
      return due.length
    })
    if (read < batchSize) break
  }
  const contacts = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`
  const said = [done.erase > 0 ? `erased ${contacts(done.erase)}` : null, done.de_identify > 0 ? `de-identified ${contacts(done.de_identify)}` : null]
  return said.filter(Boolean).join(', ') || undefined
}

export const contactDataJobs: Job[] = [
  // Hourly: an erasure is due to the hour it was asked, seven days on.
  { name: 'contact-erasures', everyMs: 60 * 60_000, run: (deps) => carryOutDueErasures(deps) },
  // Daily: retention counts months, and owners are told a month ahead.
  { name: 'contact-retention', everyMs: 24 * 60 * 60_000, run: (deps) => applyContactRetention(deps) },
]
