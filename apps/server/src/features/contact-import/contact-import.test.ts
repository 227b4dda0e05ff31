import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, inArray } from 'drizzle-orm'
import { activityLog, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, buildContact, post, type Church } from '../../../test/contact-factories'
import { childRecordClosedMessage } from '../../platform/contact-access'
import { inOtherTeamMessage, inThisTeamMessage } from '../contacts/duplicates.service'

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
      unsuccessful_exists: [{ row: 5, name: 'Paul Green', reason: inOtherTeamMessage }],
      unsuccessful_not_exists: [],
      unsuccessful_team_user_exists: [{ row: 4, name: 'Ruth Stone', reason: inThisTeamMessage }],
      unsuccessful_invalid_email: [{ row: 6, name: 'Cara Diaz', reason: expect.any(String), errors: { email: expect.any(String) } }],
      unsuccessful_error: [
        { row: 7, name: 'Dan Ng', reason: 'The row has invalid values.', errors: { gender: 'Enter male, female or declined.' } },
        { row: 8, name: 'Nobody', reason: 'The row has invalid values.', errors: { first_name: 'Required' } },
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
    expect(gated).toMatchObject({ count_successful: 0, count_unsuccessful: 1, unsuccessful_error: [{ row: 2, name: 'Kid Young', reason: childRecordClosedMessage }] })
    expect(await contactsOf(c.church)).toHaveLength(0)
  })

  it('needs import_contact in the group, reaches only the caller’s teams, and refuses bad input whole (400) changing nothing', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const row = { first_name: 'Zed', last_name: 'Ray', gender: 'male' }
    const before = await peopleCount()
    expect((await importRows(c, c.member.token, [row])).statusCode).toBe(403)
    expect((await post(t, 'import-users', c.leader.token, { team_id: other.church, group_id: other.church, data: [row] })).statusCode).toBe(404)
    for (const data of ['not json', [], 'x', Array.from({ length: 501 }, () => row), [{ first_name: 'x'.repeat(2001), last_name: 'Ray', gender: 'male' }], 42]) {
      const response = await importRows(c, c.leader.token, data)
      expect(response.statusCode, JSON.stringify(data).slice(0, 60)).toBe(400)
      expect(Object.keys(body(response).data.errors).every((field) => field.startsWith('data'))).toBe(true)
    }
    expect((await importRows(c, c.leader.token, [row], { first_row: 0 })).statusCode).toBe(400)
    expect(await peopleCount()).toBe(before)
    const ids = (await contactsOf(c.church)).map((contact) => contact.id)
    expect(ids).toHaveLength(0)
    expect(await t.db.select().from(activityLog).where(inArray(activityLog.team_id, [c.church, other.church]))).toHaveLength(0)
  })
})
