import { sql, type SQL } from 'drizzle-orm'
import type { ExportKind } from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'

/** One record of an export: its columns as stored or looked up (names, titles), flat. */
export type ExportRow = Record<string, unknown>

/** Whom an export is about and where it may look: the teams where the caller acts for the person. */
export interface ExportSubject {
  personId: number
  /** Never empty: the call's team holds the person. */
  teamIds: readonly number[]
}

const inTeams = (column: SQL, subject: ExportSubject) =>
  sql`${column} in (${sql.join(
    subject.teamIds.map((teamId) => sql`${teamId}`),
    sql`, `,
  )})`

const fullName = (alias: string) => sql.raw(`nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`)

/**
 * Each kind of record an export holds (domain `exportKinds`, but for `files`, which the
 * export reads with the bytes), as the rows that name the person in the teams of the
 * export, oldest first. Rows about the person alone (their interests, merges, imports) come
 * whichever team holds them. Secrets (a consent link's key hash, a file's storage key) and
 * the read model's copies are left out; private notes are counted, not exported.
 */
const kindQueries: Record<Exclude<ExportKind, 'files'>, (subject: ExportSubject) => SQL> = {
  contact: (s) => sql`select p.id, p.first_name, p.last_name, p.gender, p.dob_month, p.dob_year, p.email, p.email_is_verified, p.phone,
      p.address_formatted, p.address_street, p.address_city, p.address_state, p.address_postcode, p.address_country,
      p.religion, p.religion_other, p.marital_status, p.member_status, p.source, p.source_other, p.grow_phase, p.social,
      p.is_visitor, p.expect_follow_up, p.expect_follow_up_completed, p.expect_bible_study, p.expect_bible_study_completed,
      p.expect_baptism, p.expect_baptism_completed,
      p.parent_carer_first_name, p.parent_carer_last_name, p.parent_carer_relationship, p.parent_carer_email, p.parent_carer_phone,
      p.consent_type, p.consent_date, p.consent_content, p.consent_declined, p.parental_consent_declined,
      p.consent_url_sent_at, p.consent_url_sent_to, p.consent_url_viewed_at, p.consent_url_submitted_at,
      p.created_at, p.updated_at
    from people p where p.id = ${s.personId}`,
  teams: (s) => sql`select t.title as team, tc.is_owner, tc.state, tc.archived_at, tc.access_from, tc.access_to,
      ${fullName('added')} as added_by, tc.created_at
    from team_contacts tc join teams t on t.id = tc.team_id left join people added on added.id = tc.added_by_id
    where tc.person_id = ${s.personId} and ${inTeams(sql`tc.team_id`, s)} order by tc.created_at, tc.id`,
  interactions: (s) => sql`select i.id, t.title as team, i.type, i.type_other, i.date, i.time, i.content, i.is_completed, i.completed_at,
      i.grow_phase, i.source, i.bible_study, i.bible_study_other, i.reaction, ev.title as event,
      ${fullName('by_person')} as by_person, ${fullName('author')} as author,
      i.contact_id <> ${s.personId} as with_another_contact, i.created_at
    from interactions i join teams t on t.id = i.team_id
      left join people by_person on by_person.id = i.by_person_id left join people author on author.id = i.author_id
      left join events ev on ev.id = i.event_id
    where (i.contact_id = ${s.personId}
        or exists (select 1 from interaction_people ip where ip.interaction_id = i.id and ip.person_id = ${s.personId}))
      and ${inTeams(sql`i.team_id`, s)}
    order by i.date, i.id`,
  notes: (s) => sql`select n.id, t.title as team, n.content, n.is_public, ${fullName('author')} as author, n.created_at, n.updated_at
    from notes n join teams t on t.id = n.team_id left join people author on author.id = n.author_id
    where n.contact_id = ${s.personId} and not n.is_encrypted and ${inTeams(sql`n.team_id`, s)} order by n.created_at, n.id`,
  contact_events: (s) => sql`select e.id, t.title as team, e.type, e.kind, e.date, e.grow_phase, e.member_status, e.content,
      ${fullName('author')} as author, e.created_at
    from contact_events e join teams t on t.id = e.team_id left join people author on author.id = e.author_id
    where e.contact_id = ${s.personId} and ${inTeams(sql`e.team_id`, s)} order by e.date, e.id`,
  attendance: (s) => sql`select a.id, t.title as team, ev.title as event, a.event_date, a.is_visitor, a.notes, a.created_at
    from event_attendance a join events ev on ev.id = a.event_id join teams t on t.id = a.team_id
    where a.person_id = ${s.personId} and ${inTeams(sql`a.team_id`, s)} order by a.event_date, a.id`,
  relationships: (s) => sql`select r.id, t.title as team, r.relationship_type,
      case when r.contact_id = ${s.personId} then 'to' else 'from' end as direction,
      related.id as related_contact_id, ${fullName('related')} as related_name, related.dob_year as related_dob_year,
      related.dob_month as related_dob_month, r.created_at
    from contact_relationships r join teams t on t.id = r.team_id
      join people related on related.id = case when r.contact_id = ${s.personId} then r.related_id else r.contact_id end
    where (r.contact_id = ${s.personId} or r.related_id = ${s.personId}) and ${inTeams(sql`r.team_id`, s)} order by r.created_at, r.id`,
  interests: (s) => sql`select i.interest, i.interest_other, i.created_at from contact_interests i
    where i.person_id = ${s.personId} order by i.created_at, i.id`,
  assignments: (s) => sql`select a.id, t.title as team, ${fullName('to_person')} as assigned_to, ${fullName('by_person')} as assigned_by,
      a.first_response_at, a.first_completed_at, a.created_at
    from assignments a join teams t on t.id = a.team_id
      left join people to_person on to_person.id = a.to_person_id left join people by_person on by_person.id = a.by_person_id
    where a.contact_id = ${s.personId} and ${inTeams(sql`a.team_id`, s)} order by a.created_at, a.id`,
  groups: (s) => sql`select g.title as "group", t.title as team, gc.created_at
    from group_contacts gc join teams g on g.id = gc.group_id join teams t on t.id = g.parent_id
    where gc.person_id = ${s.personId} and ${inTeams(sql`g.parent_id`, s)} order by gc.created_at, gc.id`,
  consent_records: (s) => sql`select c.id, t.title as team, c.type, c.by_name, c.by_relationship, c.by_email, c.by_phone, c.notes,
      c.consent_date, c.granted_permissions, c.denied_permissions,
      c.signature_file_id is not null as has_signature, c.photo_file_id is not null as has_photo,
      ${fullName('recorded_by')} as recorded_by, c.revoked_at, c.created_at
    from parental_consents c left join teams t on t.id = c.team_id left join people recorded_by on recorded_by.id = c.recorded_by_id
    where c.contact_id = ${s.personId} and (c.team_id is null or ${inTeams(sql`c.team_id`, s)}) order by c.created_at, c.id`,
  consent_requests: (s) => sql`select r.id, t.title as team, r.purpose, r.status, r.sent_to, r.sent_at, r.viewed_at, r.submitted_at,
      r.expires_at, r.created_at
    from consent_requests r join teams t on t.id = r.team_id
    where r.contact_id = ${s.personId} and ${inTeams(sql`r.team_id`, s)} order by r.created_at, r.id`,
  transfers: (s) => sql`select tr.id, from_team.title as from_team, to_team.title as to_team, tr.date, tr.is_processed, tr.processed_at, tr.created_at
    from transfers tr left join teams from_team on from_team.id = tr.from_team_id left join teams to_team on to_team.id = tr.to_team_id
    where (tr.person_id = ${s.personId} or exists (select 1 from transfer_contacts tc where tc.transfer_id = tr.id and tc.contact_id = ${s.personId}))
      and (${inTeams(sql`tr.from_team_id`, s)} or ${inTeams(sql`tr.to_team_id`, s)})
    order by tr.created_at, tr.id`,
  imports: (s) => sql`select u.title as import, u.date, r.row, r.is_processed, r.processed_at, r.created_at
    from user_import_rows r join user_imports u on u.id = r.import_id
    where r.person_id = ${s.personId} order by r.created_at, r.id`,
  merges: (s) => sql`select m.other_contact_id as merged_record_id, m.created_at as merged_at, m.undone_at
    from contact_merges m where m.contact_id = ${s.personId} order by m.created_at, m.id`,
  activity: (s) => sql`select a.id, t.title as team, a.subject_type, a.action, a.before, a.after, ${fullName('author')} as author, a.created_at
    from activity_log a left join teams t on t.id = a.team_id left join people author on author.id = a.author_id
    where a.contact_id = ${s.personId} and (a.team_id is null or ${inTeams(sql`a.team_id`, s)}) order by a.created_at, a.id`,
  notifications: (s) => sql`select n.id, t.title as team, n.kind, n.params, n.content, n.level, n.date, n.created_at
    from notifications n left join teams t on t.id = n.team_id
    where n.associated_person_id = ${s.personId} and (n.team_id is null or ${inTeams(sql`n.team_id`, s)}) order by n.created_at, n.id`,
}

/** The records of one kind, as rows of plain values (timestamps as ISO texts), and its columns. */
export async function recordsOf(db: Executor, kind: Exclude<ExportKind, 'files'>, subject: ExportSubject): Promise<{ rows: ExportRow[]; columns: string[] }> {
  const query = kindQueries[kind](subject)
  const rows = rowsOf<{ row: ExportRow }>(await db.execute(sql`select to_jsonb(k.*) as row from (${query}) as k`)).map((row) => row.row)
  if (rows.length > 0) return { rows, columns: Object.keys(rows[0]!) }
  // A kind with nothing recorded still names its columns (a CSV's header row), as the query does.
  const empty = (await db.execute(sql`select * from (${query}) as k limit 0`)) as unknown as { fields: { name: string }[] }
  return { rows, columns: empty.fields.map((field) => field.name) }
}

/** How many private notes of the teams the export leaves out: their text is ciphertext only their authors can read. */
export async function privateNotesLeftOut(db: Executor, subject: ExportSubject): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(
      sql`select count(*)::int as count from notes where contact_id = ${subject.personId} and is_encrypted and ${inTeams(sql`team_id`, subject)}`,
    ),
  )
  return row?.count ?? 0
}
