import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContactMerge, ContactMergePreview, PossibleDuplicate, UndoableMerge } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { refreshInteractionReadModel } from '../../platform/read-model'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, assignContact, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { storedFileTypes } from '../../platform/file-types'
import { saveFile } from '../../platform/files'
import { pngWithGps } from '../../../test/image-fixtures'
import { clearEndedMerges } from './duplicates.jobs'
import { notMoved, personColumns } from './merge-moves'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

/** A stored photo of the church, as an upload leaves it. */
async function storedPhoto(teamId: number): Promise<number> {
  const saved = await t.db.transaction((tx) =>
    saveFile(t, tx, { bytes: pngWithGps().bytes, field: 'file', accept: storedFileTypes, maxSize: 1024 * 1024, teamId, uploadedById: null }),
  )
  return saved.id
}

/** What a job is given: the database, the configuration and the test's clock. */
const jobDeps = () => ({ db: t.db, config: t.config, now: t.clock.now })

const run = (statement: ReturnType<typeof sql>) => t.db.execute(statement)
const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await run(statement))

/**
 * Every row of every table that names either person, as text without updated_at (undo writes
 * rows back; when it did is not what it restores), sorted: the tables as a person would compare them.
 */
async function snapshot(ids: readonly number[]): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {}
  const tablesAndColumns = [
    ...personColumns.map((move) => [move.table, move.table === 'people' ? ['id', ...move.columns] : move.columns] as const),
    ['contact_duplicate_dismissals', ['contact_id', 'other_contact_id']] as const,
  ]
  for (const [table, columns] of tablesAndColumns) {
    const where = sql.raw(columns.map((column) => `"${column}" in (${ids.join(', ')})`).join(' or '))
    const found = await rows<{ row: string }>(
      sql`select (to_jsonb(t.*) - 'updated_at')::text as row from ${sql.raw(`"${table}"`)} as t where ${where} order by 1`,
    )
    tables[table] = found.map((row) => row.row)
  }
  return tables
}

async function merge(token: string, teamId: number, keptId: number, otherId: number, fromOther: string[] = []) {
  return post(t, 'merge-contacts', token, { team_id: teamId, contact_id: keptId, other_contact_id: otherId, from_other: fromOther })
}

/** A church's event on a day, for attendance. */
async function buildEvent(teamId: number): Promise<number> {
  const [event] = await rows<{ id: number }>(
    sql`insert into events (team_id, title, start_date, end_date, is_all_day) values (${teamId}, 'Sunday service', '2026-11-01', '2026-11-01', true) returning id`,
  )
  return event!.id
}

interface World {
  c: Church
  c2: number
  kept: number
  other: number
  third: number
  fourth: number
  tombstone: number
}

/**
 * Two records of Esther at Hope Street, the other one also held by a second church of the same
 * owner, and one row of every kind naming the other record: some the kept one has the like of
 * (a group, an attendance, a relationship with the same person), some its own.
 */
