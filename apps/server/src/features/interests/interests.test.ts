import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { contactInterests } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const scopeOf = (c: Church) => ({ team_id: c.church, group_id: c.church })

function interests(c: Church, token: string, contact: number, query: Record<string, number> = {}) {
  return get(t, `contact-interests/${contact}`, token, { ...scopeOf(c), ...query })
}

function add(c: Church, token: string, contact: number, fields: Record<string, unknown>) {
  return post(t, 'add-contact-interest', token, { ...scopeOf(c), user_id: contact, ...fields })
}

function remove(c: Church, token: string, contact: number, fields: Record<string, unknown>) {
  return post(t, 'delete-contact-interest', token, { ...scopeOf(c), user_id: contact, ...fields })
}

async function stored(contact: number) {
  const rows = await t.db.select().from(contactInterests).where(eq(contactInterests.person_id, contact)).orderBy(contactInterests.id)
  return rows.map((row) => [row.interest, row.interest_other])
}

describe('add-contact-interest and contact-interests/{id}', () => {
  it('lists interests as value and name, an other one as a custom item with its text (D2-3.11-01, D2-3.11-02, D2-7.5-01)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const music = await add(c, c.leader.token, contact, { interest: 'music' })
    expect(music.statusCode).toBe(200)
    expect(body(music).id).toBeGreaterThan(0)
    expect((await add(c, c.leader.token, contact, { interest: 'other', interest_other: 'Chess' })).statusCode).toBe(200)
    expect((await add(c, c.leader.token, contact, { interest: 'other', interest_other: 'Hiking' })).statusCode).toBe(200)
    expect(body(await interests(c, c.leader.token, contact))).toEqual({
      items: [
        { value: 'music', name: 'Music and worship', is_other: false, title: 'Music and worship' },
        { value: 'other', name: 'Chess', is_other: true, title: 'Chess' },
        { value: 'other', name: 'Hiking', is_other: true, title: 'Hiking' },
      ],
      count: 3,
      max_pages: 1,
    })
    // The paging query (D2-7.1-06).
    const paged = body(await interests(c, c.leader.token, contact, { per_page: 4, page: 1 }))
    expect(paged).toMatchObject({ count: 3, max_pages: 1 })
  })

  it('shows the interests on the contact item too (D2-3.1-05)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await add(c, c.leader.token, contact, { interest: 'prayer' })
    await add(c, c.leader.token, contact, { interest: 'other', interest_other: 'Chess' })
    const item = body(await get(t, `contact/${contact}`, c.leader.token, scopeOf(c)))
    expect(item.data_view.interests).toEqual([
      { value: 'prayer', name: 'Prayer', is_other: false, title: 'Prayer' },
      { value: 'other', name: 'Chess', is_other: true, title: 'Chess' },
    ])
  })

  it('names interests in the caller’s language', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await add(c, c.leader.token, contact, { interest: 'music' })
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/contact-interests/${contact}?team_id=${c.church}&group_id=${c.church}`,
      token: c.leader.token,
      headers: { 'accept-language': 'es' },
    })
    expect(body(response).items[0]).toMatchObject({ value: 'music', name: 'Música y alabanza' })
  })

  it('records the contact’s interests before and after each change, by their values (worded by the reader)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await add(c, c.leader.token, contact, { interest: 'prayer' })
    await add(c, c.leader.token, contact, { interest: 'other', interest_other: 'Chess' })
    await remove(c, c.leader.token, contact, { interest: 'prayer' })
    const log = await activityOf(t, contact)
    expect(log.map((row) => [row.subject_type, row.action, row.author_id, row.before, row.after])).toEqual([
      ['user', 'update', c.leader.id, { interests: [] }, { interests: ['prayer'] }],
      ['user', 'update', c.leader.id, { interests: ['prayer'] }, { interests: ['prayer', 'Chess'] }],
      ['user', 'update', c.leader.id, { interests: ['prayer', 'Chess'] }, { interests: ['Chess'] }],
    ])
  })

  it('names each bad field: 400 invalid_request, nothing stored', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ interest: 'knitting' }, { interest: 'Choose a value from the list.' }],
      [{ interest: 'other' }, { interest_other: 'Required' }],
      [{ interest: 'other', interest_other: '   ' }, { interest_other: 'Required' }],
    ]
    for (const [fields, errors] of cases) {
      const response = await add(c, c.leader.token, contact, fields)
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
      expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors } })
    }
    for (const fields of [{}, { interest: 'x'.repeat(61) }, { interest: 'other', interest_other: 'x'.repeat(101) }, { interest: ['music'] }]) {
      const response = await add(c, c.leader.token, contact, fields)
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
      expect(Object.keys(body(response).data.errors).length).toBeGreaterThan(0)
    }
    expect(await stored(contact)).toEqual([])
    expect(await activityOf(t, contact)).toEqual([])
  })

  it('keeps an interest once (409); an other text beside a listed interest is dropped', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    expect((await add(c, c.leader.token, contact, { interest: 'music', interest_other: 'ignored' })).statusCode).toBe(200)
    const again = await add(c, c.leader.token, contact, { interest: 'music' })
    expect(again.statusCode).toBe(409)
    expect(body(again).data.reason).toBe('interest_exists')
    expect(await stored(contact)).toEqual([['music', '']])
  })

  it('answers 404 for another team’s contact and 403 without the right (D2-6-13)', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await interests(c, c.leader.token, theirs)).statusCode).toBe(404)
    expect((await add(c, c.leader.token, theirs, { interest: 'music' })).statusCode).toBe(404)
    const mine = await buildContact(t, { teamId: c.church })
    // A member reads only the contacts assigned to them; an assigned member may change them.
    expect((await interests(c, c.member.token, mine)).statusCode).toBe(403)
    expect((await add(c, c.member.token, mine, { interest: 'music' })).statusCode).toBe(403)
    await assignContact(t, { teamId: c.church, contactId: mine, toId: c.member.id })
    expect((await add(c, c.member.token, mine, { interest: 'music' })).statusCode).toBe(200)
    expect((await interests(c, c.member.token, mine)).statusCode).toBe(200)
    expect(await stored(theirs)).toEqual([])
  })

  it('keeps a child’s interests from a leader without the checks', async () => {
    const c = await buildChurch(t)
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const child = await buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 10), consent_type: 'verbal' } })
    expect(body(await interests(c, unchecked.token, child)).code).toBe('child_data_gate')
    expect((await add(c, unchecked.token, child, { interest: 'music' })).statusCode).toBe(403)
    expect(await stored(child)).toEqual([])
  })
})

describe('delete-contact-interest', () => {
  it('removes a listed interest, and an other one by its text (D2-7.5-02)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await add(c, c.leader.token, contact, { interest: 'music' })
    await add(c, c.leader.token, contact, { interest: 'other', interest_other: 'Chess' })
    await add(c, c.leader.token, contact, { interest: 'other', interest_other: 'Hiking' })
    expect((await remove(c, c.leader.token, contact, { interest: 'music' })).statusCode).toBe(200)
    expect((await remove(c, c.leader.token, contact, { interest: 'other', interest_other: 'Chess' })).statusCode).toBe(200)
    expect(await stored(contact)).toEqual([['other', 'Hiking']])
    const missing = await remove(c, c.leader.token, contact, { interest: 'music' })
    expect(missing.statusCode).toBe(404)
    expect((await activityOf(t, contact)).length).toBe(5)
  })
})
