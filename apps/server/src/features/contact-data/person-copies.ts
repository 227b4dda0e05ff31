import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Executor } from '../../db/client'

/**
 * Removes the copies of a person kept outside their own records, in the caller's transaction,
 * before they are erased or de-identified: the notifications about them, their name in another
 * contact's activity, the mail to them or naming them, the calendar texts built with it.
 */
export async function removeCopiesOfPerson(tx: Executor, personId: number): Promise<void> {
  const [person] = rowsOf<{ name: string; email: string | null; parent_email: string | null }>(
    await tx.execute(sql`select lower(trim(concat_ws(' ', first_name, last_name))) as name, lower(email) as email,
        lower(parent_carer_email) as parent_email
      from people where id = ${personId}`),
  )
  if (!person) return
  const idText = String(personId)
  await tx.execute(sql`delete from notifications where associated_person_id = ${personId}`)
  // A relationship's row on the other contact names and links this person; it keeps that a
  // relationship was there, with nobody.
  for (const side of ['before', 'after'] as const) {
    const column = sql.raw(side)
    await tx.execute(sql`update activity_log set ${column} = ${column} || '{"user_name": "", "related_user_id": null}'::jsonb
      where ${column} ->> 'related_user_id' = ${idText}`)
  }
  // Mail addressed to them (or about a child, to the parent or carer), or that names them.
  const named = (text: SQL) => (person.name.length > 0 ? sql`strpos(lower(${text}), ${person.name}) > 0` : sql`false`)
  await tx.execute(sql`delete from mail_outbox where lower(to_address) = ${person.email ?? ''}
      or (template like 'consent%' and lower(to_address) = ${person.parent_email ?? ''})
      or ${named(sql`subject || ' ' || text_body || ' ' || coalesce(html_body, '')`)}`)
  // A calendar text is built again on its next fetch.
  await tx.execute(sql`delete from ical_feed_texts where ${named(sql`text`)}
      or team_id in (select team_id from team_contacts where person_id = ${personId})`)
}