async function buildWorld(): Promise<World> {
  const c = await buildChurch(t)
  const c2 = await buildTeam(t, { kind: 'team', parentId: c.conference, title: `Riverside ${Date.now()}` })
  await addMember(t, c.owner.id, c2, 'owner')
  const kept = await buildContact(t, {
    teamId: c.church,
    archived: true,
    person: { first_name: 'Esther', last_name: 'Adeyemi', phone: '+61412000111', member_status: 'member', gender: 'female' },
  })
  const other = await buildContact(t, {
    teamId: c.church,
    isOwner: false,
    person: {
      first_name: 'Esther',
      last_name: 'Adeyemi-Cole',
      email: 'esther@example.net',
      phone: '+61412000222',
      member_status: 'member',
      gender: 'female',
      expect_follow_up: true,
    },
  })
  await addToTeam(t, other, { teamId: c2, isOwner: true })
  const third = await buildContact(t, { teamId: c.church, person: { first_name: 'Grace', last_name: 'Okafor' } })
  const fourth = await buildContact(t, { teamId: c.church, person: { first_name: 'Ruth', last_name: 'Mensah' } })
  // A record merged into the other one before: it follows on to the kept one.
  const [tomb] = await rows<{ id: number }>(sql`insert into people (first_name, last_name, merged_into_id) values ('Esta', 'Adeyemi', ${other}) returning id`)

  // Interactions: the other's own, and one of Grace's naming both records.
  await run(
    sql`insert into interactions (contact_id, team_id, type, date, occurs_at, is_completed) values (${other}, ${c.church}, 'visit', '2026-10-01', '2026-10-01T10:00:00Z', true)`,
  )
  const [shared] = await rows<{ id: number }>(
    sql`insert into interactions (contact_id, team_id, type, date, occurs_at) values (${third}, ${c.church}, 'call', '2026-10-02', '2026-10-02T10:00:00Z') returning id`,
  )
  await run(sql`insert into interaction_people (interaction_id, person_id) values (${shared!.id}, ${other}), (${shared!.id}, ${kept})`)
  await run(sql`insert into notes (contact_id, team_id, content, author_id) values (${other}, ${c.church}, 'Loves the choir', ${c.owner.id})`)
  await run(sql`insert into contact_events (contact_id, team_id, type, kind, date) values (${other}, ${c.church}, 'baptism', 'decision', '2026-09-01')`)
  const event = await buildEvent(c.church)
  await run(sql`insert into event_attendance (event_id, team_id, event_date, person_id) values
    (${event}, ${c.church}, '2026-11-01', ${other}), (${event}, ${c.church}, '2026-11-01', ${kept}), (${event}, ${c.church}, '2026-11-08', ${other})`)
  // Relationships: between the two records (one person twice), with Grace on both (a repeat), with Ruth.
  await run(sql`insert into contact_relationships (team_id, contact_id, related_id, relationship_type) values
    (${c.church}, ${other}, ${kept}, 'sibling'), (${c.church}, ${other}, ${third}, 'friend'), (${c.church}, ${third}, ${kept}, 'friend'),
    (${c.church}, ${fourth}, ${other}, 'friend')`)
  await run(sql`insert into dismissed_inferred_relationships (team_id, contact_id, related_id) values (${c.church}, ${other}, ${fourth})`)
  // Groups: one both are in, one only the other is in.
  const both = await buildTeam(t, { kind: 'group', parentId: c.church })
  const own = await buildTeam(t, { kind: 'group', parentId: c.church })
  await run(sql`insert into group_contacts (group_id, person_id) values (${both}, ${other}), (${both}, ${kept}), (${own}, ${other})`)
  // Assignments: the same leader on both records, and a member on the other only.
  await assignContact(t, { teamId: c.church, contactId: other, toId: c.leader.id })
  await assignContact(t, { teamId: c.church, contactId: kept, toId: c.leader.id })
  await assignContact(t, { teamId: c.church, contactId: other, toId: c.member.id })
  await run(sql`insert into contact_interests (person_id, interest) values (${other}, 'music'), (${kept}, 'music'), (${other}, 'youth')`)
  await run(
    sql`insert into parental_consents (contact_id, team_id, type, by_name, consent_date) values (${other}, ${c.church}, 'direct', 'Mary Adeyemi', '2026-01-05')`,
  )
  await run(
    sql`insert into consent_requests (contact_id, team_id, purpose, key_hash, expires_at) values (${other}, ${c.church}, 'parental', ${`hash-${other}`}, '2027-01-01T00:00:00Z')`,
  )
  await run(sql`insert into activity_log (team_id, subject_type, contact_id, action) values (${c.church}, 'user', ${other}, 'add')`)
  await run(sql`insert into notifications (level, content, associated_person_id) values ('global', 'Esther joined the choir', ${other})`)
  // "Not the same person": the other record and Ruth.
  await run(sql`insert into contact_duplicate_dismissals (contact_id, other_contact_id) values (${Math.min(other, fourth)}, ${Math.max(other, fourth)})`)
  // The lists' interaction columns, as the interactions feature leaves them.
  await refreshInteractionReadModel(t.db, [kept, other, third, fourth], t.clock.now())
  return { c, c2, kept, other, third, fourth, tombstone: tomb!.id }
}

