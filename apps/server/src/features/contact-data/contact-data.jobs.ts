import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Executor } from '../../db/client'
import { accounts, contactErasures, people } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'
import { deletePersonWithFiles } from '../consent/contact-files'

/**
 * Removes a person and everything about them, in the caller's transaction: their row and
 * every row that names them as the contact (the foreign keys cascade: notes, interactions,
 * events, attendance, relationships, consent, imports, activity, records merged into them),
 * their files, and the copies of them kept elsewhere — the notifications about them, their
 * name in another contact's activity, the mail about them, the calendar texts built with it.
 */
export async function erasePerson(deps: Pick<Deps, 'config'>, tx: Executor, personId: number): Promise<void> {
  const [person] = rowsOf<{ name: string; email: string | null; parent_email: string | null }>(
    await tx.execute(sql`select lower(trim(concat_ws(' ', first_name, last_name))) as name, lower(email) as email,
        lower(parent_carer_email) as parent_email
      from people where id = ${personId}`),
  )
  if (!person) return
  const idText = String(personId)
  await tx.execute(sql`delete from notifications where associated_person_id = ${personId}`)
  // A relationship's row on the other contact names this person; it keeps that a relationship was there.
  for (const side of ['before', 'after'] as const) {
    const column = sql.raw(side)
    await tx.execute(sql`update activity_log set ${column} = jsonb_set(${column}, '{user_name}', '""')
      where ${column} ->> 'related_user_id' = ${idText} and ${column} -> 'user_name' is not null`)
  }
  // Mail addressed to them (or about a child, to the parent or carer), or that names them.
  const named = (text: SQL) => (person.name.length > 0 ? sql`strpos(lower(${text}), ${person.name}) > 0` : sql`false`)
  await tx.execute(sql`delete from mail_outbox where lower(to_address) = ${person.email ?? ''}
      or (template like 'consent%' and lower(to_address) = ${person.parent_email ?? ''})
      or ${named(sql`subject || ' ' || text_body || ' ' || coalesce(html_body, '')`)}`)
  // A calendar text is built again on its next fetch.
  await tx.execute(sql`delete from ical_feed_texts where ${named(sql`text`)}
      or team_id in (select team_id from team_contacts where person_id = ${personId})`)
  await deletePersonWithFiles(deps, tx, personId)
}

/**
 * The erasures job: carries out the erasures whose grace period has passed, one transaction
 * each; an erasure another process holds is its to carry out. A person who has come to sign
 * in since is not erased with their account: the erasure is called off (by nobody), as the
 * erase call would have refused it.
 */
export async function carryOutDueErasures(deps: Pick<Deps, 'db' | 'config' | 'now'>, batchSize = 50): Promise<string | void> {
  let erased = 0
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: contactErasures.id, contactId: contactErasures.contact_id })
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
        await erasePerson(deps, tx, erasure.contactId)
        await tx.update(contactErasures).set({ carried_out_at: deps.now() }).where(eq(contactErasures.id, erasure.id))
        erased += 1
      }
      return due.length
    })
    if (done < batchSize) break
  }
  if (erased > 0) return `erased ${erased} ${erased === 1 ? 'contact' : 'contacts'}`
}

export const contactDataJobs: Job[] = [
  // Hourly: an erasure is due to the hour it was asked, seven days on.
  { name: 'contact-erasures', everyMs: 60 * 60_000, run: (deps) => carryOutDueErasures(deps) },
]
