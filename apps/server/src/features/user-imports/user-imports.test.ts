import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { maxUserImportRows } from '@crm/domain'
import { activityLog, teamContacts, userImportRows, userImports } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { bornYearsAgo, buildContact, get, post } from '../../../test/contact-factories'
import { buildConference, createImport, heldBy, importPeople, peopleCount, type Conference } from '../../../test/user-import-factories'
import { loadTeamScope } from '../../platform/access'
import { getUserImport } from './read.service'

// Import-and-share (spec 2 §2.4, §3 "Import-and-share record", §4, §6, §7, §9; issue 17 item 4):
// the record, its people and choices, the lists, the CSV, and who may do what.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const row = (first_name: string, last_name: string, gender: string, extra: Record<string, unknown> = {}) => ({ first_name, last_name, gender, ...extra })

async function importRecord(id: number) {
  const [record] = await t.db.select().from(userImports).where(eq(userImports.id, id))
  return record
}

async function rowsOf(importId: number) {
  return t.db.select().from(userImportRows).where(eq(userImportRows.import_id, importId)).orderBy(userImportRows.row)
}

/** A conference whose North church owns Ruth and whose conference itself holds Paul (both with email and phone). */
async function conferenceWithPeople(): Promise<Conference & { ruth: number; paul: number }> {
  const c = await buildConference(t)
  const ruth = await buildContact(t, {
    teamId: c.north.church,
    person: { first_name: 'Ruth', last_name: 'Stone', gender: 'female', email: 'ruth@example.org', phone: '+61412345678' },
  })
  const paul = await buildContact(t, { teamId: c.conference, person: { first_name: 'Paul', last_name: 'Green', gender: 'male', email: 'paul@example.org' } })
  return { ...c, ruth, paul }
}

