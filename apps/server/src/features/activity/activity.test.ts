import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityLog } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { changesOf } from './activity.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const scopeOf = (c: Church) => ({ team_id: c.church, group_id: c.church })

function activity(c: Church, token: string, contact: number, query: Record<string, string | number> = {}) {
  return get(t, `activity-log-for-contact/${contact}`, token, { ...scopeOf(c), ...query })
}

async function logRow(c: Church, contact: number, values: Partial<typeof activityLog.$inferInsert>) {
  await t.db.insert(activityLog).values({
    team_id: c.church,
    contact_id: contact,
    author_id: c.owner.id,
    subject_type: 'user',
    subject_id: contact,
    action: 'update',
    ...values,
  })
}

/** A contact with a relationship (by the leader), an interest (by the owner) and an assignment (by the leader). */
async function busyContact(c: Church) {
  const contact = await buildContact(t, { teamId: c.church, person: { first_name: 'Amy', last_name: 'Lee' } })
  const father = await buildContact(t, { teamId: c.church, person: { first_name: 'Max', last_name: 'Lee', gender: 'male' } })
  const scope = scopeOf(c)
  expect(
    (await post(t, 'add-contact-relationship', c.leader.token, { ...scope, user_id: contact, related_user_id: father, relationship_type: 'father' }))
      .statusCode,
  ).toBe(200)
  expect((await post(t, 'add-contact-interest', c.owner.token, { ...scope, user_id: contact, interest: 'prayer' })).statusCode).toBe(200)
  expect((await post(t, 'add-contact-assignment', c.leader.token, { ...scope, user_id: contact, to_user_id: c.member.id })).statusCode).toBe(200)
  return { contact, father }
}

