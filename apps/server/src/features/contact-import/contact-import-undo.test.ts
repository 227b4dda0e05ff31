import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type { ContactImport, ContactImportUndo, ImportUsersResult } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { activityLog, contactImports, contactRelationships, contactSources, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { clearEndedImports } from './contact-import.jobs'

// Re-import and undo (issue 41 items 2 and 3): a row keeps its source system and id, the same
// or a newer file updates the contact it made (only the cells it gives, unless asked to clear),
// each row is answered created, updated, unchanged or refused, and an import is undone whole
// within 30 days, except what someone has worked on since.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const consent = { consent_type: 'Verbal', consent_date: '14/03/2026', consent_content: 'Happy to be visited and called', member_status: 'member' }

function importRows(c: Church, data: unknown[], extra: Record<string, unknown> = {}, token = c.leader.token) {
  return post(t, 'import-users', token, { team_id: c.church, group_id: c.church, source_system: 'planning_center', data, ...extra })
}

const imported = async (c: Church, data: unknown[], extra: Record<string, unknown> = {}) => {
  const response = await importRows(c, data, extra)
  expect(response.statusCode, response.body).toBe(200)
  return body<ImportUsersResult>(response)
}

const undo = (c: Church, importId: number, token = c.leader.token) =>
  post(t, 'undo-contact-import', token, { team_id: c.church, group_id: c.church, import_id: importId })

async function heldBy(team: number) {
  return t.db
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name, phone: people.phone, city: people.address_city })
    .from(people)
    .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
    .where(eq(teamContacts.team_id, team))
    .orderBy(people.first_name)
}

const margaret = {
  source_id: '1001',
  first_name: 'Margaret',
  last_name: 'Collins',
  gender: 'F',
  phone: '0412 555 101',
  address_city: 'Springfield',
  ...consent,
}
const robert = { source_id: '1002', first_name: 'Robert', last_name: 'Collins', gender: 'M', address_city: 'Springfield', ...consent }

