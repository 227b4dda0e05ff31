import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, count, eq } from 'drizzle-orm'
import { activityLog, interactions, people, teamContacts, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { interactionExistsMessage } from './interaction-import.service'

// import-contact-interactions (spec 2 §3 "Contact import columns", §6 import_interaction,
// §7 "Contact import"; issue 17).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const day = 24 * 3_600_000

/** A date (YYYY-MM-DD) `days` from today, in Sydney (the teams' default time zone). */
function dateIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(t.clock.now().getTime() + days * day))
}

function importRows(c: Church, token: string, contact: number, data: unknown, extra: Record<string, unknown> = {}) {
  return post(t, 'import-contact-interactions', token, { team_id: c.church, group_id: c.church, user_id: contact, data, ...extra })
}

async function interactionsOf(contact: number) {
  return t.db
    .select({
      id: interactions.id,
      type: interactions.type,
      date: interactions.date,
      time: interactions.time,
      content: interactions.content,
      is_completed: interactions.is_completed,
      source: interactions.source,
      team_id: interactions.team_id,
      author_id: interactions.author_id,
    })
    .from(interactions)
    .where(eq(interactions.contact_id, contact))
    .orderBy(asc(interactions.id))
}

async function interactionCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(interactions)
  return row!.n
}

async function activityCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(activityLog)
  return row!.n
}

const result = (fields: Record<string, unknown>) => ({
  count_successful: 0,
  count_unsuccessful: 0,
  unsuccessful_exists: [],
  unsuccessful_not_exists: [],
  unsuccessful_team_user_exists: [],
  unsuccessful_invalid_email: [],
  unsuccessful_error: [],
  ...fields,
})

