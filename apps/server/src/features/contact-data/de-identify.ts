import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { removeFiles } from '../../platform/files'
import { refreshContactReadModel } from '../../platform/read-model'
import { filesOfPerson } from '../consent/contact-files'
import { removeCopiesOfPerson } from './person-copies'

/**
 * De-identifies a person (issue 40 §2, APP 11.2) in the caller's transaction: what the
 * reports count stays, under the same team, month, source and member status — that each team
 * took the contact in, the interactions that happened (type, date, who), the decisions and
 * events recorded (type, date), the assignments and their follow-ups, and the attendance (as an
 * unnamed visitor). Every personal field, note, file, relationship, interest, group, consent,
 * import link, record merged into theirs and copy of them elsewhere goes. Every team's row
 * becomes `de_identified`: no list, search, map or page shows it again, and the reports count
 * it as before (migration 0046, report-contacts.ts).
 */
export async function deIdentifyPerson(deps: Pick<Deps, 'config' | 'now'>, tx: Executor, personId: number): Promise<void> {
  const fileIds = await filesOfPerson(tx, personId)
  await removeCopiesOfPerson(tx, personId)
  const run = (statement: ReturnType<typeof sql>) => tx.execute(statement)
  // What is about them and counts nowhere. Records merged into theirs go whole (their merge
  // keeps both records' snapshots), as do their links to other people.
  await run(sql`delete from people where merged_into_id = ${personId}`)
  await run(sql`delete from contact_merges where contact_id = ${personId} or other_contact_id = ${personId}`)
  await run(sql`delete from contact_merge_requests where contact_id = ${personId} or other_contact_id = ${personId}`)
  await run(sql`delete from notes where contact_id = ${personId}`)
  await run(sql`delete from contact_relationships where contact_id = ${personId} or related_id = ${personId}`)
  await run(sql`delete from dismissed_inferred_relationships where contact_id = ${personId} or related_id = ${personId}`)
  await run(sql`delete from contact_duplicate_dismissals where contact_id = ${personId} or other_contact_id = ${personId}`)
  await run(sql`delete from contact_interests where person_id = ${personId}`)
  await run(sql`delete from group_contacts where person_id = ${personId}`)
  await run(sql`delete from parental_consents where contact_id = ${personId}`)
  await run(sql`delete from consent_requests where contact_id = ${personId}`)
  await run(sql`delete from interaction_people where person_id = ${personId}`)
  await run(sql`delete from user_import_rows where person_id = ${personId}`)
  await run(sql`delete from contact_import_contacts where person_id = ${personId}`)
  await run(sql`delete from contact_import_households where person_id = ${personId}`)
  await run(sql`delete from contact_sources where person_id = ${personId}`)
  await run(sql`delete from invites where person_id = ${personId}`)
  await run(sql`delete from one_time_keys where person_id = ${personId}`)
  await run(sql`delete from activity_log where contact_id = ${personId}`)
  await run(sql`delete from transfer_contacts where contact_id = ${personId}
      and transfer_id in (select id from transfers where not is_processed)`)
  // A team's request to take them in, never counted, goes; the teams holding them keep a row.
  await run(sql`delete from team_contacts where person_id = ${personId} and state = 'awaiting_approval'`)
  // What happened stays without its words. A planned interaction would only come due for
  // nobody (follow-ups and reports count the completed ones).
  await run(sql`delete from interactions where contact_id = ${personId} and not is_completed`)
  await run(sql`update interactions set content = null, type_other = null, bible_study_other = null, time = null
      where contact_id = ${personId}`)
  await run(sql`update contact_events set content = null where contact_id = ${personId}`)
  // The attendance counts per event day stay (an update moves no count).
  await run(sql`update event_attendance set person_id = null, is_visitor = true, visitor_name = null, visitor_phone = null,
      visitor_email = null, visitor_is_new = false, visitor_create_contact = false, notes = null
      where person_id = ${personId}`)
  // Member status, source and grow phase are what the reports group by, and name nobody.
  await run(sql`update people set first_name = '', last_name = '', gender = null, dob_month = null, dob_year = null,
      email = null, email_is_verified = false, phone = null, avatar_file_id = null,
      address_place_id = null, address_formatted = null, address_street = null, address_city = null, address_state = null,
      address_postcode = null, address_country = null, address_lat = null, address_lng = null, address_manual_input = false,
      religion = null, religion_other = null, marital_status = null, source_other = null, social = '{}'::jsonb,
      parent_carer_first_name = null, parent_carer_last_name = null, parent_carer_relationship = null,
      parent_carer_email = null, parent_carer_phone = null, consent_type = null, consent_date = null,
      consent_content = null, consent_photo_file_id = null, consent_declined = false, parental_consent_declined = false,
      consent_url_sent_at = null, consent_url_sent_to = null, consent_url_viewed_at = null, consent_url_submitted_at = null,
      updated_at = ${deps.now().toISOString()}::timestamptz
    where id = ${personId}`)
  await refreshContactReadModel(tx, personId, deps.now())
  await run(sql`update team_contacts set state = 'de_identified', requested_by_id = null, next_interaction_at = null,
      has_overdue_interaction = false where person_id = ${personId}`)
  await removeFiles(deps, tx, fileIds)
}