describe('import-users again (issue 41 item 2)', () => {
  it('updates the contacts a file made by their source id, only with the cells it gives, and answers each row', async () => {
    const c = await buildChurch(t)
    const first = await imported(c, [margaret, robert])
    expect(first, JSON.stringify(first)).toMatchObject({ count_successful: 2, created: [2, 3], updated: [], unchanged: [] })
    const made = await heldBy(c.church)
    expect(made.map((row) => row.first_name)).toEqual(['Margaret', 'Robert'])
    expect(
      await t.db
        .select({ source_id: contactSources.source_id, system: contactSources.system })
        .from(contactSources)
        .where(eq(contactSources.team_id, c.church)),
    ).toEqual(
      expect.arrayContaining([
        { source_id: '1001', system: 'planning_center' },
        { source_id: '1002', system: 'planning_center' },
      ]),
    )

    // The same file: nothing new, nothing refused, no one twice.
    const again = await imported(c, [margaret, robert])
    expect(again).toMatchObject({ count_successful: 2, count_unsuccessful: 0, created: [], updated: [], unchanged: [2, 3] })
    expect(again.unsuccessful_team_user_exists).toEqual([])

    // A newer file: a new phone, a renamed person, an empty city cell (kept), and a new person.
    const newer = [
      { ...margaret, phone: '0412 555 999', address_city: '' },
      { ...robert, first_name: 'Bob' },
      { source_id: '1003', first_name: 'Ellie', last_name: 'Collins', gender: 'F', ...consent },
    ]
    const update = await imported(c, newer)
    expect(update).toMatchObject({ count_successful: 3, created: [4], updated: [2, 3], unchanged: [] })
    const after = await heldBy(c.church)
    expect(after.map(({ first_name, phone, city }) => ({ first_name, phone, city }))).toEqual([
      { first_name: 'Bob', phone: null, city: 'Springfield' },
      { first_name: 'Ellie', phone: null, city: null },
      { first_name: 'Margaret', phone: '+61412555999', city: 'Springfield' },
    ])
    // The change is in the contact's activity, marked as the import's row.
    const [changed] = await t.db
      .select({ after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, made[0]!.id), eq(activityLog.action, 'update')))
    expect(changed?.after).toMatchObject({ phone: '+61412555999', source_of_change: 'user_import', import_row: 2 })

    // Asked to, an empty cell clears the field.
    const cleared = await imported(c, [{ ...margaret, phone: '0412 555 999', address_city: '' }], { clear_empty_cells: true })
    expect(cleared).toMatchObject({ updated: [2] })
    expect((await heldBy(c.church)).find((row) => row.first_name === 'Margaret')?.city).toBeNull()
  })

  it('ties a row with a source id to the contact of the team its details match, refuses an id named twice, and keeps the duplicate rule for rows without one', async () => {
    const c = await buildChurch(t)
    const typed = await buildContact(t, {
      teamId: c.church,
      person: { first_name: 'Grace', last_name: 'Whitfield', gender: 'female', email: 'grace@example.org', consent_type: 'verbal', consent_date: '2026-01-01' },
    })
    const grace = { first_name: 'Grace', last_name: 'Whitfield', gender: 'female', email: 'grace@example.org', address_city: 'Franklin' }
    const answer = await imported(
      c,
      [
        { ...grace, source_id: '38215001' },
        { ...grace, source_id: '38215001', first_name: 'Gracie' },
        { ...grace, email: 'other@example.org' },
      ],
      {
        source_system: 'breeze',
      },
    )
    expect(answer).toMatchObject({ created: [], updated: [2], unchanged: [] })
    expect(answer.unsuccessful_team_user_exists.map((row) => ({ row: row.row, issues: row.issues }))).toEqual([
      { row: 3, issues: [{ code: 'already_on_import', row: 2 }] },
      { row: 4, issues: [{ code: 'exists_in_this_team' }] },
    ])
    expect(await t.db.select({ person: contactSources.person_id }).from(contactSources).where(eq(contactSources.source_id, '38215001'))).toEqual([
      { person: typed },
    ])
    const [person] = await t.db.select({ city: people.address_city }).from(people).where(eq(people.id, typed))
    expect(person?.city).toBe('Franklin')
  })

  it('answers on a dry run what the import would do to each row, writing nothing', async () => {
    const c = await buildChurch(t)
    await imported(c, [margaret])
    const dry = await imported(c, [{ ...margaret, phone: '0412 000 000' }, robert], { dry_run: 1 })
    expect(dry).toMatchObject({ created: [3], updated: [2] })
    expect(dry).not.toHaveProperty('import_id')
    expect((await heldBy(c.church)).map((row) => row.phone)).toEqual(['+61412555101'])
  })

  it('continues an import only for its importer, in its group, before its undo', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const first = await imported(c, [margaret])
    const second = await imported(c, [robert], { import_id: first.import_id, first_row: 3 })
    expect(second.import_id).toBe(first.import_id)
    const [row] = await t.db.select().from(contactImports).where(eq(contactImports.id, first.import_id!))
    expect(row).toMatchObject({ created: 2, updated: 0, refused: 0, source_system: 'planning_center' })
    // Someone else's import, or another team's, is not there to continue.
    expect((await importRows(c, [robert], { import_id: first.import_id }, c.owner.token)).statusCode).toBe(404)
    expect((await importRows(other, [robert], { import_id: first.import_id })).statusCode).toBe(404)
    expect((await undo(c, first.import_id!)).statusCode).toBe(200)
    expect((await importRows(c, [robert], { import_id: first.import_id })).statusCode).toBe(404)
  })
})

