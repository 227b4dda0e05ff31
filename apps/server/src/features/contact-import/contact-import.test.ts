import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, inArray } from 'drizzle-orm'
import { activityLog, contactEvents, groupContacts, interactions, notes, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { childRecordClosedMessage, minorWithoutConsentMessage } from '../../platform/contact-access'
import { parentEmailOrPhoneMessage } from '../contacts/contact-input'
import { inOtherTeamMessage, inThisTeamMessage } from '../contacts/duplicates.service'
import { decisionCellMessage, unknownTeamMessage, yesNoMessage } from './extended-columns'

// import-users (spec 2 §3 "Contact import columns", §4, §6 import_contact, §7; issue 17 item 2).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function importRows(c: Church, token: string, data: unknown, extra: Record<string, unknown> = {}) {
  return post(t, 'import-users', token, { team_id: c.church, group_id: c.church, data, ...extra })
}

async function contactsOf(teamId: number) {
  return t.db
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name, gender: people.gender, email: people.email })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(eq(teamContacts.team_id, teamId))
}

async function peopleCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(people)
  return row!.n
}

describe('import-users', () => {
  it('stores formulas and HTML in cells as the text they are (issue 17 "Bad input")', async () => {
    const c = await buildChurch(t)
    const data = [{ first_name: '=HYPERLINK("http://evil.example")', last_name: '<img src=x onerror=alert(1)>', gender: 'female' }]
    const response = await importRows(c, c.leader.token, data)
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toMatchObject({ count_successful: 1, count_unsuccessful: 0 })
    const [stored] = await contactsOf(c.church)
    expect(stored).toMatchObject({ first_name: '=HYPERLINK("http://evil.example")', last_name: '<img src=x onerror=alert(1)>' })
  })

  it('imports each good row and reports each refused one by its row number and list (D2-3.14, D2-7.6)', async () => {
    const c = await buildChurch(t)
    const neighbour = await buildChurch(t, { conference: c.conference })
    await buildContact(t, { teamId: c.church, person: { first_name: 'Ruth', last_name: 'Stone', email: 'ruth@example.org' } })
    await buildContact(t, { teamId: neighbour.church, person: { first_name: 'Paul', last_name: 'Green', email: 'paul@example.org' } })
    const data = [
      { first_name: 'Ana', last_name: 'Lopez', gender: 'F', email: 'ana@example.org', phone: '0412 345 678', unknown_column: 'ignored' },
      { first_name: 'Ben', last_name: 'Cole', gender: 'male', age: 40 },
      { first_name: 'Ruth', last_name: 'Stone', gender: 'female', email: 'RUTH@example.org' },
      { first_name: 'Paul', last_name: 'Green', gender: 'male', email: 'paul@example.org' },
      { first_name: 'Cara', last_name: 'Diaz', gender: 'female', email: 'not-an-email' },
      { first_name: 'Dan', last_name: 'Ng', gender: 'robot' },
      { first_name: '', last_name: 'Nobody', gender: 'male' },
    ]
    const response = await importRows(c, c.leader.token, JSON.stringify(data))
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({
      count_successful: 2,
      count_unsuccessful: 5,
      // Each row that passed, by what it did (issue 41 item 2); a file without source ids updates no one.
      created: [2, 3],
      updated: [],
      unchanged: [],
      import_id: expect.any(Number),
      unsuccessful_exists: [{ row: 5, name: 'Paul Green', reason: inOtherTeamMessage, issues: [{ code: 'exists_in_other_team' }] }],
      unsuccessful_not_exists: [],
      unsuccessful_team_user_exists: [{ row: 4, name: 'Ruth Stone', reason: inThisTeamMessage, issues: [{ code: 'exists_in_this_team' }] }],
      unsuccessful_invalid_email: [
        {
          row: 6,
          name: 'Cara Diaz',
          reason: expect.any(String),
          errors: { email: expect.any(String) },
          issues: [{ code: 'invalid_email', field: 'email', value: 'not-an-email' }],
        },
      ],
      unsuccessful_error: [
        {
          row: 7,
          name: 'Dan Ng',
          reason: 'The row has invalid values.',
          errors: { gender: 'Enter male, female or declined.' },
          issues: [{ code: 'not_in_list', field: 'gender', value: 'robot', allowed: ['male', 'female', 'declined'] }],
        },
        {
          row: 8,
          name: 'Nobody',
          reason: 'The row has invalid values.',
          errors: { first_name: 'Required' },
          issues: [{ code: 'required', field: 'first_name' }],
        },
      ],
      // No consent in the file: the result says, row by row, what was not kept (issue 35 item 10).
      kept_without_consent: [
        { row: 2, name: 'Ana Lopez', not_kept: ['email', 'phone'], child: false },
        { row: 3, name: 'Ben Cole', not_kept: ['age'], child: false },
      ],
    })
    const names = (await contactsOf(c.church)).map((row) => `${row.first_name} ${row.last_name} ${row.gender}`).sort()
    expect(names).toEqual(['Ana Lopez female', 'Ben Cole male', 'Ruth Stone null'])
    // Without consent on record only the name and gender are kept (spec 2 §4), as in create-user.
    const ana = (await contactsOf(c.church)).find((row) => row.first_name === 'Ana')!
    expect(ana.email).toBeNull()
    const added = await t.db
      .select({ action: activityLog.action, after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, ana.id), eq(activityLog.subject_type, 'user')))
    expect(added).toEqual([{ action: 'add', after: expect.objectContaining({ first_name: 'Ana', source_of_change: 'user_import', import_row: 2 }) }])
  })

  it('numbers the rows of a later chunk from first_row, and a second import of the same rows adds no one', async () => {
    const c = await buildChurch(t)
    const data = [
      { first_name: 'Eve', last_name: 'Hart', gender: 'female', phone: '0412 000 111' },
      { first_name: 'Eli', last_name: 'Hart', gender: 'male' },
    ]
    expect(body(await importRows(c, c.leader.token, data, { first_row: 502 }))).toMatchObject({ count_successful: 2, count_unsuccessful: 0 })
    const again = body(await importRows(c, c.leader.token, data, { first_row: 502 }))
    expect(again).toMatchObject({ count_successful: 0, count_unsuccessful: 2 })
    expect(again.unsuccessful_team_user_exists.map((problem: { row: number }) => problem.row)).toEqual([502, 503])
    expect(await contactsOf(c.church)).toHaveLength(2)
  })

  it('two imports of the same rows at once add each person once', async () => {
    const c = await buildChurch(t)
    const data = [{ first_name: 'Ivy', last_name: 'Moss', gender: 'female' }]
    const [first, second] = await Promise.all([importRows(c, c.leader.token, data), importRows(c, c.owner.token, data)])
    expect([body(first).count_successful, body(second).count_successful].sort()).toEqual([0, 1])
    expect(await contactsOf(c.church)).toHaveLength(1)
  })

  it('keeps a child out of reach of a caller under the child data gate', async () => {
    const c = await buildChurch(t)
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const child = { first_name: 'Kid', last_name: 'Young', gender: 'male', dob: `${new Date().getFullYear() - 8}-03` }
    const gated = body(await importRows(c, unchecked.token, [child]))
    expect(gated).toMatchObject({
      count_successful: 0,
      count_unsuccessful: 1,
      unsuccessful_error: [{ row: 2, name: 'Kid Young', reason: childRecordClosedMessage, issues: [{ code: 'child_record_closed' }] }],
    })
    expect(await contactsOf(c.church)).toHaveLength(0)
  })

  it('needs import_contact in the group, reaches only the caller’s teams, and refuses bad input whole (400) changing nothing', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const row = { first_name: 'Zed', last_name: 'Ray', gender: 'male' }
    const before = await peopleCount()
    expect((await importRows(c, c.member.token, [row])).statusCode).toBe(403)
    expect((await post(t, 'import-users', c.leader.token, { team_id: other.church, group_id: other.church, data: [row] })).statusCode).toBe(404)
    for (const data of [
      'not json',
      [],
      'x',
      Array.from({ length: 501 }, () => row),
      [{ first_name: 'x'.repeat(2001), last_name: 'Ray', gender: 'male' }],
      42,
    ]) {
      const response = await importRows(c, c.leader.token, data)
      expect(response.statusCode, JSON.stringify(data).slice(0, 60)).toBe(400)
      expect(Object.keys(body(response).data.errors).every((field) => field.startsWith('data'))).toBe(true)
    }
    expect((await importRows(c, c.leader.token, [row], { first_row: 0 })).statusCode).toBe(400)
    expect(await peopleCount()).toBe(before)
    const ids = (await contactsOf(c.church)).map((contact) => contact.id)
    expect(ids).toHaveLength(0)
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(inArray(activityLog.team_id, [c.church, other.church])),
    ).toHaveLength(0)
  })

  it('refuses a row that repeats an earlier row of the file (email or phone): that person is in this team now', async () => {
    const c = await buildChurch(t)
    const data = [
      { first_name: 'Lia', last_name: 'Ford', gender: 'female', email: 'lia@example.org' },
      { first_name: 'Lia', last_name: 'Forde', gender: 'female', email: 'LIA@example.org' },
      { first_name: 'Max', last_name: 'Ford', gender: 'male', phone: '0412 555 001' },
      { first_name: 'Maxwell', last_name: 'Ford', gender: 'male', phone: '+61412555001' },
    ]
    const answer = body(await importRows(c, c.leader.token, data))
    expect(answer).toMatchObject({ count_successful: 2, count_unsuccessful: 2 })
    expect(answer.unsuccessful_team_user_exists).toEqual([
      { row: 3, name: 'Lia Forde', reason: inThisTeamMessage, issues: [{ code: 'exists_in_this_team' }] },
      { row: 5, name: 'Maxwell Ford', reason: inThisTeamMessage, issues: [{ code: 'exists_in_this_team' }] },
    ])
    expect((await contactsOf(c.church)).map((row) => row.first_name).sort()).toEqual(['Lia', 'Max'])
  })
})

