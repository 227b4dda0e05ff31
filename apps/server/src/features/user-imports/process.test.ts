import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { accounts, activityLog, notifications, teamContacts, userImportRows } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildContact, get, post } from '../../../test/contact-factories'
import { buildConference, createImport, heldBy, importPeople, type Conference } from '../../../test/user-import-factories'
import { alreadyProcessedMessage, noChurchMessage } from './process.service'

// process-user-import (spec 2 §3 process result, §4 "Import-and-share", §7; issue 17 item 4):
// each person chosen goes to their church, moved or shared as the ownership model says, and
// the church is told.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const row = (first_name: string, last_name: string, gender: string, extra: Record<string, unknown> = {}) => ({ first_name, last_name, gender, ...extra })

function processImport(c: Conference, importId: number, choices: Record<number, number | null>) {
  return post(t, `process-user-import/${importId}`, c.officer.token, { team_id: c.conference, add_team_id_by_user_id: choices })
}

async function contactIdsOf(person: TestPerson, churchId: number): Promise<number[]> {
  const response = await get(t, 'contacts', person.token, { team_id: churchId, group_id: churchId })
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items.map((item: { id: number }) => item.id)
}

async function panelOf(person: TestPerson, teamId: number) {
  const response = await get(t, 'notifications', person.token, { team_id: teamId, group_id: teamId })
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items as Array<{ content: string; link_url: string | null; link_text: string | null }>
}

/** A conference whose North church owns Ruth, and an import of Ana, Ben and Cleo (new) and Ruth (found). */
async function importToProcess() {
  const c = await buildConference(t)
  const ruth = await buildContact(t, {
    teamId: c.north.church,
    person: { first_name: 'Ruth', last_name: 'Stone', gender: 'female', email: 'ruth@example.org' },
  })
  const data = [
    row('Ana', 'Lopez', 'female'),
    row('Ruth', 'Stone', 'female', { email: 'ruth@example.org' }),
    row('Ben', 'Cole', 'male'),
    row('Cleo', 'Park', 'female'),
  ]
  const { id } = await createImport(t, c, data, { title: 'Harvest rally' })
  const people = await importPeople(t, id)
  return { c, id, ruth, ana: people.get('Ana')!, ben: people.get('Ben')!, cleo: people.get('Cleo')! }
}