describe('undo-contact-import (issue 41 item 3)', () => {
  it('removes the contacts an import made, gives back the fields it changed, and leaves those worked on since, naming them', async () => {
    const c = await buildChurch(t)
    const typed = await buildContact(t, {
      teamId: c.church,
      person: {
        first_name: 'Grace',
        last_name: 'Whitfield',
        gender: 'female',
        email: 'grace@example.org',
        address_city: 'Nashville',
        consent_type: 'verbal',
        consent_date: '2026-01-01',
      },
    })
    const answer = await imported(c, [
      margaret,
      robert,
      { source_id: '77', first_name: 'Grace', last_name: 'Whitfield', gender: 'female', email: 'grace@example.org', address_city: 'Franklin' },
    ])
    expect(answer).toMatchObject({ created: [2, 3], updated: [4] })
    const robertId = (await heldBy(c.church)).find((row) => row.first_name === 'Robert')!.id
    // Someone works on Robert after the import: a change of his phone.
    const edit = await post(t, 'update-user', c.owner.token, { team_id: c.church, group_id: c.church, user_id: robertId, phone: '0412 777 777' })
    expect(edit.statusCode, edit.body).toBe(200)

    const listed = body<{ data: ContactImport[] }>(await get(t, 'contact-imports', c.owner.token, { team_id: c.church, group_id: c.church }))
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: answer.import_id,
        created: 2,
        updated: 1,
        unchanged: 0,
        refused: 0,
        by_me: false,
        undone_at: null,
        source_system: 'planning_center',
      }),
    ])
    expect(listed.data[0]!.created_by_name).not.toBe('')

    const response = await undo(c, answer.import_id!, c.owner.token)
    expect(response.statusCode, response.body).toBe(200)
    const undone = body<ContactImportUndo>(response)
    expect(undone).toMatchObject({ removed: 1, restored: 1, kept: [{ user_id: robertId, name: 'Robert Collins', reason: 'worked_on_since' }] })
    expect(undone.import.undone_at).not.toBeNull()
    expect((await heldBy(c.church)).map((row) => `${row.first_name} ${row.city}`)).toEqual(['Grace Nashville', 'Robert Springfield'])
    expect(await t.db.select().from(contactSources).where(eq(contactSources.person_id, typed))).toEqual([])
    // What undo needed is not kept after it.
    expect(rowsOf(await t.db.execute(sql`select 1 from contact_import_contacts where import_id = ${answer.import_id}`))).toEqual([])

    const twice = await undo(c, answer.import_id!, c.owner.token)
    expect(twice.statusCode).toBe(409)
    expect(body<{ code: string }>(twice).code).toBe('import_undone')
  })

  it('is refused after 30 days, for another team or group, and to whoever may not import; a child stays for a caller under the child gate', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const year = t.clock.now().getFullYear()
    const child = {
      first_name: 'Teo',
      last_name: 'Diaz',
      gender: 'male',
      dob: `${year - 9}-01`,
      parent_carer_first_name: 'Rosa',
      parent_carer_phone: '0412 345 678',
    }
    const answer = await imported(c, [child, margaret])
    expect(answer).toMatchObject({ created: [2, 3] })
    const id = answer.import_id!
    expect((await undo(other, id)).statusCode).toBe(404)
    expect((await undo(c, id, c.member.token)).statusCode).toBe(403)

    // A leader with no Working with Children Check: the child's record stays, unnamed.
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const gated = body<ContactImportUndo>(await undo(c, id, unchecked.token))
    expect(gated).toMatchObject({ removed: 1, restored: 0, kept: [{ name: '', reason: 'child_record_closed' }] })
    expect((await heldBy(c.church)).map((row) => row.first_name)).toEqual(['Teo'])

    const late = await imported(c, [robert])
    await t.db
      .update(contactImports)
      .set({ undo_until: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(contactImports.id, late.import_id!))
    const expired = await undo(c, late.import_id!)
    expect(expired.statusCode).toBe(410)
    expect(body<{ code: string }>(expired).code).toBe('import_undo_expired')
    // The daily clearing forgets an import whose undo has ended, and what it changed.
    expect(await clearEndedImports({ db: t.db, now: t.clock.now })).toMatch(/^cleared \d+ ended imports?$/)
    expect(await t.db.select().from(contactImports).where(eq(contactImports.id, late.import_id!))).toEqual([])
    expect((await heldBy(c.church)).map((row) => row.first_name)).toEqual(['Robert', 'Teo'])
  })
})