describe('GET activity-log-for-contact/{id}', () => {
  it('lists every change on the contact, newest first, with readable before and after (D2-3.13-01, D2-3.13-03)', async () => {
    const c = await buildChurch(t)
    const { contact, father } = await busyContact(c)
    const answer = body(await activity(c, c.owner.token, contact))
    expect(answer).toMatchObject({ count: 3, max_pages: 1, viewed_by: [] })
    expect(answer.items.map((item: any) => [item.type, item.action, item.author_id])).toEqual([
      ['user_assignment', 'add', c.leader.id],
      ['user', 'update', c.owner.id],
      ['user_relationship', 'add', c.leader.id],
    ])
    const relationship = answer.items[2]
    expect(relationship).toMatchObject({
      author_name: expect.any(String),
      created_display: expect.stringMatching(/\d{4}/),
      data: {
        before: null,
        after: { related_user_id: father, user_name: 'Max Lee', relationship_type: 'father', relationship_type_display: 'Father' },
      },
      computed_data: {
        changes: [
          { field: 'user_name', before: null, after: 'Max Lee' },
          { field: 'relationship_type', before: null, after: 'Father' },
        ],
      },
    })
    // Interests are kept by their values; the reader's side words them (issue 36).
    expect(answer.items[1].computed_data.changes).toEqual([{ field: 'interests', before: null, after: 'prayer' }])
  })

  it('filters by type, with the spec’s filter words (D2-9-10)', async () => {
    const c = await buildChurch(t)
    const { contact } = await busyContact(c)
    const types = async (type: string) => body(await activity(c, c.owner.token, contact, { type })).items.map((item: any) => item.type)
    expect(await types('user_assignment')).toEqual(['user_assignment'])
    expect(await types('relationship')).toEqual(['user_relationship'])
    expect(await types('user')).toEqual(['user'])
    expect(await types('interaction')).toEqual([])
  })

  it('filters by date range in the team’s time zone (D2-7.1-09, D2-9-09)', async () => {
    // The 'now' row is a minute old: no week, month or year may begin in between.
    t.clock.clearOfMidnight()
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const now = t.clock.now()
    const sydney = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: 'numeric' }).formatToParts(now)
    const year = Number(sydney.find((part) => part.type === 'year')!.value)
    const month = Number(sydney.find((part) => part.type === 'month')!.value)
    // The 15th of last month and of last year's June, around midday in Sydney.
    const lastMonth = new Date(Date.UTC(month === 1 ? year - 1 : year, month === 1 ? 11 : month - 2, 15, 2))
    const lastYear = new Date(Date.UTC(year - 1, 5, 15, 2))
    await logRow(c, contact, { created_at: new Date(now.getTime() - 60_000), after: { first_name: 'now' } })
    await logRow(c, contact, { created_at: lastMonth, after: { first_name: 'last month' } })
    await logRow(c, contact, { created_at: lastYear, after: { first_name: 'last year' } })
    await logRow(c, contact, { created_at: new Date(Date.UTC(year - 3, 0, 10)), after: { first_name: 'long ago' } })
    const names = async (date_range: string) =>
      body(await activity(c, c.owner.token, contact, { date_range })).items.map((item: any) => item.data.after.first_name)
    expect(await names('all')).toEqual(['now', 'last month', 'last year', 'long ago'])
    expect(await names('this_week')).toEqual(['now'])
    expect(await names('this_month')).toEqual(['now'])
    expect(await names('last_month')).toEqual(['last month'])
    expect(await names('last_year')).toEqual(month === 1 ? ['last month', 'last year'] : ['last year'])
    expect(await names('this_year')).toEqual(month === 1 ? ['now'] : ['now', 'last month'])
    const lastWeek = await names('last_week')
    expect(lastWeek).not.toContain('now')
    expect(lastWeek).not.toContain('long ago')
  })

  it('pages, oldest first on request', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    for (let i = 0; i < 5; i++) await logRow(c, contact, { created_at: new Date(Date.UTC(2026, 0, 1 + i)), after: { n: i } })
    const first = body(await activity(c, c.owner.token, contact, { per_page: 4 }))
    expect(first).toMatchObject({ count: 5, max_pages: 2 })
    expect(first.items.map((item: any) => item.data.after.n)).toEqual([4, 3, 2, 1])
    expect(body(await activity(c, c.owner.token, contact, { per_page: 4, page: 2 })).items.map((item: any) => item.data.after.n)).toEqual([0])
    expect(body(await activity(c, c.owner.token, contact, { per_page: 4, order: 'asc' })).items.map((item: any) => item.data.after.n)).toEqual([0, 1, 2, 3])
  })

  it('shows only the caller’s own rows without read_activity_log; another user’s rows need it (D2-6-21, D2-6-22)', async () => {
    const c = await buildChurch(t)
    const { contact } = await busyContact(c)
    // A leader reads own changes only.
    const leader = body(await activity(c, c.leader.token, contact))
    expect(leader.items.map((item: any) => item.author_id)).toEqual([c.leader.id, c.leader.id])
    expect((await activity(c, c.leader.token, contact, { user_id: c.leader.id })).statusCode).toBe(200)
    // Another author's rows stay out of reach: the filter only narrows the leader's own.
    const others = await activity(c, c.leader.token, contact, { user_id: c.owner.id })
    expect(others.statusCode).toBe(200)
    expect(body(others)).toMatchObject({ items: [], count: 0 })
    // The search finds an author by name.
    const named = body(await activity(c, c.owner.token, contact, { search: 'olive own' }))
    expect(named.items.map((item: any) => item.author_id)).toEqual([c.owner.id])
    // An owner filters by any author.
    const byOwner = body(await activity(c, c.owner.token, contact, { user_id: c.owner.id }))
    expect(byOwner.items.map((item: any) => item.type)).toEqual(['user'])
    // The member the contact is assigned to sees the log, but none of it is theirs.
    expect(body(await activity(c, c.member.token, contact))).toMatchObject({ items: [], count: 0 })
  })

  it('never shows a private note’s content, whatever the row holds', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await logRow(c, contact, { subject_type: 'user_note', action: 'add', after: { is_encrypted: true, is_public: false, content: 'v1:secret' } })
    await logRow(c, contact, { subject_type: 'user_note', action: 'add', after: { is_encrypted: false, is_public: true, content: 'Met at church' } })
    const items = body(await activity(c, c.owner.token, contact)).items
    expect(items[0].data.after).toEqual({ is_encrypted: false, is_public: true, content: 'Met at church' })
    expect(items[1].data.after).toEqual({ is_encrypted: true, is_public: false })
    expect(JSON.stringify(items[1])).not.toContain('secret')
  })

  it('shows the safeguarding reads apart, as viewed by, to the owner only', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await logRow(c, contact, { author_id: c.leader.id, subject_type: 'user_note', action: 'view', after: { list: 'notes', page: 1 } })
    const owner = body(await activity(c, c.owner.token, contact))
    expect(owner.items).toEqual([])
    expect(owner.viewed_by).toEqual([{ author_id: c.leader.id, author_name: expect.any(String), created_display: expect.any(String), what: 'notes' }])
    expect(body(await activity(c, c.leader.token, contact)).viewed_by).toEqual([])
  })

  it('names each bad filter: 400 invalid_request', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ date_range: 'yesterday' }, 'date_range'],
      [{ type: 'note' }, 'type'],
      [{ user_id: 'abc' }, 'user_id'],
      [{ per_page: 7 }, 'per_page'],
      [{ order_by: 'author' }, 'order_by'],
    ]
    for (const [query, field] of cases) {
      const response = await activity(c, c.owner.token, contact, query)
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
      expect(Object.keys(body(response).data.errors)).toContain(field)
    }
    // Empty filters (an unset select) mean no filter.
    expect((await activity(c, c.owner.token, contact, { date_range: '', type: '', user_id: '' })).statusCode).toBe(200)
    expect((await get(t, `activity-log-for-team/${contact}`, c.owner.token, scopeOf(c))).statusCode).toBe(400)
  })

  it('answers 404 for another team’s contact and 403 to a member who cannot read the contact', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await activity(c, c.owner.token, theirs)).statusCode).toBe(404)
    const mine = await buildContact(t, { teamId: c.church })
    expect((await activity(c, c.member.token, mine)).statusCode).toBe(403)
  })
})

describe('changesOf', () => {
  it('lists the fields that changed, as text, preferring display values and leaving ids out', () => {
    expect(
      changesOf(
        { related_user_id: 1, user_name: 'Max', relationship_type: 'friend', relationship_type_display: 'Friend', interests: ['A'] },
        { related_user_id: 1, user_name: 'Max', relationship_type: 'neighbor', relationship_type_display: 'Neighbor', interests: ['A', 'B'] },
      ),
    ).toEqual([
      { field: 'relationship_type', before: 'Friend', after: 'Neighbor' },
      { field: 'interests', before: 'A', after: 'A, B' },
    ])
  })
})