describe('create-user-import', () => {
  it('D2-3.15-01 D2-4.8-01 keeps title, date and notes; a person the conference has joins as found, anyone else becomes its new contact; refused rows are listed by number', async () => {
    const c = await conferenceWithPeople()
    const before = await peopleCount(t)
    const data = [
      row('Ana', 'Lopez', 'F', { email: 'ana@example.org' }),
      row('Ruth', 'Stone', 'female', { email: 'RUTH@example.org' }),
      row('Paul', 'Green', 'male'),
      row('Dan', 'Ng', 'robot'),
      row('', 'Nobody', 'male'),
      row('Ana', 'Lopez', 'female', { email: 'ana@example.org' }),
      row('Cara', 'Diaz', 'female', { email: 'not-an-email' }),
    ]
    const result = await createImport(t, c, data, { title: 'Harvest rally', date: '2026-03-14', content: 'Decision cards of the rally' })
    expect(result).toEqual({
      id: expect.any(Number),
      count_successful: 3,
      count_unsuccessful: 4,
      unsuccessful_exists: [],
      unsuccessful_not_exists: [],
      unsuccessful_team_user_exists: [],
      unsuccessful_invalid_email: [
        {
          row: 8,
          name: 'Cara Diaz',
          reason: expect.any(String),
          errors: { email: expect.any(String) },
          issues: [expect.objectContaining({ code: 'invalid_email' })],
        },
      ],
      unsuccessful_error: [
        {
          row: 5,
          name: 'Dan Ng',
          reason: 'The row has invalid values.',
          errors: { gender: 'Enter male, female or declined.' },
          issues: [expect.objectContaining({ code: 'not_in_list', field: 'gender' })],
        },
        {
          row: 6,
          name: 'Nobody',
          reason: 'The row has invalid values.',
          errors: { first_name: 'Required' },
          issues: [{ code: 'required', field: 'first_name' }],
        },
        { row: 7, name: 'Ana Lopez', reason: 'This person is already on the import (row 2).', issues: [{ code: 'already_on_import', row: 2 }] },
      ],
      // A new person without consent keeps the name and gender: the result says what was not kept (issue 35 item 10).
      kept_without_consent: [{ row: 2, name: 'Ana Lopez', not_kept: ['email'], child: false }],
    })
    expect(await importRecord(result.id)).toMatchObject({
      team_id: c.conference,
      title: 'Harvest rally',
      date: '2026-03-14',
      content: 'Decision cards of the rally',
      created_by: c.officer.id,
    })
    // One new person (Ana); Ruth and Paul are not duplicated.
    expect(await peopleCount(t)).toBe(before + 1)
    const found = await importPeople(t, result.id)
    expect(found.get('Ruth')).toBe(c.ruth)
    expect(found.get('Paul')).toBe(c.paul)
    const ana = found.get('Ana')!
    expect((await rowsOf(result.id)).map((r) => [r.row, r.person_id, r.is_new, r.is_processed, r.team_id])).toEqual([
      [2, ana, true, false, null],
      [3, c.ruth, false, false, null],
      [4, c.paul, false, false, null],
    ])
    // The new contact is the conference's, with the import's activity row.
    expect(await heldBy(t, c.conference, ana)).toMatchObject({ is_owner: true, state: 'active', sort_name: 'ana lopez' })
    const added = await t.db
      .select({ action: activityLog.action, team_id: activityLog.team_id, after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, ana), eq(activityLog.subject_type, 'user')))
    expect(added).toEqual([
      {
        action: 'add',
        team_id: c.conference,
        after: expect.objectContaining({ first_name: 'Ana', source_of_change: 'user_import', import_row: 2, user_import_id: result.id }),
      },
    ])
    // A found contact is not changed: no activity, and Ruth stays North's alone.
    expect(await t.db.select().from(activityLog).where(eq(activityLog.contact_id, c.ruth))).toHaveLength(0)
    expect(await heldBy(t, c.conference, c.ruth)).toBeUndefined()
  })

  it('D2-3.14-02 writes a new person’s extended columns as import-users does, takes assign_to_team_name as the church chosen, and leaves a found person’s record as it was', async () => {
    const c = await conferenceWithPeople()
    const decisionCard = {
      notes: 'Asked for a visit.',
      prayer_request: 'Pray for my mother.',
      decision_for_baptism: 'yes',
      decision_for_service: '2026-03-14',
      assign_to_team_name: ' south CHURCH ',
    }
    const result = await createImport(t, c, [
      row('Ana', 'Lopez', 'female', decisionCard),
      row('Ruth', 'Stone', 'female', { email: 'ruth@example.org', ...decisionCard, assign_to_team_name: 'North Church' }),
      row('Ben', 'Cole', 'male', { decision_to_interact: 'maybe' }),
      row('Cy', 'Ode', 'male', { assign_to_team_name: 'Nowhere Church' }),
    ])
    expect(result).toMatchObject({
      count_successful: 2,
      count_unsuccessful: 2,
      unsuccessful_error: [
        { row: 4, name: 'Ben Cole', errors: { decision_to_interact: 'Enter yes, no or a date such as 2024-05-31.' } },
        { row: 5, name: 'Cy Ode', errors: { assign_to_team_name: 'No team of this conference has this name.' } },
      ],
    })
    const ana = (await importPeople(t, result.id)).get('Ana')!
    // The church named is the one chosen on the import; the person joins it only when processed.
    expect((await rowsOf(result.id)).map((r) => [r.row, r.person_id, r.is_new, r.team_id])).toEqual([
      [2, ana, true, c.south.church],
      [3, c.ruth, false, c.north.church],
    ])
    expect(await heldBy(t, c.south.church, ana)).toBeUndefined()
    // Ana's note, decisions and prayer request are the conference's, each with the import's activity row.
    const atConference = { team_id: c.conference, group_id: c.conference }
    const noted = body(await get(t, `contact-notes/${ana}`, c.officer.token, atConference))
    expect(noted.items).toEqual([expect.objectContaining({ content: 'Asked for a visit.', author_id: c.officer.id })])
    const events = body(await get(t, `contact-events/${ana}`, c.officer.token, atConference))
    expect(events.items.map((event: { type: string; date: string }) => [event.type, event.date]).sort()).toEqual([
      ['decision-for-baptism', expect.any(String)],
      ['decision-for-service', '2026-03-14'],
    ])
    const followed = body(await get(t, `contact-interactions/${ana}`, c.officer.token, atConference))
    expect(followed.items).toEqual([expect.objectContaining({ type: 'prayer_request', content: 'Pray for my mother.', source: 'user_import' })])
    const logged = await t.db
      .select({ subject_type: activityLog.subject_type, after: activityLog.after })
      .from(activityLog)
      .where(eq(activityLog.contact_id, ana))
    expect(logged.length).toBeGreaterThanOrEqual(5)
    for (const entry of logged)
      expect(entry.after, entry.subject_type).toMatchObject({ source_of_change: 'user_import', import_row: 2, user_import_id: result.id })
    // Ruth, found, is unchanged: no note, decision, interaction or activity.
    expect(await t.db.select().from(activityLog).where(eq(activityLog.contact_id, c.ruth))).toHaveLength(0)
  })

  it('a dry run answers what the import will do, row by row, and keeps nothing (issue 35 item 9)', async () => {
    const c = await conferenceWithPeople()
    const data = [
      row('Ana', 'Lopez', 'F', { email: 'ana@example.org' }),
      row('Ruth', 'Stone', 'female', { email: 'RUTH@example.org' }),
      row('Dan', 'Ng', 'robot'),
      row('Ana', 'Lopez', 'female', { email: 'ana@example.org' }),
      row('Eve', 'Hart', 'female', { member_status: 'Church atendee' }),
    ]
    const [importsBefore] = await t.db.select({ n: count() }).from(userImports)
    const [rowsBefore] = await t.db.select({ n: count() }).from(userImportRows)
    const [activityBefore] = await t.db.select({ n: count() }).from(activityLog)
    const people = await peopleCount(t)

    const dry = await createImport(t, c, data, { dry_run: 1 })
    expect(dry).toMatchObject({ id: null, count_successful: 2, count_unsuccessful: 3 })
    expect(dry.unsuccessful_error.map(({ row, issues }: { row: number; issues: Array<{ code: string }> }) => [row, issues[0]!.code])).toEqual([
      [4, 'not_in_list'],
      [5, 'already_on_import'],
      [6, 'not_in_list'],
    ])
    const [importsAfter] = await t.db.select({ n: count() }).from(userImports)
    const [rowsAfter] = await t.db.select({ n: count() }).from(userImportRows)
    const [activityAfter] = await t.db.select({ n: count() }).from(activityLog)
    expect([importsAfter!.n, rowsAfter!.n, activityAfter!.n, await peopleCount(t)]).toEqual([importsBefore!.n, rowsBefore!.n, activityBefore!.n, people])

    // The import then does what the dry run said.
    const saved = await createImport(t, c, data)
    expect(saved).toEqual({ ...dry, id: expect.any(Number) })
    expect((await rowsOf(saved.id)).map((r) => r.row)).toEqual([2, 3])
  })

  it('D2-3.14-02 keeps a new person’s email and phone when the row carries the consent collected on paper, and says per row what was not kept without it (issue 35 item 10)', async () => {
    const c = await buildConference(t)
    const consent = { consent_type: 'verbal', consent_date: '2026-03-14', consent_content: 'Happy for a church to visit', member_status: 'member' }
    const result = await createImport(t, c, [
      row('Ivy', 'Card', 'female', { email: 'ivy@example.org', phone: '0412 345 678', ...consent }),
      row('Jon', 'Card', 'male', { email: 'jon@example.org' }),
    ])
    expect(result).toMatchObject({
      count_successful: 2,
      with_consent: [2],
      kept_without_consent: [{ row: 3, name: 'Jon Card', not_kept: ['email'], child: false }],
    })
    const ids = await importPeople(t, result.id)
    const shown = body(await get(t, `user-import/${result.id}`, c.officer.token, { team_id: c.conference }))
    const ivy = shown.users.find((user: { id: number }) => user.id === ids.get('Ivy'))
    expect(ivy).toMatchObject({ email: 'ivy@example.org', phone: expect.stringContaining('412') })
  })

  it('refuses bad input whole (400) and changes nothing: 1,001 rows, a bad date, no title, rows that are not rows', async () => {
    const c = await buildConference(t)
    const [imports] = await t.db.select({ n: count() }).from(userImports)
    const people = await peopleCount(t)
    const one = [row('Zed', 'Ray', 'male')]
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ data: Array.from({ length: maxUserImportRows + 1 }, (_, i) => row(`P${i}`, 'Many', 'male')) }, 'data'],
      [{ data: one, date: '2026-02-30' }, 'date'],
      [{ data: one, date: 'yesterday' }, 'date'],
      [{ data: one, title: '' }, 'title'],
      [{ data: one, title: 'x'.repeat(201) }, 'title'],
      [{ data: 'not json' }, 'data'],
      [{ data: [] }, 'data'],
    ]
    for (const [payload, field] of cases) {
      const response = await post(t, 'create-user-import', c.officer.token, { team_id: c.conference, title: 'Rally', ...payload })
      expect(response.statusCode, field).toBe(400)
      expect(
        Object.keys(body(response).data.errors).some((key) => key.startsWith(field)),
        JSON.stringify(body(response).data.errors),
      ).toBe(true)
    }
    const [after] = await t.db.select({ n: count() }).from(userImports)
    expect(after!.n).toBe(imports!.n)
    expect(await peopleCount(t)).toBe(people)
  })
})