// The extended columns (spec 2 §3 extended list; issue 17: "The extended columns create what they name").
describe('import-users, the extended columns', () => {
  const scopeOf = (c: Church) => ({ team_id: c.church, group_id: c.church })

  it('creates what each column names, each with its activity row marked as the import’s (D2-3.14-03)', async () => {
    const c = await buildChurch(t)
    const riverside = await buildChurch(t, { conference: c.conference, title: 'Riverside Church' })
    const row = {
      first_name: 'Grace',
      last_name: 'Hill',
      gender: 'female',
      notes: 'Met at the food bank; loves gardening.',
      prayer_request: 'Pray for her job interview.',
      decision_to_follow_jesus: 'yes',
      decision_to_interact: 'Y',
      decision_for_bible_studies: 'x',
      decision_for_baptism: 1,
      decision_to_disciple: 'Sí',
      decision_for_service: '2024-02-03',
      other_decision: 'Joined the choir',
      expect_follow_up: 'yes',
      assign_to_team_name: '  RIVERSIDE church ',
    }
    const answer = await importRows(c, c.leader.token, [row])
    expect(body(answer), answer.body).toMatchObject({ count_successful: 1, count_unsuccessful: 0 })
    const [grace] = await contactsOf(c.church)
    const id = grace!.id

    const noted = body(await get(t, `contact-notes/${id}`, c.leader.token, scopeOf(c)))
    expect(noted.items).toEqual([expect.objectContaining({ content: row.notes, is_encrypted: false, is_public: false, author_id: c.leader.id })])

    const followed = body(await get(t, `contact-interactions/${id}`, c.leader.token, scopeOf(c)))
    expect(followed.items).toEqual([
      expect.objectContaining({
        type: 'prayer_request',
        prayer_type: 'request',
        content: row.prayer_request,
        is_completed: true,
        source: 'user_import',
        by_user_id: c.leader.id,
      }),
    ])
    const today = followed.items[0].date as string

    const events = body(await get(t, `contact-events/${id}`, c.leader.token, { ...scopeOf(c), order: 'asc' }))
    const recorded = (events.items as Array<{ type: string; kind: string; date: string; content: string | null }>).map(({ type, kind, date, content }) => ({
      type,
      kind,
      date,
      content,
    }))
    expect(recorded.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'decision-for-baptism', kind: 'decision', date: today, content: null },
      { type: 'decision-for-bible-studies', kind: 'decision', date: today, content: null },
      { type: 'decision-for-service', kind: 'decision', date: '2024-02-03', content: null },
      { type: 'decision-to-disciple', kind: 'decision', date: today, content: null },
      { type: 'decision-to-follow-jesus', kind: 'decision', date: today, content: null },
      { type: 'decision-to-interact', kind: 'decision', date: today, content: null },
      { type: 'other', kind: 'event', date: today, content: 'Joined the choir' },
    ])

    // The contact: a last interaction today; expect_follow_up, like every field but the name
    // and gender, is not kept until consent is on record (docs/decisions.md "Contact import").
    const contact = body(await get(t, `contact/${id}`, c.leader.token, scopeOf(c)))
    expect(contact.data_view).toMatchObject({ name: 'Grace Hill', expect_follow_up: false, last_interaction: { days_ago: 0 } })

    // The lists find the new contact at once: its read model is filled.
    const found = body(await get(t, 'contacts', c.leader.token, { ...scopeOf(c), search: 'grace' }))
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([id])

    // Also a contact of Riverside Church, which owns it too and can open it.
    const [held] = await t.db
      .select()
      .from(teamContacts)
      .where(and(eq(teamContacts.team_id, riverside.church), eq(teamContacts.person_id, id)))
    expect(held).toMatchObject({ is_owner: true, state: 'active', added_by_id: c.leader.id, sort_name: 'grace hill' })
    expect((await get(t, `contact/${id}`, riverside.owner.token, { team_id: riverside.church, group_id: riverside.church })).statusCode).toBe(200)

    const logged = await t.db
      .select({ team: activityLog.team_id, subject: activityLog.subject_type, action: activityLog.action, after: activityLog.after })
      .from(activityLog)
      .where(eq(activityLog.contact_id, id))
    expect(logged.map((entry) => `${entry.subject} ${entry.action} ${entry.team === riverside.church ? 'riverside' : 'church'}`).sort()).toEqual([
      'interaction add church',
      'team_contacts add riverside',
      'user add church',
      'user_event add church',
      'user_event add church',
      'user_event add church',
      'user_event add church',
      'user_event add church',
      'user_event add church',
      'user_event add church',
      'user_note add church',
    ])
    for (const entry of logged) expect(entry.after, entry.subject).toMatchObject({ source_of_change: 'user_import', import_row: 2 })
  })

  it('refuses a row with a bad cell or an unknown team by its number and reason, saves nothing of it, and imports the rest', async () => {
    const c = await buildChurch(t)
    const elsewhere = await buildChurch(t, { title: 'Hilltop Church' })
    const extras = { notes: 'A note', prayer_request: 'A prayer', decision_to_follow_jesus: 'yes' }
    const data = [
      { first_name: 'Good', last_name: 'One', gender: 'male', ...extras },
      { first_name: 'Bad', last_name: 'Decision', gender: 'male', ...extras, decision_for_baptism: 'maybe' },
      { first_name: 'Bad', last_name: 'Followup', gender: 'male', ...extras, expect_follow_up: 'perhaps' },
      { first_name: 'Far', last_name: 'Team', gender: 'female', ...extras, assign_to_team_name: 'Hilltop Church' },
      { first_name: 'No', last_name: 'Team', gender: 'female', ...extras, assign_to_team_name: 'Nowhere Church' },
      { first_name: 'Good', last_name: 'Two', gender: 'female', ...extras },
    ]
    const answer = body(await importRows(c, c.leader.token, data))
    expect(answer).toMatchObject({ count_successful: 2, count_unsuccessful: 4 })
    expect(answer.unsuccessful_error).toEqual([
      {
        row: 3,
        name: 'Bad Decision',
        reason: 'The row has invalid values.',
        errors: { decision_for_baptism: decisionCellMessage },
        issues: [{ code: 'yes_no_or_date', field: 'decision_for_baptism', value: 'maybe', order: 'dmy' }],
      },
      {
        row: 4,
        name: 'Bad Followup',
        reason: 'The row has invalid values.',
        errors: { expect_follow_up: yesNoMessage },
        issues: [{ code: 'yes_no', field: 'expect_follow_up', value: 'perhaps' }],
      },
      // Another conference's team reads as no team at all: its name is not confirmed.
      {
        row: 5,
        name: 'Far Team',
        reason: unknownTeamMessage,
        errors: { assign_to_team_name: unknownTeamMessage },
        issues: [{ code: 'unknown_team', field: 'assign_to_team_name', value: 'Hilltop Church' }],
      },
      {
        row: 6,
        name: 'No Team',
        reason: unknownTeamMessage,
        errors: { assign_to_team_name: unknownTeamMessage },
        issues: [{ code: 'unknown_team', field: 'assign_to_team_name', value: 'Nowhere Church' }],
      },
    ])
    const kept = await contactsOf(c.church)
    expect(kept.map((row) => `${row.first_name} ${row.last_name}`).sort()).toEqual(['Good One', 'Good Two'])
    const ids = kept.map((row) => row.id)
    const bad = await t.db
      .select({ id: people.id })
      .from(people)
      .where(inArray(people.last_name, ['Decision', 'Followup', 'Team']))
    expect(bad).toEqual([])
    expect(await t.db.select({ n: count() }).from(notes).where(eq(notes.team_id, c.church))).toEqual([{ n: 2 }])
    expect(await t.db.select({ n: count() }).from(interactions).where(eq(interactions.team_id, c.church))).toEqual([{ n: 2 }])
    expect(await t.db.select({ n: count() }).from(contactEvents).where(eq(contactEvents.team_id, c.church))).toEqual([{ n: 2 }])
    expect(
      (await t.db.select({ contact: activityLog.contact_id }).from(activityLog).where(eq(activityLog.team_id, c.church))).every((row) =>
        ids.includes(row.contact!),
      ),
    ).toBe(true)
    expect(await t.db.select().from(teamContacts).where(eq(teamContacts.team_id, elsewhere.church))).toEqual([])
  })

  it('with import_as_members drops the member_status column: lead-visited is not taken, nor even checked (D2-4.7-03)', async () => {
    const c = await buildChurch(t)
    const data = [
      { first_name: 'Mia', last_name: 'Lead', gender: 'female', member_status: 'lead-visited', source: 'walk-in' },
      { first_name: 'Ned', last_name: 'Odd', gender: 'male', member_status: 'not-a-status' },
    ]
    const asMembers = body(await importRows(c, c.leader.token, data, { import_as_members: 1 }))
    expect(asMembers).toMatchObject({ count_successful: 2, count_unsuccessful: 0 })
    const created = await t.db
      .select({ id: people.id, member_status: people.member_status })
      .from(people)
      .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
      .where(eq(teamContacts.team_id, c.church))
    expect(created.map((row) => row.member_status)).not.toContain('lead-visited')
    const added = await t.db
      .select({ after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.team_id, c.church), eq(activityLog.subject_type, 'user')))
    expect(JSON.stringify(added)).not.toContain('lead-visited')
    // Without the option the column is read: a status not in the list refuses the row.
    const other = await buildChurch(t)
    const asIs = body(await importRows(other, other.leader.token, [data[1]]))
    expect(asIs.unsuccessful_error).toEqual([
      {
        row: 2,
        name: 'Ned Odd',
        reason: 'The row has invalid values.',
        errors: { member_status: 'Choose a value from the list.' },
        issues: [
          {
            code: 'not_in_list',
            field: 'member_status',
            value: 'not-a-status',
            list: 'member-status-types',
            allowed: expect.arrayContaining(['member']),
            allowed_titles: expect.any(Object),
          },
        ],
      },
    ])
  })

  it('keeps a child’s parent or carer, asks for one, and records nothing a child needs consent for', async () => {
    const c = await buildChurch(t)
    const year = t.clock.now().getFullYear()
    const parent = { parent_carer_first_name: 'Rosa', parent_carer_last_name: 'Diaz', parent_carer_relationship: 'Mother', parent_carer_phone: '0412 345 678' }
    const data = [
      { first_name: 'Teo', last_name: 'Diaz', gender: 'male', dob: `${year - 9}-01`, notes: 'Came with his mother.', ...parent },
      { first_name: 'Ana', last_name: 'Solo', gender: 'female', age: 10 },
      { first_name: 'Eva', last_name: 'Diaz', gender: 'female', age: 8, ...parent, decision_to_follow_jesus: 'yes' },
      { first_name: 'Lua', last_name: 'Diaz', gender: 'female', age: 7, ...parent, prayer_request: 'For her grandmother' },
      { first_name: 'Adult', last_name: 'Diaz', gender: 'female', age: 40, ...parent },
    ]
    const answer = body(await importRows(c, c.leader.token, data))
    expect(answer).toMatchObject({ count_successful: 2, count_unsuccessful: 3 })
    expect(answer.unsuccessful_error).toEqual([
      {
        row: 3,
        name: 'Ana Solo',
        reason: 'The row has invalid values.',
        errors: { parent_carer_first_name: 'Required', parent_carer_email: parentEmailOrPhoneMessage },
        issues: [
          { code: 'required', field: 'parent_carer_first_name' },
          { code: 'parent_contact_required', field: 'parent_carer_email' },
        ],
      },
      {
        row: 4,
        name: 'Eva Diaz',
        reason: minorWithoutConsentMessage,
        errors: { decision_to_follow_jesus: minorWithoutConsentMessage },
        issues: [{ code: 'minor_without_consent', field: 'decision_to_follow_jesus' }],
      },
      {
        row: 5,
        name: 'Lua Diaz',
        reason: minorWithoutConsentMessage,
        errors: { prayer_request: minorWithoutConsentMessage },
        issues: [{ code: 'minor_without_consent', field: 'prayer_request' }],
      },
    ])
    const [teo] = await t.db.select().from(people).where(eq(people.first_name, 'Teo'))
    expect(teo).toMatchObject({
      dob_year: year - 9,
      parent_carer_first_name: 'Rosa',
      parent_carer_last_name: 'Diaz',
      parent_carer_relationship: 'mother',
      parent_carer_phone: '+61412345678',
    })
    const view = body(await get(t, `contact/${teo!.id}`, c.leader.token, scopeOf(c)))
    expect(view.data_view).toMatchObject({ is_child: true, parent_carer_first_name: 'Rosa', parent_carer_relationship: 'mother' })
    expect(await t.db.select({ content: notes.content }).from(notes).where(eq(notes.contact_id, teo!.id))).toEqual([{ content: 'Came with his mother.' }])
    // An adult's parent or carer is not kept without consent, like every field but the name and gender.
    const [adult] = await t.db.select().from(people).where(eq(people.first_name, 'Adult'))
    expect(adult).toMatchObject({ parent_carer_first_name: null, parent_carer_phone: null })
  })

  it('needs the capability each record’s own call needs: a group’s owner who is a member of the team records no decisions', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false })
    await addMember(t, c.member.id, group, 'owner')
    const data = [
      { first_name: 'Ola', last_name: 'Noted', gender: 'female', notes: 'Seen at the door', prayer_request: 'For rain' },
      { first_name: 'Pia', last_name: 'Decided', gender: 'female', decision_for_baptism: 'yes' },
    ]
    const answer = body(await post(t, 'import-users', c.member.token, { team_id: c.church, group_id: group, data }))
    expect(answer).toMatchObject({ count_successful: 1, count_unsuccessful: 1 })
    expect(answer.unsuccessful_error).toEqual([
      {
        row: 3,
        name: 'Pia Decided',
        reason: 'Your role in this team does not let you record this.',
        errors: { decision_for_baptism: expect.any(String) },
        issues: [{ code: 'not_allowed', field: 'decision_for_baptism' }],
      },
    ])
    const [ola] = await t.db.select({ id: people.id }).from(people).where(eq(people.first_name, 'Ola'))
    expect(await t.db.select({ group: groupContacts.group_id }).from(groupContacts).where(eq(groupContacts.person_id, ola!.id))).toEqual([{ group }])
    expect(await t.db.select({ n: count() }).from(notes).where(eq(notes.contact_id, ola!.id))).toEqual([{ n: 1 }])
    expect(await t.db.select({ n: count() }).from(interactions).where(eq(interactions.contact_id, ola!.id))).toEqual([{ n: 1 }])
  })

  it('takes a full chunk of 500 rows with long notes and prayer requests (a body above the app’s 2 MB)', async () => {
    const c = await buildChurch(t)
    const long = 'Lorem ipsum dolor sit amet, '.repeat(72).slice(0, 2000)
    const data = Array.from({ length: 500 }, (_, n) => ({
      first_name: `Bulk${n}`,
      last_name: 'Person',
      gender: n % 2 ? 'male' : 'female',
      notes: long,
      prayer_request: long,
      other_decision: long,
    }))
    expect(JSON.stringify(data).length).toBeGreaterThan(2 * 1024 * 1024)
    const response = await importRows(c, c.leader.token, data)
    expect(response.statusCode).toBe(200)
    expect(body(response)).toMatchObject({ count_successful: 500, count_unsuccessful: 0 })
    expect(await t.db.select({ n: count() }).from(notes).where(eq(notes.team_id, c.church))).toEqual([{ n: 500 }])
    expect(await t.db.select({ n: count() }).from(interactions).where(eq(interactions.team_id, c.church))).toEqual([{ n: 500 }])
    expect(await t.db.select({ n: count() }).from(contactEvents).where(eq(contactEvents.team_id, c.church))).toEqual([{ n: 500 }])
  })
})
