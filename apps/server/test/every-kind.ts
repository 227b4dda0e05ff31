import { sql } from 'drizzle-orm'
import { rowsOf } from '../src/db/client'
import { storedFileTypes } from '../src/platform/file-types'
import { readStoredFile, saveFile } from '../src/platform/files'
import { addMember, buildPerson, buildTeam, type TestApp, type TestPerson } from './harness'
import { addToTeam, assignContact, buildChurch, buildContact, type Church } from './contact-factories'
import { pngWithGps } from './image-fixtures'

/** A contact with one record of every kind the product keeps about a person (issue 40 §2's export and erasure). */
export interface EveryKind {
  c: Church
  churchTitle: string
  /** A second church sharing the contact, where the church's owner is not a member. */
  otherChurch: number
  person: number
  email: string
  /** Another contact of the church, the person's sibling. */
  ruth: number
  /** Somebody in no team of the contact. */
  stranger: TestPerson
  /** The photo as stored (location metadata removed). */
  photoBytes: Buffer
  privateNoteCiphertext: string
  consentKeyHash: string
}

let sequence = 0

/**
 * Zebedee Quarrington (a name found nowhere else) at a church, shared with a second one, with
 * a row of every kind naming him: interactions (his own, a group visit of another contact's,
 * one of the other church), a note and a private note, a decision, attendance, a
 * relationship, an interest, an assignment, a group, a consent record with its photo, a
 * consent request, a transfer, an import, a record merged into his, activity, a notification,
 * a mail about him, and his name in his sibling's activity.
 */