describe('GET user-import/{id}', () => {
  it('D2-3.15-02 D2-9-05 answers the record, a page of its people by name ascending with the churches owning each, the choices and the conference churches', async () => {
    const c = await conferenceWithPeople()
    // Another conference's church owning Ruth too is never named.
    const elsewhere = await buildConference(t)
    await t.db.insert(teamContacts).values({ team_id: elsewhere.north.church, person_id: c.ruth, is_owner: true })
    const { id } = await createImport(
      t,
      c,
      [row('Zoe', 'Adams', 'female'), row('Ruth', 'Stone', 'female', { email: 'ruth@example.org' }), row('Paul', 'Green', 'male')],
      {
        date: '2026-03-14',
        content: 'Notes',
      },
    )
    // A group of a church is not a church to choose.
    await buildTeam(t, { kind: 'group', parentId: c.north.church, title: 'North Youth' })
    const response = await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference })
    expect(response.statusCode, response.body).toBe(200)
    const record = body(response)
    expect(record).toMatchObject({
      id,
      title: 'Harvest rally',
      date: '2026-03-14',
      content: 'Notes',
      author_name: 'Oscar Officer',
      count_users: 3,
      count_processed: 0,
      is_processed: false,
      count: 3,
      max_pages: 1,
      team_id_by_user: {},
      teams: [
        { id: c.north.church, title: 'North Church' },
        { id: c.south.church, title: 'South Church' },
      ],
    })
    const zoe = (await importPeople(t, id)).get('Zoe')!
    expect(record.users).toEqual([
      {
        id: c.paul,
        first_name: 'Paul',
        last_name: 'Green',
        email: 'paul@example.org',
        phone: null,
        row: 4,
        is_new: false,
        is_processed: false,
        team_owners_csv: c.title,
        team_id: null,
        processed_team_title: null,
      },
      {
        id: c.ruth,
        first_name: 'Ruth',
        last_name: 'Stone',
        email: 'ruth@example.org',
        phone: '+61 412 345 678',
        row: 3,
        is_new: false,
        is_processed: false,
        team_owners_csv: 'North Church',
        team_id: null,
        processed_team_title: null,
      },
      {
        id: zoe,
        first_name: 'Zoe',
        last_name: 'Adams',
        email: null,
        phone: null,
        row: 2,
        is_new: true,
        is_processed: false,
        team_owners_csv: c.title,
        team_id: null,
        processed_team_title: null,
      },
    ])
    // Descending, and by row ('created').
    const names = async (query: Record<string, string | number>) =>
      body(await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference, ...query })).users.map((user: { first_name: string }) => user.first_name)
    expect(await names({ order_by: 'name', order: 'desc' })).toEqual(['Zoe', 'Ruth', 'Paul'])
    expect(await names({ order_by: 'created' })).toEqual(['Zoe', 'Ruth', 'Paul'])
  })

  it('sorts by each person’s name as it is now: a contact a church renames after the import moves in the import and among every processed person', async () => {
    const c = await conferenceWithPeople()
    const { id } = await createImport(t, c, [
      row('Zoe', 'Adams', 'female'),
      row('Ruth', 'Stone', 'female', { email: 'ruth@example.org' }),
      row('Paul', 'Green', 'male'),
    ])
    const found = await importPeople(t, id)
    const everyone = Object.fromEntries([...found.values()].map((personId) => [personId, c.north.church]))
    const processed = await post(t, `process-user-import/${id}`, c.officer.token, { team_id: c.conference, add_team_id_by_user_id: everyone })
    expect(processed.statusCode, processed.body).toBe(200)
    const names = async (path: string) => {
      const answer = body(await get(t, path, c.officer.token, { team_id: c.conference }))
      return ((answer.users ?? answer.items) as Array<{ first_name: string }>).map((user) => user.first_name)
    }
    expect(await names(`user-import/${id}`)).toEqual(['Paul', 'Ruth', 'Zoe'])
    expect(await names('user-import/all')).toEqual(['Paul', 'Ruth', 'Zoe'])
    // North renames Zoe to Abigail: she comes first.
    const renamed = await post(t, 'update-user', c.north.owner.token, {
      team_id: c.north.church,
      group_id: c.north.church,
      user_id: found.get('Zoe')!,
      first_name: 'Abigail',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await names(`user-import/${id}`)).toEqual(['Abigail', 'Paul', 'Ruth'])
    expect(await names('user-import/all')).toEqual(['Abigail', 'Paul', 'Ruth'])
    const [stored] = await t.db
      .select({ sort_name: userImportRows.sort_name })
      .from(userImportRows)
      .where(eq(userImportRows.person_id, found.get('Zoe')!))
    expect(stored!.sort_name).toBe('abigail adams')
  })

  it('pages, searches name, email and phone, and filters by processed', async () => {
    const c = await conferenceWithPeople()
    const data = [row('Ruth', 'Stone', 'female', { email: 'ruth@example.org' }), ...['Amy', 'Bea', 'Cy', 'Di', 'Ed'].map((name) => row(name, 'Hill', 'female'))]
    const { id } = await createImport(t, c, data)
    const page = async (query: Record<string, string | number>) => body(await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference, ...query }))
    const first = await page({ per_page: 4 })
    expect([first.count, first.max_pages, first.users.map((user: { first_name: string }) => user.first_name)]).toEqual([6, 2, ['Amy', 'Bea', 'Cy', 'Di']])
    expect((await page({ per_page: 4, page: 2 })).users.map((user: { first_name: string }) => user.first_name)).toEqual(['Ed', 'Ruth'])
    // A page past the end is the last page (spec 2 §9).
    expect((await page({ per_page: 4, page: 9 })).users.map((user: { first_name: string }) => user.first_name)).toEqual(['Ed', 'Ruth'])
    for (const search of ['ruth@EXAMPLE', 'stone', '0412 345 678', '+61412']) {
      expect(
        (await page({ search })).users.map((user: { id: number }) => user.id),
        search,
      ).toEqual([c.ruth])
    }
    expect((await page({ search: 'hill' })).count).toBe(5)
    await t.db
      .update(userImportRows)
      .set({ is_processed: true })
      .where(and(eq(userImportRows.import_id, id), eq(userImportRows.person_id, c.ruth)))
    expect((await page({ is_processed: 1 })).users.map((user: { id: number }) => user.id)).toEqual([c.ruth])
    expect((await page({ is_processed: 0 })).count).toBe(5)
  })

  it('withholds a child’s name, email and phone from a caller under the child data gate', async () => {
    const c = await buildConference(t)
    const child = await buildContact(t, {
      teamId: c.north.church,
      person: { first_name: 'Kid', last_name: 'Young', gender: 'male', email: 'kid@example.org', ...bornYearsAgo(t, 9) },
    })
    const { id } = await createImport(t, c, [row('Kid', 'Young', 'male', { email: 'kid@example.org' })])
    // No role holding read_user_import is gated today (entity admins and site admins skip the
    // gate); the service withholds a child's details from any gated scope all the same.
    const viewer = { personId: c.officer.id, email: c.officer.email, isSiteAdmin: false, sessionId: 0, locale: 'en' }
    const scope = await loadTeamScope(t.db, viewer, c.conference)
    const deps = { db: t.db, config: t.config, now: t.clock.now, log: t.app.log }
    const query = { team_id: c.conference, page: 1, per_page: 100, order_by: 'name' as const }
    expect((await getUserImport(deps, viewer, scope, id, query)).users[0]).toMatchObject({ id: child, first_name: 'Kid', email: 'kid@example.org' })
    const gated = { ...scope, childGate: { missing: ['wwcc' as const], primary_owner_name: null, primary_owner_email: null } }
    const shown = await getUserImport(deps, viewer, gated, id, query)
    expect(shown.users[0]).toMatchObject({ id: child, first_name: '', last_name: '', email: null, phone: null, row: 2 })
    expect((await getUserImport(deps, viewer, gated, id, { ...query, search: 'kid' })).users).toEqual([])
  })
})