describe('import-contact-interactions', () => {
  it('imports good rows with source user_import and an activity row each; the list shows them (D2-7.6-02, D2-3.9-02, D2-3.14-05)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const data = [
      { date: '2024-03-05', time: '10:30', type: 'visit', content: 'Met the family', unknown_column: 'ignored' },
      { date: '2024-03-06', time: '9:05', type: 'Llamada telefónica' },
    ]
    const response = await importRows(c, c.leader.token, contact, JSON.stringify(data))
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual(result({ count_successful: 2 }))

    const saved = await interactionsOf(contact)
    expect(saved).toEqual([
      {
        id: expect.any(Number),
        type: 'visit',
        date: '2024-03-05',
        time: '10:30',
        content: 'Met the family',
        is_completed: true,
        source: 'user_import',
        team_id: c.church,
        author_id: c.leader.id,
      },
      {
        id: expect.any(Number),
        type: 'phone-call',
        date: '2024-03-06',
        time: '09:05',
        content: null,
        is_completed: true,
        source: 'user_import',
        team_id: c.church,
        author_id: c.leader.id,
      },
    ])
    const logged = await t.db
      .select({ subject_id: activityLog.subject_id, action: activityLog.action, after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, contact), eq(activityLog.subject_type, 'interaction')))
      .orderBy(asc(activityLog.id))
    expect(logged).toEqual([
      {
        subject_id: saved[0]!.id,
        action: 'add',
        after: expect.objectContaining({ type: 'visit', source: 'user_import', source_of_change: 'user_import', import_row: 2 }),
      },
      {
        subject_id: saved[1]!.id,
        action: 'add',
        after: expect.objectContaining({ type: 'phone-call', source: 'user_import', source_of_change: 'user_import', import_row: 3 }),
      },
    ])

    // The contact's interactions list (GET contact-interactions/{id}) shows them, newest first.
    const list = await get(t, `contact-interactions/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church })
    expect(list.statusCode).toBe(200)
    expect(body(list).items.map((item: any) => [item.type, item.type_display, item.time, item.source, item.by_user_id])).toEqual([
      ['phone-call', 'Phone call', '09:05', 'user_import', c.leader.id],
      ['visit', 'Visit', '10:30', 'user_import', c.leader.id],
    ])
    // The read model follows: the contact has a last interaction now.
    const [model] = await t.db
      .select()
      .from(teamContacts)
      .where(and(eq(teamContacts.person_id, contact), eq(teamContacts.team_id, c.church)))
    expect(model!.last_interaction_at).not.toBeNull()
  })

  it('refuses a row without date, time or type by its row number and imports the rest (D2-3.14-04)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const data = [
      { date: '2024-05-01', time: '08:00', type: 'message' },
      { date: '2024-05-02', type: 'visit' },
      { time: '11:00' },
      { date: '2024-05-03', time: '12:00:00', type: 'Bible study', bible_study: 'Jesus: the Saviour', reaction: 'Happy', is_completed: 'no' },
    ]
    const answer = body(await importRows(c, c.leader.token, contact, data, { first_row: 40 }))
    expect(answer).toEqual(
      result({
        count_successful: 2,
        count_unsuccessful: 2,
        unsuccessful_error: [
          {
            row: 41,
            name: '2024-05-02 visit',
            reason: 'The row has invalid values.',
            errors: { time: 'Required' },
            issues: [{ code: 'required', field: 'time' }],
          },
          {
            row: 42,
            name: '11:00',
            reason: 'The row has invalid values.',
            errors: { date: 'Required', type: 'Required' },
            issues: [
              { code: 'required', field: 'date' },
              { code: 'required', field: 'type' },
            ],
          },
        ],
      }),
    )
    const saved = await interactionsOf(contact)
    expect(saved.map((row) => [row.type, row.date, row.time, row.is_completed])).toEqual([
      ['message', '2024-05-01', '08:00', true],
      ['bible-study', '2024-05-03', '12:00', false],
    ])
    const [study] = await t.db
      .select({ bible_study: interactions.bible_study, reaction: interactions.reaction })
      .from(interactions)
      .where(eq(interactions.id, saved[1]!.id))
    expect(study).toEqual({ bible_study: 'discover-3', reaction: 'happy' })
  })

  it('matches the type by key or by its English or Spanish title, case aside; an unknown type or a bad field is the row’s error', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const data = [
      { date: '2024-06-01', time: '10:00', type: 'VISITA' },
      { date: '2024-06-02', time: '10:00', type: 'Oración contestada' },
      { date: '2024-06-03', time: '10:00', type: 'share-literature' },
      { date: '2024-06-04', time: '10:00', type: 'Otro', type_other: 'Coffee' },
      { date: '2024-06-05', time: '10:00', type: 'party' },
      { date: '2024-06-06', time: '10:00', type: 'other' },
      { date: '2024-06-07', time: '10:00', type: 'prayer' },
      { date: '2024-02-30', time: '25:00', type: 'visit' },
      // An Excel date typed as a number (five digits) is a date: 2023-03-15.
      { date: 45000, time: '10:00', type: 'visit' },
      { date: '2024-06-08', time: '10:00', type: 'visit', is_completed: 'maybe' },
      { date: '2024-06-09', time: '10:00', type: 'bible-study', bible_study: 'no such lesson' },
      { date: dateIn(10), time: '10:00', type: 'visit' },
    ]
    const answer = body(await importRows(c, c.leader.token, contact, data))
    expect(answer.count_successful).toBe(6)
    expect(answer.unsuccessful_error.map((problem: any) => [problem.row, problem.errors])).toEqual([
      [6, { type: 'Choose an interaction type of the list.' }],
      [7, { type_other: expect.any(String) }],
      [8, { prayer_type: expect.any(String) }],
      [9, { date: expect.any(String), time: expect.any(String) }],
      [11, { is_completed: 'Use yes or no.' }],
      [12, { bible_study: 'Choose a Bible study of the list.' }],
    ])
    // Each refusal as codes the web words in the reader's language (issue 35 item 9).
    expect(answer.unsuccessful_error.map((problem: any) => problem.issues)).toEqual([
      [
        {
          code: 'not_in_list',
          field: 'type',
          value: 'party',
          list: 'interaction-types',
          allowed: expect.arrayContaining(['visit', 'bible-study', 'other']),
          allowed_titles: expect.objectContaining({ es: expect.arrayContaining(['Visita']) }),
        },
      ],
      [{ code: 'required', field: 'type_other' }],
      [{ code: 'required', field: 'prayer_type' }],
      [
        { code: 'invalid_date', field: 'date', value: '2024-02-30', order: 'dmy' },
        { code: 'invalid_time', field: 'time', value: '25:00' },
      ],
      [{ code: 'yes_no', field: 'is_completed', value: 'maybe' }],
      [
        {
          code: 'not_in_list',
          field: 'bible_study',
          value: 'no such lesson',
          list: 'bible-studies',
          allowed: expect.arrayContaining(['discover-1']),
          allowed_titles: expect.any(Object),
        },
      ],
    ])
    expect(answer.unsuccessful_error[0].name).toBe('2024-06-05 10:00 party')
    const saved = await interactionsOf(contact)
    expect(saved.map((row) => [row.type, row.is_completed])).toEqual([
      ['visit', true],
      ['prayer_answer', true],
      ['share-literature', true],
      ['other', true],
      ['visit', true],
      // A planned interaction is not completed unless the row says so.
      ['visit', false],
    ])
  })

  it('skips an interaction already recorded, so importing a file again adds nothing (unsuccessful_exists)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await post(t, 'add-contact-interaction', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      user_id: contact,
      type: 'visit',
      date: '2024-07-01',
      time: '10:00',
    })
    const data = [
      { date: '2024-07-01', time: '10:00', type: 'Visit' },
      { date: '2024-07-02', time: '10:00', type: 'visit' },
      { date: '2024-07-02', time: '10:00', type: 'visit' },
    ]
    expect(body(await importRows(c, c.leader.token, contact, data))).toEqual(
      result({
        count_successful: 1,
        count_unsuccessful: 2,
        unsuccessful_exists: [
          { row: 2, name: '2024-07-01 10:00 Visit', reason: interactionExistsMessage, issues: [{ code: 'interaction_exists' }] },
          { row: 4, name: '2024-07-02 10:00 visit', reason: interactionExistsMessage, issues: [{ code: 'interaction_exists' }] },
        ],
      }),
    )
    const again = body(await importRows(c, c.owner.token, contact, data))
    expect(again).toMatchObject({ count_successful: 0, count_unsuccessful: 3 })
    expect(again.unsuccessful_exists.map((problem: any) => problem.row)).toEqual([2, 3, 4])
    expect(await interactionsOf(contact)).toHaveLength(2)
  })

  it('reads types and lessons by id or title in either language, and dates as the team’s country writes them (issue 35 item 9)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const data = [
      { date: '05/03/2024', time: '10:30', type: 'Bible study', bible_study: '  the   CROSS ' },
      { date: '31/05/2024', time: '10:30', type: 'estudio biblico', bible_study: 'La cruz' },
      { date: '05/31/2024', time: '10:30', type: 'visit' },
    ]
    const answer = body(await importRows(c, c.leader.token, contact, data))
    expect(answer).toMatchObject({ count_successful: 2, count_unsuccessful: 1 })
    expect(answer.unsuccessful_error[0].issues).toEqual([{ code: 'invalid_date', field: 'date', value: '05/31/2024', order: 'dmy' }])
    const saved = await t.db
      .select({ type: interactions.type, date: interactions.date, bible_study: interactions.bible_study })
      .from(interactions)
      .where(eq(interactions.contact_id, contact))
      .orderBy(asc(interactions.id))
    expect(saved).toEqual([
      { type: 'bible-study', date: '2024-03-05', bible_study: 'gospels-5' },
      { type: 'bible-study', date: '2024-05-31', bible_study: 'gospels-5' },
    ])

    // A church in the United States writes the month first.
    const us = await buildChurch(t)
    await t.db
      .update(teams)
      .set({ settings: { default_country: 'US' } })
      .where(eq(teams.id, us.church))
    const theirs = await buildContact(t, { teamId: us.church })
    const american = body(await importRows(us, us.leader.token, theirs, [{ date: '05/31/2024', time: '10:30', type: 'Visita' }]))
    expect(american).toMatchObject({ count_successful: 1, count_unsuccessful: 0 })
    expect((await interactionsOf(theirs)).map((row) => row.date)).toEqual(['2024-05-31'])
  })

  it('a dry run answers what the import will do and keeps nothing (issue 35 item 9)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const data = [
      { date: '2024-10-01', time: '10:00', type: 'visit' },
      { date: '2024-10-01', time: '10:00', type: 'visit' },
      { date: '2024-10-02', time: '10:00', type: 'Bible study' },
    ]
    const before = [await interactionCount(), await activityCount()]
    const dry = await importRows(c, c.leader.token, contact, data, { dry_run: true })
    expect(dry.statusCode, dry.body).toBe(200)
    expect(body(dry)).toMatchObject({
      count_successful: 1,
      count_unsuccessful: 2,
      unsuccessful_exists: [{ row: 3, issues: [{ code: 'interaction_exists' }] }],
      unsuccessful_error: [{ row: 4, issues: [{ code: 'required', field: 'bible_study' }] }],
    })
    expect([await interactionCount(), await activityCount()]).toEqual(before)
    const real = await importRows(c, c.leader.token, contact, data)
    expect(body(real)).toEqual(body(dry))
    expect(await interactionsOf(contact)).toHaveLength(1)
  })

  it('two imports of one file at once add each interaction once', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const data = [{ date: '2024-08-01', time: '10:00', type: 'visit' }]
    const [first, second] = await Promise.all([importRows(c, c.leader.token, contact, data), importRows(c, c.owner.token, contact, data)])
    expect([body(first).count_successful, body(second).count_successful].sort()).toEqual([0, 1])
    expect(await interactionsOf(contact)).toHaveLength(1)
  })

  it('needs import_interaction in the group and the contact as add-contact-interaction needs it; nothing is written otherwise (D2-6-17)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const row = [{ date: '2024-09-01', time: '10:00', type: 'visit' }]
    const interactionsBefore = await interactionCount()
    const activityBefore = await activityCount()
    // A member the contact is assigned to logs interactions on it, but may not import them.
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const assigned = await importRows(c, c.member.token, contact, row)
    expect(assigned.statusCode).toBe(403)
    expect(body(assigned).code).toBe('forbidden')
    // A leader of the team who is a plain member of a private group has no import_interaction there.
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false })
    await addMember(t, c.leader.id, group, 'member')
    const inGroup = await post(t, 'import-contact-interactions', c.leader.token, { team_id: c.church, group_id: group, user_id: contact, data: row })
    expect(inGroup.statusCode).toBe(403)
    // A member not assigned to the contact may not add interactions to it at all.
    const other = await buildContact(t, { teamId: c.church })
    expect((await importRows(c, c.member.token, other, row)).statusCode).toBe(403)
    // A pending member, and nobody signed in.
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await importRows(c, pending.token, contact, row)).statusCode).toBe(403)
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/import-contact-interactions',
          payload: { team_id: c.church, group_id: c.church, user_id: contact, data: row },
        })
      ).statusCode,
    ).toBe(401)
    expect(await interactionCount()).toBe(interactionsBefore)
    expect(await activityCount()).toBe(activityBefore)
  })

  it("answers 404 for another team's contact or team, and changes nothing", async () => {
    const c = await buildChurch(t)
    const neighbour = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: neighbour.church })
    const row = [{ date: '2024-09-01', time: '10:00', type: 'visit' }]
    const before = await interactionCount()
    expect((await importRows(c, c.leader.token, theirs, row)).statusCode).toBe(404)
    const ours = await buildContact(t, { teamId: c.church })
    expect(
      (await post(t, 'import-contact-interactions', c.leader.token, { team_id: neighbour.church, group_id: neighbour.church, user_id: ours, data: row }))
        .statusCode,
    ).toBe(404)
    expect(await interactionCount()).toBe(before)
  })

  it('keeps a child’s record closed under the child data gate, and needs consent on record for a minor', async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, {
      teamId: c.church,
      person: { ...bornYearsAgo(t, 10), consent_type: 'direct', consent_date: '2026-01-01', consent_content: 'ok' },
    })
    const row = [{ date: '2024-09-01', time: '10:00', type: 'visit' }]
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const before = [await interactionCount(), await activityCount()]
    const gated = await importRows(c, unchecked.token, child, row)
    expect(gated.statusCode).toBe(403)
    expect(body(gated).code).toBe('child_data_gate')
    expect([await interactionCount(), await activityCount()]).toEqual(before)
    // A checked leader imports for the child.
    expect(body(await importRows(c, c.leader.token, child, row)).count_successful).toBe(1)
    // A minor without consent on record gets no interaction, imported or not.
    const minor = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 9) })
    const refused = await importRows(c, c.owner.token, minor, row)
    expect(refused.statusCode).toBe(400)
    expect(body(refused).data.reason).toBe('minor_without_consent')
    expect(await interactionsOf(minor)).toHaveLength(0)
  })

  it('refuses a malformed chunk whole (400) and changes nothing', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const row = { date: '2024-09-01', time: '10:00', type: 'visit' }
    const interactionsBefore = await interactionCount()
    const activityBefore = await activityCount()
    for (const data of [
      'not json',
      [],
      42,
      Array.from({ length: 501 }, () => row),
      [{ ...row, content: 'x'.repeat(3000) }],
      [{ ...row, type: { key: 'visit' } }],
    ]) {
      const response = await importRows(c, c.leader.token, contact, data)
      expect(response.statusCode, JSON.stringify(data).slice(0, 60)).toBe(400)
      expect(Object.keys(body(response).data.errors).every((field) => field.startsWith('data'))).toBe(true)
    }
    for (const userId of ['abc', 0, -1, 2 ** 40, null]) {
      const response = await post(t, 'import-contact-interactions', c.leader.token, { team_id: c.church, group_id: c.church, user_id: userId, data: [row] })
      expect(response.statusCode, String(userId)).toBe(400)
      expect(body(response).data.errors).toHaveProperty('user_id')
    }
    expect((await importRows(c, c.leader.token, contact, [row], { first_row: 0 })).statusCode).toBe(400)
    expect(await interactionCount()).toBe(interactionsBefore)
    expect(await activityCount()).toBe(activityBefore)
    const [person] = await t.db.select({ id: people.id }).from(people).where(eq(people.id, contact))
    expect(person).toBeDefined()
  })
})
