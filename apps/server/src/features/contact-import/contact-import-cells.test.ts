import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, inArray } from 'drizzle-orm'
import { activityLog, contactEvents, notes, parentalConsents, people, teamContacts, teams } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, get, post, type Church } from '../../../test/contact-factories'

// import-users (issue 35 items 9 and 10): cells as the app shows them (a lookup's title in
// English or Spanish, dates as the team's country writes them), each refusal as codes, the
// consent a church collected on paper, what each row kept, and a dry run that answers the
// same and writes nothing.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function importRows(c: Church, data: unknown, extra: Record<string, unknown> = {}) {
  return post(t, 'import-users', c.leader.token, { team_id: c.church, group_id: c.church, data, ...extra })
}

async function personNamed(first_name: string) {
  const [person] = await t.db.select().from(people).where(eq(people.first_name, first_name))
  return person!
}

async function inCountry(c: Church, country: string) {
  await t.db
    .update(teams)
    .set({ settings: { default_country: country } })
    .where(eq(teams.id, c.church))
}

const paperConsent = { consent_type: 'Verbal', consent_date: '14/03/2026', consent_content: 'Happy to be visited and called' }

describe('import-users reads what the app shows (issue 35 item 9)', () => {
  it('takes a lookup’s id or its title in English or Spanish, case and spacing aside; words a refusal as codes with the allowed values', async () => {
    const c = await buildChurch(t)
    const data = [
      {
        first_name: 'Amy',
        last_name: 'Title',
        gender: 'female',
        member_status: 'Church attendee',
        source: 'social  MEDIA',
        religion: 'Cristiano: Católico',
        ...paperConsent,
      },
      { first_name: 'Bo', last_name: 'Spanish', gender: 'male', member_status: '  asiste a la IGLESIA ', source: 'Redes sociales', ...paperConsent },
      { first_name: 'Cy', last_name: 'Id', gender: 'male', member_status: 'church-attendee', source: 'friend-family', ...paperConsent },
      { first_name: 'Di', last_name: 'Typo', gender: 'female', member_status: 'Church atendee', ...paperConsent },
    ]
    const answer = body(await importRows(c, data))
    expect(answer).toMatchObject({ count_successful: 3, count_unsuccessful: 1, with_consent: [2, 3, 4] })
    expect(answer.unsuccessful_error).toEqual([
      {
        row: 5,
        name: 'Di Typo',
        reason: 'The row has invalid values.',
        errors: { member_status: 'Choose a value from the list.' },
        issues: [
          {
            code: 'not_in_list',
            field: 'member_status',
            value: 'Church atendee',
            list: 'member-status-types',
            allowed: expect.arrayContaining(['member', 'church-attendee', 'lead-visited']),
            // The titles the app shows, in each language, for the web to list in the reader's.
            allowed_titles: { en: expect.arrayContaining(['Church attendee']), es: expect.arrayContaining(['Asiste a la iglesia']) },
          },
        ],
      },
    ])
    expect(await personNamed('Amy')).toMatchObject({ member_status: 'church-attendee', source: 'social-media', religion: 'catholic' })
    expect(await personNamed('Bo')).toMatchObject({ member_status: 'church-attendee', source: 'social-media' })
    expect(await personNamed('Cy')).toMatchObject({ member_status: 'church-attendee', source: 'friend-family' })
  })

  it('reads dates as the team’s country writes them: day first in Australia, month first in the United States, and asks for YYYY-MM-DD when both fit', async () => {
    const au = await buildChurch(t)
    const answer = body(
      await importRows(au, [
        { first_name: 'Eve', last_name: 'Aussie', gender: 'female', dob: '31/05/1990', ...paperConsent, member_status: 'member' },
        { first_name: 'Fay', last_name: 'Aussie', gender: 'female', dob: '05/31/1990' },
        { first_name: 'Gil', last_name: 'Aussie', gender: 'male', dob: '1990', decision_for_baptism: '8/2/2026' },
      ]),
    )
    expect(answer).toMatchObject({ count_successful: 2, count_unsuccessful: 1 })
    expect(answer.unsuccessful_error[0]).toMatchObject({ row: 3, issues: [{ code: 'invalid_date', field: 'dob', value: '05/31/1990', order: 'dmy' }] })
    expect(await personNamed('Eve')).toMatchObject({ dob_year: 1990, dob_month: 5, consent_date: '2026-03-14' })
    const gil = await personNamed('Gil')
    expect(await t.db.select({ date: contactEvents.date }).from(contactEvents).where(eq(contactEvents.contact_id, gil.id))).toEqual([{ date: '2026-02-08' }])

    const us = await buildChurch(t)
    await inCountry(us, 'US')
    const american = body(
      await importRows(us, [
        { first_name: 'Hal', last_name: 'Yank', gender: 'male', dob: '05/31/1990', ...paperConsent, consent_date: '03/14/2026', member_status: 'member' },
        { first_name: 'Ida', last_name: 'Yank', gender: 'female', dob: '31/05/1990' },
      ]),
    )
    expect(american).toMatchObject({ count_successful: 1, count_unsuccessful: 1 })
    expect(american.unsuccessful_error[0].issues).toEqual([{ code: 'invalid_date', field: 'dob', value: '31/05/1990', order: 'mdy' }])
    expect(await personNamed('Hal')).toMatchObject({ dob_year: 1990, dob_month: 5, consent_date: '2026-03-14' })

    const ca = await buildChurch(t)
    await inCountry(ca, 'CA')
    const canadian = body(await importRows(ca, [{ first_name: 'Jo', last_name: 'Canuck', gender: 'male', decision_for_baptism: '05/03/2024' }]))
    expect(canadian.unsuccessful_error[0].issues).toEqual([{ code: 'ambiguous_date', field: 'decision_for_baptism', value: '05/03/2024', order: 'either' }])
  })
})