describe('POST /api/v1/merge-contacts and undo-contact-merge (issue 40 §1)', () => {
  it('moves every kind of record to the kept contact, and undo puts every table back as it was', async () => {
    const w = await buildWorld()
    const { c, kept, other } = w
    const before = await snapshot([kept, other])

    const response = await merge(c.owner.token, c.church, kept, other, ['name'])
    expect(response.statusCode, response.body).toBe(200)
    const merged = body<ContactMerge>(response)
    expect(merged).toMatchObject({ contact_id: kept, other_contact_id: other, undo_until: expect.stringMatching(/^\d{4}-/) })

    // No row of any table names the other record any more.
    for (const move of personColumns) {
      for (const column of move.columns) {
        const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(`"${move.table}"`)} where ${sql.raw(`"${column}"`)} = ${other}`)
        expect(left!.n, `${move.table}.${column}`).toBe(0)
      }
    }
    // The kept record's fields: the other's name (chosen), its email (the kept one had none),
    // the kept one's phone (not chosen), a follow-up expected on either.
    const [person] = await rows<Record<string, unknown>>(sql`select first_name, last_name, email, phone, expect_follow_up from people where id = ${kept}`)
    expect(person).toEqual({ first_name: 'Esther', last_name: 'Adeyemi-Cole', email: 'esther@example.net', phone: '+61412000111', expect_follow_up: true })
    const [tomb] = await rows<{ merged_into_id: number }>(sql`select merged_into_id from people where id = ${other}`)
    expect(tomb!.merged_into_id).toBe(kept)
    const [earlier] = await rows<{ merged_into_id: number }>(sql`select merged_into_id from people where id = ${w.tombstone}`)
    expect(earlier!.merged_into_id).toBe(kept)

    // Repeats and a relation to oneself are gone; the rest moved.
    const relationships = await rows<{ contact_id: number; related_id: number }>(
      sql`select contact_id, related_id from contact_relationships where ${kept} in (contact_id, related_id) order by id`,
    )
    expect(relationships).toEqual([
      { contact_id: w.third, related_id: kept },
      { contact_id: w.fourth, related_id: kept },
    ])
    const attendance = await rows<{ event_date: string }>(sql`select event_date::text from event_attendance where person_id = ${kept} order by event_date`)
    expect(attendance.map((row) => row.event_date)).toEqual(['2026-11-01', '2026-11-08'])
    const groups = await rows<{ n: number }>(sql`select count(*)::int as n from group_contacts where person_id = ${kept}`)
    expect(groups[0]!.n).toBe(2)
    const assigned = await rows<{ to_person_id: number }>(sql`select to_person_id from assignments where contact_id = ${kept} order by to_person_id`)
    expect(assigned.map((row) => row.to_person_id)).toEqual([c.leader.id, c.member.id].sort((a, b) => a - b))
    const interests = await rows<{ interest: string }>(sql`select interest from contact_interests where person_id = ${kept} order by interest`)
    expect(interests.map((row) => row.interest)).toEqual(['music', 'youth'])
    const inInteraction = await rows<{ n: number }>(sql`select count(*)::int as n from interaction_people where person_id = ${kept}`)
    expect(inInteraction[0]!.n).toBe(1)
    // Hope Street holds the kept record active and owned (the other's standing was active); the
    // second church now shares it, since the kept record already has an owning church.
    const held = await rows<{ team_id: number; is_owner: boolean; archived: boolean; state: string }>(
      sql`select team_id, is_owner, archived_at is not null as archived, state from team_contacts where person_id = ${kept} order by team_id`,
    )
    expect(held).toEqual([
      { team_id: c.church, is_owner: true, archived: false, state: 'active' },
      { team_id: w.c2, is_owner: false, archived: false, state: 'active' },
    ])
    // "Not the same person" said of the other record is said of the kept one.
    const dismissed = await rows<{ n: number }>(
      sql`select count(*)::int as n from contact_duplicate_dismissals where contact_id = ${Math.min(kept, w.fourth)} and other_contact_id = ${Math.max(kept, w.fourth)}`,
    )
    expect(dismissed[0]!.n).toBe(1)
    // The kept record's activity says so; the read model lists it under its new name.
    const [logged] = await rows<{ subject_type: string; after: unknown }>(
      sql`select subject_type, after from activity_log where contact_id = ${kept} and subject_type = 'contact_merge'`,
    )
    expect(logged).toEqual({ subject_type: 'contact_merge', after: { merge_id: merged.id, other_contact_id: other, other_name: 'Esther Adeyemi-Cole' } })
    const [listed] = await rows<{ sort_name: string; last_interaction_at: Date | null }>(
      sql`select sort_name, last_interaction_at from team_contacts where person_id = ${kept} and team_id = ${c.church}`,
    )
    expect(listed!.sort_name).toBe('esther adeyemi-cole')
    expect(listed!.last_interaction_at).not.toBeNull()

    // The other's old link opens the kept record; the pair is no longer a possible duplicate.
    const opened = await get(t, `contact/${other}`, c.owner.token, { team_id: c.church, group_id: c.church })
    expect(opened.statusCode).toBe(404)
    expect(body(opened)).toMatchObject({ code: 'contact_merged', data: { contact_id: kept } })
    const pairs = body<{ items: PossibleDuplicate[] }>(await get(t, 'possible-duplicates', c.owner.token, { team_id: c.church })).items
    expect(pairs.some((pair) => [pair.contact.id, pair.other_contact.id].includes(other))).toBe(false)
    const undoable = body<{ data: UndoableMerge[] }>(await get(t, 'contact-merges', c.owner.token, { team_id: c.church, contact_id: kept })).data
    expect(undoable).toEqual([{ ...merged, other_name: 'Esther Adeyemi-Cole', created_at: expect.any(String) }])

    // Undo: every table as it was.
    const undone = await post(t, 'undo-contact-merge', c.owner.token, { team_id: c.church, merge_id: merged.id })
    expect(undone.statusCode, undone.body).toBe(200)
    expect(await snapshot([kept, other])).toEqual({ ...before, activity_log: expect.any(Array) })
    // Beside the activity, which keeps both the merge and its undoing.
    const activity = (await snapshot([kept, other])).activity_log!
    expect(activity.filter((row) => row.includes('"contact_merge"'))).toHaveLength(2)
    expect(activity.filter((row) => !row.includes('"contact_merge"'))).toEqual(before.activity_log)
    expect(body<{ data: UndoableMerge[] }>(await get(t, 'contact-merges', c.owner.token, { team_id: c.church, contact_id: kept })).data).toEqual([])
    // Asked again, the undo answers the same; the other record opens again.
    expect((await post(t, 'undo-contact-merge', c.owner.token, { team_id: c.church, merge_id: merged.id })).statusCode).toBe(200)
    const reopened = await get(t, `contact/${other}`, c.owner.token, { team_id: c.church, group_id: c.church })
    expect(reopened.statusCode, reopened.body).toBe(200)
  })

  it('answers the same merge when asked again or twice at once; the opposite merge at once finds nothing', async () => {
    const c = await buildChurch(t)
    const a = await buildContact(t, { teamId: c.church, person: { first_name: 'Joy', last_name: 'Eze' } })
    const b = await buildContact(t, { teamId: c.church, person: { first_name: 'Joy', last_name: 'Eze' } })
    const [first, second] = await Promise.all([merge(c.owner.token, c.church, a, b), merge(c.owner.token, c.church, a, b)])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(body<ContactMerge>(first).id).toBe(body<ContactMerge>(second).id)
    expect((await merge(c.owner.token, c.church, a, b)).statusCode).toBe(200)
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from contact_merges where other_contact_id = ${b}`)
    expect(count!.n).toBe(1)

    const x = await buildContact(t, { teamId: c.church, person: { first_name: 'Ben', last_name: 'Udo' } })
    const y = await buildContact(t, { teamId: c.church, person: { first_name: 'Ben', last_name: 'Udo' } })
    const answers = await Promise.all([merge(c.owner.token, c.church, x, y), merge(c.owner.token, c.church, y, x)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
  })

  it('refuses, changing nothing: a record that signs in merged away, a team the caller does not act for, another team, one record twice', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { first_name: 'Paul', last_name: 'Ade' } })
    // A member of the church is also its contact: their record is the one to keep.
    const user = await buildPerson(t, { firstName: 'Paul', lastName: 'Ade' })
    await addToTeam(t, user.id, { teamId: c.church })
    // Shared with a church whose owner is someone else.
    const elsewhere = await buildChurch(t, { conference: c.conference, title: 'Elsewhere Chapel' })
    const shared = await buildContact(t, { teamId: c.church, person: { first_name: 'Paula', last_name: 'Ade' } })
    await addToTeam(t, shared, { teamId: elsewhere.church, isOwner: false })
    const notHere = await buildContact(t, { teamId: elsewhere.church })
    const before = await snapshot([contact, user.id, shared, notHere])

    const signsIn = await merge(c.owner.token, c.church, contact, user.id)
    expect(signsIn.statusCode).toBe(409)
    expect(body(signsIn)).toMatchObject({ code: 'merge_has_account', data: { name: 'Paul Ade' } })
    const otherTeam = await merge(c.owner.token, c.church, contact, shared)
    expect(otherTeam.statusCode).toBe(409)
    expect(body(otherTeam)).toMatchObject({ code: 'merge_other_team', data: { teams: ['Elsewhere Chapel'] } })
    expect((await merge(c.owner.token, c.church, contact, notHere)).statusCode).toBe(404)
    expect((await merge(c.owner.token, c.church, user.id, user.id)).statusCode).toBe(404)
    // A leader may not remove contacts, so may not merge them.
    expect((await merge(c.leader.token, c.church, contact, user.id)).statusCode).toBe(403)
    expect(await snapshot([contact, user.id, shared, notHere])).toEqual(before)

    // The conference's staff act for both churches.
    const staff = await buildPerson(t)
    await addMember(t, staff.id, c.conference, 'entity_admin')
    expect((await merge(staff.token, c.conference, contact, shared)).statusCode).toBe(200)
  })

  it('is undone only within 30 days', async () => {
    const c = await buildChurch(t)
    const a = await buildContact(t, { teamId: c.church })
    const b = await buildContact(t, { teamId: c.church })
    const merged = body<ContactMerge>(await merge(c.owner.token, c.church, a, b))
    await run(sql`update contact_merges set undo_until = now() - interval '1 minute' where id = ${merged.id}`)
    const late = await post(t, 'undo-contact-merge', c.owner.token, { team_id: c.church, merge_id: merged.id })
    expect(late.statusCode).toBe(410)
    expect(body(late).code).toBe('expired')
    expect(body<{ data: UndoableMerge[] }>(await get(t, 'contact-merges', c.owner.token, { team_id: c.church, contact_id: a })).data).toEqual([])
  })
})