export async function buildPersonWithEveryKind(t: TestApp): Promise<EveryKind> {
  sequence += 1
  const run = (statement: ReturnType<typeof sql>) => t.db.execute(statement)
  const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await run(statement))
  const churchTitle = `Hope Street ${sequence} ${Date.now()}`
  const c = await buildChurch(t, { title: churchTitle })
  const otherChurch = await buildTeam(t, { kind: 'team', parentId: c.conference, title: `Riverside ${sequence} ${Date.now()}` })
  const stranger = await buildPerson(t)
  const store = (teamId: number) =>
    t.db.transaction((tx) =>
      saveFile(t, tx, { bytes: pngWithGps().bytes, field: 'file', accept: storedFileTypes, maxSize: 1024 * 1024, teamId, uploadedById: null }),
    )
  const photo = await store(c.church)
  const consentPhoto = await store(c.church)
  const email = `zebedee${sequence}@example.net`
  const person = await buildContact(t, {
    teamId: c.church,
    person: {
      first_name: 'Zebedee',
      last_name: 'Quarrington',
      email,
      phone: '+61412999888',
      dob_year: 1990,
      dob_month: 5,
      address_formatted: '12 Vine St, Hope; NSW',
      address_street: '12 Vine St',
      address_city: 'Hope, North',
      address_state: 'NSW',
      address_postcode: '2000',
      address_country: 'Australia',
      avatar_file_id: photo.id,
    },
  })
  await addToTeam(t, person, { teamId: otherChurch, isOwner: false })
  const ruth = await buildContact(t, { teamId: c.church, person: { first_name: 'Ruth', last_name: 'Mensah' } })

  await run(sql`insert into interactions (contact_id, team_id, type, date, occurs_at, is_completed, content) values
    (${person}, ${c.church}, 'visit', '2026-10-01', '2026-10-01T10:00:00Z', true, 'Visited at home'),
    (${person}, ${otherChurch}, 'visit', '2026-10-03', '2026-10-03T10:00:00Z', true, 'Met at the other church')`)
  const [group] = await rows<{ id: number }>(sql`insert into interactions (contact_id, team_id, type, date, occurs_at, content)
    values (${ruth}, ${c.church}, 'phone-call', '2026-10-02', '2026-10-02T10:00:00Z', 'Bible study at Ruth''s') returning id`)
  await run(sql`insert into interaction_people (interaction_id, person_id) values (${group!.id}, ${person})`)
  const privateNoteCiphertext = `v1:ciphertext-${sequence}-${Date.now()}`
  await run(sql`insert into notes (contact_id, team_id, content, author_id, is_encrypted, is_public) values
    (${person}, ${c.church}, 'Prays for the harvest', ${c.owner.id}, false, true),
    (${person}, ${c.church}, ${privateNoteCiphertext}, ${c.leader.id}, true, false)`)
  await run(sql`insert into contact_events (contact_id, team_id, type, kind, date) values (${person}, ${c.church}, 'baptism', 'decision', '2026-09-01')`)
  const [event] = await rows<{ id: number }>(
    sql`insert into events (team_id, title, start_date, end_date, is_all_day) values (${c.church}, 'Sunday service', '2026-11-01', '2026-11-01', true) returning id`,
  )
  await run(sql`insert into event_attendance (event_id, team_id, event_date, person_id) values (${event!.id}, ${c.church}, '2026-11-01', ${person})`)
  await run(sql`insert into contact_relationships (team_id, contact_id, related_id, relationship_type) values (${c.church}, ${person}, ${ruth}, 'sibling')`)
  await run(sql`insert into contact_interests (person_id, interest) values (${person}, 'music')`)
  await assignContact(t, { teamId: c.church, contactId: person, toId: c.leader.id })
  const choir = await buildTeam(t, { kind: 'group', parentId: c.church, title: `Choir ${sequence}` })
  await run(sql`insert into group_contacts (group_id, person_id) values (${choir}, ${person})`)
  await run(sql`insert into parental_consents (contact_id, team_id, type, by_name, consent_date, photo_file_id)
    values (${person}, ${c.church}, 'photo', 'Mary Quarrington', '2026-01-05', ${consentPhoto.id})`)
  const consentKeyHash = `key-hash-${sequence}-${Date.now()}`
  await run(sql`insert into consent_requests (contact_id, team_id, purpose, key_hash, expires_at)
    values (${person}, ${c.church}, 'contact_update', ${consentKeyHash}, '2027-01-01T00:00:00Z')`)
  const conference2 = await buildTeam(t, { kind: 'conference' })
  const church2 = await buildTeam(t, { kind: 'team', parentId: conference2 })
  const [transfer] = await rows<{ id: number }>(sql`insert into transfers (from_conference_id, to_conference_id, from_team_id, to_team_id, person_id, date)
    values (${c.conference}, ${conference2}, ${c.church}, ${church2}, ${c.leader.id}, '2026-12-01') returning id`)
  await run(sql`insert into transfer_contacts (transfer_id, contact_id, state) values (${transfer!.id}, ${person}, 'move')`)
  const [userImport] = await rows<{ id: number }>(sql`insert into user_imports (team_id, title) values (${c.conference}, 'Camp 2026') returning id`)
  await run(sql`insert into user_import_rows (import_id, person_id, row, is_new, team_id, is_processed, conference_id, sort_name, name_words, search_text)
    values (${userImport!.id}, ${person}, 1, true, ${c.church}, false, ${c.conference}, 'quarrington zebedee', 'quarrington zebedee', 'zebedee quarrington')`)
  const [tombstone] = await rows<{ id: number }>(
    sql`insert into people (first_name, last_name, merged_into_id) values ('Zeb', 'Quarrington', ${person}) returning id`,
  )
  await run(sql`insert into contact_merges (contact_id, other_contact_id, team_id, undo_until) values (${person}, ${tombstone!.id}, ${c.church}, now())`)
  await run(sql`insert into activity_log (team_id, subject_type, contact_id, action) values (${c.church}, 'user', ${person}, 'add')`)
  await run(sql`insert into activity_log (team_id, subject_type, contact_id, action, after) values (${c.church}, 'user_relationship', ${ruth}, 'add',
    ${JSON.stringify({ related_user_id: person, user_name: 'Zebedee Quarrington', relationship_type: 'sibling' })}::jsonb)`)
  await run(
    sql`insert into notifications (level, team_id, recipient_user_id, content, associated_person_id) values ('team', ${c.church}, ${c.owner.id}, 'Zebedee Quarrington joined the choir', ${person})`,
  )
  await run(sql`insert into mail_outbox (to_address, subject, text_body, template) values
    (${c.leader.email}, 'Contacts to follow up', 'Zebedee Quarrington has had no visit for a month.', 'missed-interaction-rule')`)
  await addMember(t, stranger.id, conference2, 'member')

  const photoBytes = (await readStoredFile(t, t.db, photo.id)).bytes
  return { c, churchTitle, otherChurch, person, email, ruth, stranger, photoBytes, privateNoteCiphertext, consentKeyHash }
}