describe('import-users keeps what the file gives with consent (issue 35 item 10)', () => {
  it('an adult’s verbal or direct consent keeps every column and records the consent; without it only the name and gender, and the result says so per row (D2-3.14-02)', async () => {
    const c = await buildChurch(t)
    const details = { email: 'kim@example.org', phone: '0412 345 678', member_status: 'Church attendee', source: 'Friend or family', address_city: 'Hobart' }
    const data = [
      { first_name: 'Kim', last_name: 'Paper', gender: 'female', ...details, ...paperConsent },
      {
        first_name: 'Lou',
        last_name: 'Signed',
        gender: 'male',
        ...details,
        email: 'lou@example.org',
        phone: '0412 345 679',
        ...paperConsent,
        consent_type: 'direct',
      },
      { first_name: 'Mo', last_name: 'None', gender: 'male', ...details, email: 'mo@example.org', phone: '0412 345 670' },
    ]
    const answer = body(await importRows(c, data))
    expect(answer).toMatchObject({
      count_successful: 3,
      count_unsuccessful: 0,
      with_consent: [2, 3],
      kept_without_consent: [{ row: 4, name: 'Mo None', not_kept: ['email', 'phone', 'member_status', 'source', 'address_city'], child: false }],
    })
    expect(await personNamed('Kim')).toMatchObject({
      email: 'kim@example.org',
      phone: '+61412345678',
      member_status: 'church-attendee',
      source: 'friend-family',
      address_city: 'Hobart',
      consent_type: 'verbal',
      consent_date: '2026-03-14',
      consent_content: 'Happy to be visited and called',
    })
    expect(await personNamed('Lou')).toMatchObject({ email: 'lou@example.org', consent_type: 'direct', consent_date: '2026-03-14' })
    expect(await personNamed('Mo')).toMatchObject({ email: null, phone: null, member_status: null, consent_type: null })

    // The contact shows what was kept: the email and phone, and the consent on record.
    const kim = await personNamed('Kim')
    const view = body(await get(t, `contact/${kim.id}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(view.data_view).toMatchObject({ email: 'kim@example.org', phone: '+61 412 345 678', consent_type: 'verbal' })
  })

  it('refuses consent columns that are not a consent, and takes no consent for a child from a file', async () => {
    const c = await buildChurch(t)
    const year = t.clock.now().getFullYear()
    const parent = { parent_carer_first_name: 'Rosa', parent_carer_phone: '0412 345 678' }
    const data = [
      { first_name: 'Ned', last_name: 'Undated', gender: 'male', member_status: 'member', consent_type: 'verbal', consent_content: 'Agreed' },
      { first_name: 'Oli', last_name: 'Maybe', gender: 'male', consent_type: 'maybe', consent_date: '2026-03-14', consent_content: 'Agreed' },
      { first_name: 'Pat', last_name: 'Untyped', gender: 'male', consent_date: '2026-03-14' },
      { first_name: 'Quin', last_name: 'Child', gender: 'female', dob: `${year - 9}-01`, email: 'quin@example.org', ...parent, ...paperConsent },
    ]
    const answer = body(await importRows(c, data))
    expect(answer.unsuccessful_error.map((problem: { row: number; issues: unknown }) => [problem.row, problem.issues])).toEqual([
      [2, [{ code: 'required', field: 'consent_date' }]],
      [3, [{ code: 'not_in_list', field: 'consent_type', value: 'maybe', allowed: ['verbal', 'direct'] }]],
      [4, [{ code: 'required', field: 'consent_type' }]],
    ])
    // A child's consent is a parent's or carer's, given on the contact's Consent tab (spec 2 §4).
    expect(answer.kept_without_consent).toEqual([{ row: 5, name: 'Quin Child', not_kept: ['email'], child: true }])
    const quin = await personNamed('Quin')
    expect(quin).toMatchObject({ email: null, consent_type: null, parent_carer_first_name: 'Rosa' })
    expect(await t.db.select().from(parentalConsents).where(eq(parentalConsents.contact_id, quin.id))).toEqual([])
  })
})

describe('import-users dry run (issue 35 item 9)', () => {
  it('answers what the import will do, row by row, and writes nothing', async () => {
    const c = await buildChurch(t)
    await post(t, 'import-users', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      data: [{ first_name: 'Rae', last_name: 'Known', gender: 'female' }],
    })
    const data = [
      {
        first_name: 'Sam',
        last_name: 'Fine',
        gender: 'male',
        notes: 'Met at the door',
        decision_for_baptism: 'yes',
        prayer_request: 'For work',
        ...paperConsent,
        member_status: 'member',
      },
      { first_name: 'Tess', last_name: 'Fine', gender: 'female', email: 'tess@example.org' },
      { first_name: 'Rae', last_name: 'Known', gender: 'female' },
      { first_name: 'Uma', last_name: 'Bad', gender: 'female', member_status: 'Church atendee' },
      { first_name: 'Sam', last_name: 'Fine', gender: 'male' },
    ]
    const counts = async () => ({
      people: (await t.db.select({ n: count() }).from(people))[0]!.n,
      held: (await t.db.select({ n: count() }).from(teamContacts).where(eq(teamContacts.team_id, c.church)))[0]!.n,
      notes: (await t.db.select({ n: count() }).from(notes).where(eq(notes.team_id, c.church)))[0]!.n,
      activity: (await t.db.select({ n: count() }).from(activityLog).where(eq(activityLog.team_id, c.church)))[0]!.n,
    })
    const before = await counts()
    const dry = await importRows(c, data, { dry_run: 1, first_row: 10 })
    expect(dry.statusCode, dry.body).toBe(200)
    expect(body(dry)).toMatchObject({ count_successful: 2, count_unsuccessful: 3, with_consent: [10] })
    expect(await counts()).toEqual(before)
    expect(
      await t.db
        .select()
        .from(people)
        .where(inArray(people.first_name, ['Sam', 'Tess'])),
    ).toEqual([])

    // The import itself answers the same, and names the import it wrote (a dry run writes none).
    const real = await importRows(c, data, { first_row: 10 })
    expect(body(dry)).not.toHaveProperty('import_id')
    expect(body(real)).toEqual({ ...body(dry), import_id: expect.any(Number) })
    expect((await counts()).held).toBe(before.held + 2)
  })
})