describe('households (issue 41 item 4)', () => {
  const relationshipsOf = async (team: number) =>
    (
      await t.db
        .select({
          contact: people.first_name,
          type: contactRelationships.relationship_type,
          related: sql<string>`(select first_name from people where id = ${contactRelationships.related_id})`,
        })
        .from(contactRelationships)
        .innerJoin(people, eq(people.id, contactRelationships.contact_id))
        .where(eq(contactRelationships.team_id, team))
    )
      .map((row) => `${row.related} is ${row.contact}'s ${row.type}`)
      .sort()

  it("makes a family's relationships across chunks, once, and its undo takes them back with the contacts it made", async () => {
    const c = await buildChurch(t)
    const parent = { parent_carer_first_name: 'Grace', parent_carer_phone: '0412 345 678' }
    const year = t.clock.now().getFullYear()
    const grace = {
      source_id: '501',
      first_name: 'Grace',
      last_name: 'Whitfield',
      gender: 'Female',
      household_id: '38214990',
      family_role: 'Head of Household',
    }
    const lily = {
      source_id: '503',
      first_name: 'Lily',
      last_name: 'Whitfield',
      gender: 'Female',
      dob: `${year - 8}-02`,
      household_id: '38214990',
      family_role: 'Child',
      ...parent,
    }
    const thomas = { source_id: '502', first_name: 'Thomas', last_name: 'Whitfield', gender: 'Male', household_id: '38214990', family_role: 'Spouse' }
    const lone = { source_id: '504', first_name: 'Walter', last_name: 'Lone', gender: 'Male', household_id: '38214999', family_role: 'Head of Household' }
    const first = await imported(c, [grace, lily, lone], { source_system: 'breeze' })
    expect(first).toMatchObject({ created: [2, 3, 4], relationships_made: 1 })
    // The spouse comes in the file's next chunk: the household is made whole.
    const second = await imported(c, [thomas], { source_system: 'breeze', import_id: first.import_id, first_row: 5 })
    expect(second).toMatchObject({ created: [5], relationships_made: 2 })
    expect(await relationshipsOf(c.church)).toEqual(["Grace is Lily's mother", "Thomas is Grace's husband", "Thomas is Lily's father"])
    // On both sides of each, in the activity, as the import's.
    const [onThomas] = await t.db
      .select({ after: activityLog.after })
      .from(activityLog)
      .innerJoin(people, eq(people.id, activityLog.contact_id))
      .where(and(eq(people.first_name, 'Thomas'), eq(activityLog.subject_type, 'user_relationship')))
    expect(onThomas?.after).toMatchObject({ relationship_type: expect.any(String), source_of_change: 'user_import', import_row: 5 })

    // The same file again makes nothing twice.
    const again = await imported(c, [grace, lily, lone, thomas], { source_system: 'breeze' })
    expect(again).toMatchObject({ unchanged: [2, 3, 4, 5] })
    expect(again).not.toHaveProperty('relationships_made')
    expect(await relationshipsOf(c.church)).toHaveLength(3)

    // The relationships made in the second chunk are the import's own work, not someone's since.
    const undone = body<ContactImportUndo>(await undo(c, first.import_id!))
    expect(undone).toMatchObject({ removed: 4, kept: [] })
    expect(await relationshipsOf(c.church)).toEqual([])
  })

  it('makes the relationships of contacts the team had, and its undo removes them, leaving the contacts', async () => {
    const c = await buildChurch(t)
    const typed = { consent_type: 'verbal', consent_date: '2026-01-01' }
    await buildContact(t, { teamId: c.church, person: { first_name: 'Thanh', last_name: 'Nguyen', gender: 'male', email: 'thanh@example.org', ...typed } })
    await buildContact(t, { teamId: c.church, person: { first_name: 'Linh', last_name: 'Nguyen', gender: 'female', email: 'linh@example.org', ...typed } })
    const rows = [
      { source_id: '4410', first_name: 'Thanh', last_name: 'Nguyen', gender: 'Male', email: 'thanh@example.org', household_id: '2205', family_role: 'Adult' },
      { source_id: '4411', first_name: 'Linh', last_name: 'Nguyen', gender: 'Female', email: 'linh@example.org', household_id: '2205', family_role: 'Adult' },
    ]
    const answer = await imported(c, rows, { source_system: 'rock' })
    expect(answer).toMatchObject({ unchanged: [2, 3], relationships_made: 1 })
    expect(await relationshipsOf(c.church)).toEqual(["Linh is Thanh's wife"])
    const undone = body<ContactImportUndo>(await undo(c, answer.import_id!))
    expect(undone).toMatchObject({ removed: 0, restored: 0, kept: [] })
    expect(await relationshipsOf(c.church)).toEqual([])
    expect((await heldBy(c.church)).map((row) => row.first_name)).toEqual(['Linh', 'Thanh'])
  })
})