describe('the daily clearing of merges whose undo has ended', () => {
  it("keeps the old link working and forgets the merged-away record's details, its own photo and what undo needed", async () => {
    const c = await buildChurch(t)
    const keptPhoto = await storedPhoto(c.church)
    const otherPhoto = await storedPhoto(c.church)
    const a = await buildContact(t, { teamId: c.church, person: { first_name: 'Ada', last_name: 'Nwosu', avatar_file_id: keptPhoto } })
    const b = await buildContact(t, {
      teamId: c.church,
      person: { first_name: 'Adaeze', last_name: 'Nwosu', email: 'ada@example.org', avatar_file_id: otherPhoto, is_visitor: true },
    })
    // The file's earlier merges whose undo ended are cleared first: this one is then the only one.
    await clearEndedMerges(jobDeps())
    const merged = body<ContactMerge>(await merge(c.owner.token, c.church, a, b))
    // Not yet: the merge can still be undone.
    expect(await clearEndedMerges(jobDeps())).toBeUndefined()
    await run(sql`update contact_merges set undo_until = ${new Date(t.clock.now().getTime() - 60_000)} where id = ${merged.id}`)
    expect(await clearEndedMerges(jobDeps())).toBe('cleared 1 ended merge')
    expect(await clearEndedMerges(jobDeps())).toBeUndefined()

    const [tombstone] = await rows<Record<string, unknown>>(
      sql`select first_name, last_name, email, avatar_file_id, is_visitor, merged_into_id from people where id = ${b}`,
    )
    expect(tombstone).toEqual({ first_name: '', last_name: '', email: null, avatar_file_id: null, is_visitor: false, merged_into_id: a })
    const [record] = await rows<{ undo: unknown }>(sql`select undo from contact_merges where id = ${merged.id}`)
    expect(record!.undo).toBeNull()
    const photos = await rows<{ id: number }>(sql`select id from files where id in (${keptPhoto}, ${otherPhoto})`)
    expect(photos.map((photo) => photo.id)).toEqual([keptPhoto])
    const opened = await get(t, `contact/${b}`, c.owner.token, { team_id: c.church, group_id: c.church })
    expect(body(opened)).toMatchObject({ code: 'contact_merged', data: { contact_id: a } })
    expect((await post(t, 'undo-contact-merge', c.owner.token, { team_id: c.church, merge_id: merged.id })).statusCode).toBe(410)
  })
})