describe('GET user-imports', () => {
  it('D2-2.4-01 D2-7.7-01 lists the imports waiting (some person not processed, or none) and the processed ones apart, with counts and a title search', async () => {
    const c = await buildConference(t)
    const waiting = (await createImport(t, c, [row('Al', 'One', 'male'), row('Bo', 'Two', 'male')], { title: 'Spring rally' })).id
    const done = (await createImport(t, c, [row('Cy', 'Three', 'male')], { title: 'Summer camp' })).id
    const empty = (await createImport(t, c, [row('', 'Refused', 'male')], { title: 'Empty' })).id
    const half = (await createImport(t, c, [row('Di', 'Four', 'female'), row('Ed', 'Five', 'male')], { title: 'Autumn rally' })).id
    await t.db.update(userImportRows).set({ is_processed: true }).where(eq(userImportRows.import_id, done))
    const di = (await importPeople(t, half)).get('Di')!
    await t.db
      .update(userImportRows)
      .set({ is_processed: true })
      .where(and(eq(userImportRows.import_id, half), eq(userImportRows.person_id, di)))
    // Another conference's import is not listed.
    const other = await buildConference(t)
    await createImport(t, other, [row('Fy', 'Six', 'male')])

    const list = async (query: Record<string, string | number>) => {
      const response = await get(t, 'user-imports', c.officer.token, { team_id: c.conference, ...query })
      expect(response.statusCode, response.body).toBe(200)
      return body(response)
    }
    const notProcessed = await list({ type: 'not_processed' })
    expect(notProcessed.items.map((item: { id: number }) => item.id)).toEqual([half, empty, waiting])
    expect(notProcessed.count).toBe(3)
    expect(notProcessed.items[0]).toMatchObject({
      title: 'Autumn rally',
      count_users: 2,
      count_processed: 1,
      is_processed: false,
      author_name: 'Oscar Officer',
      created_display: expect.any(String),
    })
    expect((await list({})).items.map((item: { id: number }) => item.id)).toEqual([half, empty, waiting])
    const processed = await list({ type: 'processed' })
    expect(processed.items).toEqual([expect.objectContaining({ id: done, title: 'Summer camp', count_users: 1, count_processed: 1, is_processed: true })])
    expect((await list({ type: 'not_processed', search: 'RALLY' })).items.map((item: { id: number }) => item.id)).toEqual([half, waiting])
    expect((await list({ type: 'not_processed', order_by: 'title' })).items.map((item: { title: string }) => item.title)).toEqual([
      'Autumn rally',
      'Empty',
      'Spring rally',
    ])
    expect(
      (await list({ type: 'not_processed', per_page: 4, page: 1, order_by: 'created', order: 'asc' })).items.map((item: { id: number }) => item.id),
    ).toEqual([waiting, empty, half])
  })
})