describe('process-user-import', () => {
  it('D2-7.7-04 D2-3.15-03 D2-4.8-04 moves a contact only the conference holds and shares one a church owns; both are in their church’s contacts, and each church is told', async () => {
    const { c, id, ruth, ana, ben } = await importToProcess()
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.north.church, 'member_request')
    await t.db.update(accounts).set({ locale: 'es' }).where(eq(accounts.person_id, c.south.member.id))

    const response = await processImport(c, id, { [ana]: c.north.church, [ruth]: c.south.church })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ count_successful: 2, count_unsuccessful: 0, unsuccessful_error: [] })

    // Ana is moved: North owns her; the conference keeps a copy it no longer owns.
    expect(await heldBy(t, c.north.church, ana)).toMatchObject({ is_owner: true, state: 'active', added_by_id: c.officer.id, sort_name: 'ana lopez' })
    expect(await heldBy(t, c.conference, ana)).toMatchObject({ is_owner: false, state: 'active' })
    // Ruth is shared: South holds her, approved; North still owns her.
    expect(await heldBy(t, c.south.church, ruth)).toMatchObject({ is_owner: false, state: 'active', sort_name: 'ruth stone' })
    expect(await heldBy(t, c.north.church, ruth)).toMatchObject({ is_owner: true })
    expect(await heldBy(t, c.conference, ruth)).toBeUndefined()
    expect(await contactIdsOf(c.north.leader, c.north.church)).toEqual(expect.arrayContaining([ana, ruth]))
    expect(await contactIdsOf(c.south.leader, c.south.church)).toEqual([ruth])
    expect((await get(t, `contact/${ana}`, c.north.leader.token, { team_id: c.north.church, group_id: c.north.church })).statusCode).toBe(200)

    // The import says who went where.
    const record = body(await get(t, `user-import/${id}`, c.officer.token, { team_id: c.conference }))
    const byId = new Map(record.users.map((user: { id: number }) => [user.id, user]))
    expect(byId.get(ana)).toMatchObject({ is_processed: true, processed_team_title: 'North Church', team_id: c.north.church, team_owners_csv: 'North Church' })
    expect(byId.get(ruth)).toMatchObject({ is_processed: true, processed_team_title: 'South Church', team_owners_csv: 'North Church' })
    expect(byId.get(ben)).toMatchObject({ is_processed: false, processed_team_title: null })
    expect(record).toMatchObject({ count_users: 4, count_processed: 2, is_processed: false })

    // Activity: the church's new row and the conference's ownership given up, marked as the import's.
    const activity = await t.db
      .select({ team_id: activityLog.team_id, action: activityLog.action, before: activityLog.before, after: activityLog.after })
      .from(activityLog)
      .where(and(inArray(activityLog.contact_id, [ana, ruth]), eq(activityLog.subject_type, 'team_contacts')))
      .orderBy(activityLog.id)
    const origin = { source_of_change: 'user_import', user_import_id: id }
    expect(activity).toEqual([
      {
        team_id: c.north.church,
        action: 'add',
        before: null,
        after: { team_id: c.north.church, state: 'active', is_owner: true, from_team_id: c.conference, ...origin },
      },
      {
        team_id: c.conference,
        action: 'update',
        before: { team_id: c.conference, is_owner: true },
        after: { team_id: c.conference, is_owner: false, moved_to_team_id: c.north.church, ...origin },
      },
      {
        team_id: c.south.church,
        action: 'add',
        before: null,
        after: { team_id: c.south.church, state: 'active', is_owner: false, from_team_id: c.conference, ...origin },
      },
    ])

    // Each church's users are told once, in their own language; one still asking to join is not.
    for (const person of [c.north.owner, c.north.leader, c.north.member]) {
      expect(await panelOf(person, c.north.church)).toEqual([
        expect.objectContaining({
          content: '<p>1 contact from the conference&#39;s import &#39;Harvest rally&#39; was added to your church.</p>',
          system: { kind: 'import_received', params: { count: 1, import_title: 'Harvest rally' } },
          link_url: '/contacts',
          link_text: 'View contacts',
        }),
      ])
    }
    expect(await panelOf(c.south.member, c.south.church)).toEqual([
      expect.objectContaining({
        content: '<p>1 contacto de la importación &#39;Harvest rally&#39; de la conferencia se añadió a su iglesia.</p>',
        link_text: 'Ver contactos',
      }),
    ])
    expect(await t.db.select().from(notifications).where(eq(notifications.recipient_user_id, pending.id))).toHaveLength(0)
    expect(await panelOf(c.officer, c.conference)).toEqual([])
  })

  it('D2-4.8-03 processes a subset, then the rest; a person already processed is not processed again, one without a church is reported', async () => {
    const { c, id, ruth, ana, ben, cleo } = await importToProcess()
    expect(body(await processImport(c, id, { [ana]: c.north.church }))).toMatchObject({ count_successful: 1, count_unsuccessful: 0 })
    const second = await processImport(c, id, { [ana]: c.south.church, [ben]: c.north.church, [cleo]: null })
    expect(second.statusCode, second.body).toBe(200)
    expect(body(second)).toEqual({
      count_successful: 1,
      count_unsuccessful: 2,
      unsuccessful_error: [
        // Why in English and as its code, which the web words (issue 36).
        { row: 2, name: 'Ana Lopez', reason: alreadyProcessedMessage, issues: [{ code: 'already_processed' }] },
        { row: 5, name: 'Cleo Park', reason: noChurchMessage, issues: [{ code: 'no_church_chosen' }] },
      ],
    })
    // Ana stays where the first call sent her.
    expect(await heldBy(t, c.south.church, ana)).toBeUndefined()
    expect(await heldBy(t, c.north.church, ben)).toMatchObject({ is_owner: true })
    const list = async (type: string) =>
      body(await get(t, 'user-imports', c.officer.token, { team_id: c.conference, type })).items.map((item: { id: number }) => item.id)
    expect(await list('not_processed')).toEqual([id])
    expect(body(await processImport(c, id, { [ruth]: c.north.church, [cleo]: c.south.church }))).toEqual({
      count_successful: 2,
      count_unsuccessful: 0,
      unsuccessful_error: [],
    })
    // Ruth was already North's: processed, nothing changed, North is not told about her.
    expect((await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, ruth))).map((held) => held.team_id)).toEqual([c.north.church])
    expect(await list('not_processed')).toEqual([])
    expect(await list('processed')).toEqual([id])
    // North heard of Ana, then of Ben; South of Cleo.
    const north = (await panelOf(c.north.leader, c.north.church)).map((item) => item.content)
    expect(north).toHaveLength(2)
    expect(north.every((content) => content.startsWith('<p>1 contact from'))).toBe(true)
    expect(await panelOf(c.south.leader, c.south.church)).toHaveLength(1)
  })

  it('tells a church how many it received in one call', async () => {
    const { c, id, ana, ben, cleo } = await importToProcess()
    expect(body(await processImport(c, id, { [ana]: c.north.church, [ben]: c.north.church, [cleo]: c.north.church })).count_successful).toBe(3)
    expect((await panelOf(c.north.owner, c.north.church)).map((item) => item.content)).toEqual([
      '<p>3 contacts from the conference&#39;s import &#39;Harvest rally&#39; were added to your church.</p>',
    ])
  })

  it('approves a church’s waiting request for the contact', async () => {
    const { c, id, ruth } = await importToProcess()
    await t.db
      .insert(teamContacts)
      .values({ team_id: c.south.church, person_id: ruth, is_owner: false, state: 'awaiting_approval', requested_by_id: c.south.leader.id })
    expect(body(await processImport(c, id, { [ruth]: c.south.church })).count_successful).toBe(1)
    expect(await heldBy(t, c.south.church, ruth)).toMatchObject({ state: 'active', is_owner: false, requested_by_id: null })
    expect(await contactIdsOf(c.south.leader, c.south.church)).toEqual([ruth])
  })

  it('refuses a contact not on the import and a team that is not a church of the conference (400), changing nothing; another conference’s import is 404', async () => {
    const { c, id, ruth, ana } = await importToProcess()
    const other = await buildConference(t)
    const outsider = await buildContact(t, { teamId: c.north.church })
    // Each refusal's code beside its English, which the web words (issue 36).
    const refused: Array<[Record<number, number | null>, string, string]> = [
      [{ [ana]: c.north.church, [outsider]: c.north.church }, `add_team_id_by_user_id.${outsider}`, 'not_on_import'],
      [{ [ana]: other.north.church }, `add_team_id_by_user_id.${ana}`, 'church_of_conference'],
      [{ [ana]: c.conference }, `add_team_id_by_user_id.${ana}`, 'church_of_conference'],
      [{ [ruth]: c.south.church, [ana]: 2 ** 31 }, `add_team_id_by_user_id.${ana}`, 'out_of_range'],
    ]
    for (const [choices, field, code] of refused) {
      const response = await processImport(c, id, choices)
      expect(response.statusCode, JSON.stringify(choices)).toBe(400)
      expect(body(response).data.errors).toHaveProperty([field])
      expect(body(response).data.error_codes[field], JSON.stringify(choices)).toMatchObject({ code })
    }
    const huge = await post(t, `process-user-import/${id}`, c.officer.token, { team_id: c.conference, add_team_id_by_user_id: { 99999999999: c.north.church } })
    expect(huge.statusCode).toBe(400)
    expect((await post(t, `process-user-import/${id}`, c.officer.token, { team_id: c.conference })).statusCode).toBe(400)
    const foreign = await post(t, `process-user-import/${id}`, other.officer.token, {
      team_id: other.conference,
      add_team_id_by_user_id: { [ana]: other.north.church },
    })
    expect(foreign.statusCode).toBe(404)
    expect((await t.db.select().from(userImportRows).where(eq(userImportRows.import_id, id))).every((r) => !r.is_processed)).toBe(true)
    expect(await heldBy(t, c.north.church, ana)).toBeUndefined()
    expect(await heldBy(t, c.south.church, ruth)).toBeUndefined()
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(inArray(notifications.team_id, [c.north.church, c.south.church])),
    ).toHaveLength(0)
  })

  it('two process calls at once process each person once', async () => {
    const { c, id, ruth, ana, ben, cleo } = await importToProcess()
    const choices = { [ana]: c.north.church, [ruth]: c.south.church, [ben]: c.north.church, [cleo]: c.south.church }
    const [first, second] = await Promise.all([processImport(c, id, choices), processImport(c, id, choices)])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    const results = [body(first), body(second)].sort((a, b) => b.count_successful - a.count_successful)
    expect(results.map((result) => [result.count_successful, result.count_unsuccessful])).toEqual([
      [4, 0],
      [0, 4],
    ])
    expect(results[1]!.unsuccessful_error.every((problem: { reason: string }) => problem.reason === alreadyProcessedMessage)).toBe(true)
    for (const [person, church] of [
      [ana, c.north.church],
      [ben, c.north.church],
      [ruth, c.south.church],
      [cleo, c.south.church],
    ] as const) {
      expect(
        (
          await t.db
            .select()
            .from(teamContacts)
            .where(and(eq(teamContacts.person_id, person), eq(teamContacts.team_id, church)))
        ).length,
      ).toBe(1)
    }
    // One notification per church user, from the call that did the work.
    expect(await panelOf(c.north.member, c.north.church)).toHaveLength(1)
    expect(await panelOf(c.south.owner, c.south.church)).toHaveLength(1)
  })
})