describe('GET /api/v1/contact-merge-preview', () => {
  it('shows both records with what moves, and only the fields both have and differ in', async () => {
    const c = await buildChurch(t)
    const a = await buildContact(t, {
      teamId: c.church,
      person: { first_name: 'Mary', last_name: 'Obi', email: 'mary@example.org', phone: '+61412333000', member_status: 'member' },
    })
    const b = await buildContact(t, {
      teamId: c.church,
      person: { first_name: 'Mary', last_name: 'Obi', email: 'mary.obi@example.org', member_status: 'visitor', dob_year: 1980 },
    })
    await run(sql`insert into notes (contact_id, team_id, content) values (${b}, ${c.church}, 'First visit'), (${b}, ${c.church}, 'Second visit')`)
    const response = await get(t, 'contact-merge-preview', c.owner.token, { team_id: c.church, contact_id: a, other_contact_id: b })
    expect(response.statusCode, response.body).toBe(200)
    const preview = body<ContactMergePreview>(response)
    expect(preview.contact).toMatchObject({ id: a, name: 'Mary Obi', has_account: false, counts: { notes: 0 } })
    expect(preview.other_contact.counts).toEqual({ interactions: 0, notes: 2, events: 0, attendance: 0, relationships: 0 })
    expect(preview.choices).toEqual([
      { group: 'email', contact: { email: 'mary@example.org' }, other_contact: { email: 'mary.obi@example.org' } },
      { group: 'member_status', contact: { member_status: 'member' }, other_contact: { member_status: 'visitor' } },
    ])
  })
})

describe('the merge moves every column that names a person', () => {
  it('lists every foreign key to people, as moved or not moved with its reason', async () => {
    const keys = await rows<{ name: string }>(sql`select c.conrelid::regclass::text || '.' || a.attname as name
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'people'::regclass order by 1`)
    const moved = new Set(personColumns.flatMap((move) => move.columns.map((column) => `${move.table}.${column}`)))
    const unlisted = keys.map((key) => key.name).filter((name) => !moved.has(name) && !(name in notMoved))
    expect(unlisted).toEqual([])
    // And each listed column exists.
    for (const name of moved) {
      const [table, column] = name.split('.') as [string, string]
      const [found] = await rows<{ n: number }>(
        sql`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`,
      )
      expect(found!.n, name).toBe(1)
    }
  })
})