describe('update-user-import', () => {
  it('D2-4.8-01 changes title, date and notes, chooses churches, and takes off the people left out who are not processed', async () => {
    const c = await conferenceWithPeople()
    const { id } = await createImport(t, c, [
      row('Ana', 'Lopez', 'female'),
      row('Ruth', 'Stone', 'female', { email: 'ruth@example.org' }),
      row('Paul', 'Green', 'male'),
    ])
    const ana = (await importPeople(t, id)).get('Ana')!
    const update = (payload: Record<string, unknown>) => post(t, `update-user-import/${id}`, c.officer.token, { team_id: c.conference, ...payload })
    const response = await update({
      title: 'Harvest rally (Sunday)',
      date: '2026-03-15',
      content: 'Cards sorted',
      team_id_by_user: { [ana]: c.north.church, [c.ruth]: c.south.church, [c.paul]: null },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ success: true })
    const record = body(await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference }))
    expect(record).toMatchObject({ title: 'Harvest rally (Sunday)', date: '2026-03-15', content: 'Cards sorted' })
    expect(record.team_id_by_user).toEqual({ [ana]: c.north.church, [c.ruth]: c.south.church })
    expect(record.users.find((user: { id: number }) => user.id === ana).team_id).toBe(c.north.church)

    // Form data: the map as JSON text; the date cleared; Paul left out of the people kept.
    expect((await update({ team_id_by_user: JSON.stringify({ [ana]: null }), date: '' })).statusCode).toBe(200)
    await t.db
      .update(userImportRows)
      .set({ is_processed: true })
      .where(and(eq(userImportRows.import_id, id), eq(userImportRows.person_id, c.ruth)))
    expect((await update({ users: [ana] })).statusCode).toBe(200)
    // Ruth is processed: she stays on the import, and her church is not changed any more.
    expect((await update({ team_id_by_user: { [c.ruth]: c.north.church } })).statusCode).toBe(200)
    expect((await rowsOf(id)).map((r) => [r.person_id, r.team_id])).toEqual([
      [ana, null],
      [c.ruth, c.south.church],
    ])
    expect((await importRecord(id))!.date).toBeNull()
    // Paul is off the import, not out of the conference.
    expect(await heldBy(t, c.conference, c.paul)).toBeDefined()
    expect((await update({ users: [] })).statusCode).toBe(200)
    expect((await rowsOf(id)).map((r) => r.person_id)).toEqual([c.ruth])
  })

  it('refuses a team that is not a church of the conference and a contact not on the import (400 naming the field), changing nothing', async () => {
    const c = await conferenceWithPeople()
    const other = await buildConference(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.north.church, title: 'North Youth' })
    const { id } = await createImport(t, c, [row('Ana', 'Lopez', 'female')], { date: '2026-03-14' })
    const ana = (await importPeople(t, id)).get('Ana')!
    const update = (payload: Record<string, unknown>) =>
      post(t, `update-user-import/${id}`, c.officer.token, { team_id: c.conference, title: 'Changed', ...payload })
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ team_id_by_user: { [ana]: other.north.church } }, `team_id_by_user.${ana}`],
      [{ team_id_by_user: { [ana]: c.conference } }, `team_id_by_user.${ana}`],
      [{ team_id_by_user: { [ana]: group } }, `team_id_by_user.${ana}`],
      [{ team_id_by_user: { [ana]: 999_999_999 } }, `team_id_by_user.${ana}`],
      [{ team_id_by_user: { [c.ruth]: c.north.church } }, `team_id_by_user.${c.ruth}`],
      [{ team_id_by_user: { 9999999999: c.north.church } }, 'team_id_by_user.9999999999'],
      [{ team_id_by_user: { [ana]: 2 ** 31 } }, `team_id_by_user.${ana}`],
      [{ team_id_by_user: { 0: c.north.church } }, 'team_id_by_user.0'],
      [{ users: [ana, c.ruth] }, 'users.1'],
      [{ users: [2 ** 31] }, 'users.0'],
      [{ date: '2026-13-01' }, 'date'],
    ]
    for (const [payload, field] of refused) {
      const response = await update(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(body(response).data.errors, JSON.stringify(payload)).toHaveProperty([field])
    }
    expect(await importRecord(id)).toMatchObject({ title: 'Harvest rally', date: '2026-03-14' })
    expect((await rowsOf(id)).map((r) => [r.person_id, r.team_id])).toEqual([[ana, null]])
  })
})

describe('delete-user-import', () => {
  it('D2-4.8-05 deletes the record and its rows; the contacts stay', async () => {
    const c = await conferenceWithPeople()
    const { id } = await createImport(t, c, [row('Ana', 'Lopez', 'female'), row('Ruth', 'Stone', 'female', { email: 'ruth@example.org' })])
    const ana = (await importPeople(t, id)).get('Ana')!
    const response = await post(t, `delete-user-import/${id}`, c.officer.token, { team_id: c.conference })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect((await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference })).statusCode).toBe(404)
    expect(await importRecord(id)).toBeUndefined()
    expect(await rowsOf(id)).toHaveLength(0)
    expect((await get(t, `contact/${ana}`, c.officer.token, { team_id: c.conference, group_id: c.conference })).statusCode).toBe(200)
    expect((await get(t, `contact/${c.ruth}`, c.north.leader.token, { team_id: c.north.church, group_id: c.north.church })).statusCode).toBe(200)
    // Again: not found.
    expect((await post(t, `delete-user-import/${id}`, c.officer.token, { team_id: c.conference })).statusCode).toBe(404)
  })
})

describe('CSV exports', () => {
  it('D2-7.7-02 GET user-import/{id}?export=1 answers every person of the import as CSV, formulas defused', async () => {
    const c = await buildConference(t)
    await buildContact(t, {
      teamId: c.north.church,
      person: { first_name: '=HYPERLINK("http://x")', last_name: 'Evil, Jr', gender: 'male', email: '@ruth@example.org', phone: '+61412345678' },
    })
    const data = [row('=HYPERLINK("http://x")', 'Evil, Jr', 'male'), ...['Amy', 'Bea', 'Cy', 'Di', 'Ed'].map((name) => row(name, 'Hill', 'female'))]
    const { id } = await createImport(t, c, data, { title: 'Rally: "North" / 2026' })
    const response = await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference, export: 1, per_page: 4 })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="import-${id}-Rally-North-2026.csv"`)
    expect(response.headers['cache-control']).toBe('no-store')
    const text = response.rawPayload.toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).split('\r\n')
    expect(lines[0]).toBe('Row,First name,Last name,Email,Phone,New,Processed,Owning teams,Chosen church,Processed church')
    // Every person, not the page of 4; and nothing after the last line end.
    expect(lines).toHaveLength(1 + 6 + 1)
    expect(lines.at(-1)).toBe('')
    // Where '=' sorts among letters is the collation's business: the rows are compared as a set.
    expect(lines.slice(1, -1).sort()).toEqual([
      `2,"'=HYPERLINK(""http://x"")","Evil, Jr",'@ruth@example.org,'+61 412 345 678,No,No,North Church,,`,
      `3,Amy,Hill,,,Yes,No,${c.title},,`,
      `4,Bea,Hill,,,Yes,No,${c.title},,`,
      `5,Cy,Hill,,,Yes,No,${c.title},,`,
      `6,Di,Hill,,,Yes,No,${c.title},,`,
      `7,Ed,Hill,,,Yes,No,${c.title},,`,
    ])
  })

  it('D2-7.7-03 GET user-import/all lists every processed person of the conference’s imports, and export=1 answers them as CSV', async () => {
    const c = await buildConference(t)
    const first = (await createImport(t, c, [row('Amy', 'Hill', 'female'), row('Bea', 'Hill', 'female')], { title: 'Spring rally' })).id
    const second = (await createImport(t, c, [row('Cy', 'Hill', 'male')], { title: 'Summer camp' })).id
    const other = await buildConference(t)
    const elsewhere = (await createImport(t, other, [row('Di', 'Hill', 'female')])).id
    const amy = (await importPeople(t, first)).get('Amy')!
    const cy = (await importPeople(t, second)).get('Cy')!
    for (const [importId, personId] of [
      [first, amy],
      [second, cy],
    ] as const) {
      await t.db
        .update(userImportRows)
        .set({ is_processed: true, processed_team_id: c.north.church, team_id: c.north.church })
        .where(and(eq(userImportRows.import_id, importId), eq(userImportRows.person_id, personId)))
    }
    await t.db.update(userImportRows).set({ is_processed: true }).where(eq(userImportRows.import_id, elsewhere))
    const response = await get(t, 'user-import/all', c.officer.token, { team_id: c.conference })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({
      items: [
        expect.objectContaining({
          id: amy,
          first_name: 'Amy',
          import_id: first,
          import_title: 'Spring rally',
          is_processed: true,
          processed_team_title: 'North Church',
          team_id: c.north.church,
        }),
        expect.objectContaining({
          id: cy,
          first_name: 'Cy',
          import_id: second,
          import_title: 'Summer camp',
          is_processed: true,
          processed_team_title: 'North Church',
        }),
      ],
      count: 2,
      max_pages: 1,
    })
    expect(
      body(await get(t, 'user-import/all', c.officer.token, { team_id: c.conference, search: 'cy' })).items.map((item: { id: number }) => item.id),
    ).toEqual([cy])
    const csv = await get(t, 'user-import/all', c.officer.token, { team_id: c.conference, export: 1 })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="processed-contacts-Conference-\d+\.csv"$/)
    expect(csv.rawPayload.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Import,Row,First name,Last name,Email,Phone,New,Processed,Owning teams,Chosen church,Processed church',
      `Spring rally,2,Amy,Hill,,,Yes,Yes,${c.title},North Church,North Church`,
      `Summer camp,2,Cy,Hill,,,Yes,Yes,${c.title},North Church,North Church`,
      '',
    ])
  })
})

describe('who may import and share', () => {
  it('D2-2.4-04 needs a conference and its capabilities: a church team or a role without them is 403; another conference’s import is 404, and nothing changes', async () => {
    const c = await conferenceWithPeople()
    const { id } = await createImport(t, c, [row('Ana', 'Lopez', 'female')])
    const ana = (await importPeople(t, id)).get('Ana')!
    const one = [row('Zed', 'Ray', 'male')]
    const leader = await buildPerson(t)
    const owner = await buildPerson(t)
    await addMember(t, leader.id, c.conference, 'leader')
    await addMember(t, owner.id, c.conference, 'owner')
    const everyCall = (token: string, teamId: number) => [
      get(t, 'user-imports', token, { team_id: teamId }),
      get(t, 'user-import/all', token, { team_id: teamId }),
      get(t, `user-import/${id}`, token, { team_id: teamId }),
      get(t, `user-import/${id}`, token, { team_id: teamId, export: 1 }),
      post(t, 'create-user-import', token, { team_id: teamId, title: 'X', data: one }),
      post(t, `update-user-import/${id}`, token, { team_id: teamId, title: 'Changed' }),
      post(t, `process-user-import/${id}`, token, { team_id: teamId, add_team_id_by_user_id: { [ana]: c.north.church } }),
      post(t, `delete-user-import/${id}`, token, { team_id: teamId }),
    ]
    const statuses = async (token: string, teamId: number) => (await Promise.all(everyCall(token, teamId))).map((response) => response.statusCode)
    // The conference's officer, from one of its churches; the church's owner in the church.
    expect(await statuses(c.officer.token, c.north.church)).toEqual(Array(8).fill(403))
    expect(await statuses(c.north.owner.token, c.north.church)).toEqual(Array(8).fill(403))
    // Owners and leaders of the conference lack the capabilities.
    expect(await statuses(owner.token, c.conference)).toEqual(Array(8).fill(403))
    expect(await statuses(leader.token, c.conference)).toEqual(Array(8).fill(403))
    // Another conference's officer: its import is not found.
    const other = await buildConference(t)
    expect((await statuses(other.officer.token, other.conference)).slice(2)).toEqual([404, 404, 200, 404, 404, 404])
    // Not signed in.
    expect((await get(t, 'user-imports', '', { team_id: c.conference })).statusCode).toBe(401)
    expect(await importRecord(id)).toMatchObject({ title: 'Harvest rally' })
    expect((await rowsOf(id)).map((r) => [r.person_id, r.is_processed])).toEqual([[ana, false]])
    expect(await heldBy(t, c.north.church, ana)).toBeUndefined()
    // A site admin may, anywhere.
    const admin = await buildPerson(t, { siteRole: 'admin' })
    expect((await get(t, `user-import/${id}`, admin.token, { team_id: c.conference })).statusCode).toBe(200)
  })
})
