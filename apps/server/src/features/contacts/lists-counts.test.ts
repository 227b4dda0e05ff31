import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { teamContactCounts, teamContacts } from '../../db/schema/index'
import { body, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { buildContact } from '../../../test/contacts'
import { addToTeam, buildChurch, get, post, type Church } from '../../../test/contact-factories'

// Issue 11: lists whose cost does not grow with the team. The unfiltered lists read their
// count from team_contact_counts (kept by triggers), the others count up to a bound, and a
// deep page is read from the nearer end of the list.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

type Query = Record<string, string | number>

async function listOf(path: 'contacts' | 'archived-contacts', c: Church, query: Query = {}) {
  const response = await get(t, path, c.owner.token, { team_id: c.church, group_id: c.church, ...query })
  expect(response.statusCode, response.body).toBe(200)
  return body(response) as { items: Array<{ id: number; name: string }>; count: number; max_pages: number; count_is_lower_bound?: boolean }
}

/** The team's rows counted the slow way: what the counts must say. */
async function truth(teamId: number) {
  const active = and(eq(teamContacts.team_id, teamId), eq(teamContacts.state, 'active'))
  const [unarchived] = await t.db
    .select({ n: count() })
    .from(teamContacts)
    .where(and(active, isNull(teamContacts.archived_at)))
  const [archived] = await t.db
    .select({ n: count() })
    .from(teamContacts)
    .where(and(active, isNotNull(teamContacts.archived_at)))
  return { active: unarchived!.n, archived: archived!.n }
}

async function expectCounts(c: Church, expected: { active: number; archived: number }) {
  expect(await truth(c.church)).toEqual(expected)
  expect((await listOf('contacts', c)).count).toBe(expected.active)
  expect((await listOf('archived-contacts', c)).count).toBe(expected.archived)
}

let created = 0
function newContact(c: Church) {
  created += 1
  return {
    team_id: c.church,
    group_id: c.church,
    first_name: `Count${created}`,
    last_name: 'Keeper',
    gender: 'female',
    member_status: 'member',
    consent_type: 'verbal',
    consent_date: '2026-11-01',
    consent_content: 'Happy to be visited and called.',
    consent_verbal_confirmed: 1,
  }
}

describe("the unfiltered lists' counts, kept with the writes", () => {
  it('stay right through create, archive, restore, removal and an accepted ownership request', async () => {
    const c = await buildChurch(t)
    await expectCounts(c, { active: 0, archived: 0 })
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const response = await post(t, 'create-user', c.leader.token, newContact(c))
      expect(response.statusCode, response.body).toBe(200)
      ids.push(body(response).id)
    }
    await expectCounts(c, { active: 3, archived: 0 })

    const call = (path: string, id: number) => post(t, path, c.owner.token, { team_id: c.church, group_id: c.church, user_id: id })
    expect((await call('archive-user', ids[0]!)).statusCode).toBe(200)
    // Archiving again changes nothing, nor does an edit of the contact.
    expect((await call('archive-user', ids[0]!)).statusCode).toBe(200)
    await expectCounts(c, { active: 2, archived: 1 })
    expect((await call('unarchive-user', ids[0]!)).statusCode).toBe(200)
    await expectCounts(c, { active: 3, archived: 0 })
    expect((await call('archive-user', ids[1]!)).statusCode).toBe(200)
    expect((await call('remove-contact-from-team', ids[1]!)).statusCode).toBe(200)
    expect((await call('remove-contact-from-team', ids[2]!)).statusCode).toBe(200)
    await expectCounts(c, { active: 1, archived: 0 })

    // Another church asks to use one of the contacts: not in its lists until accepted.
    const asking = await buildChurch(t, { conference: c.conference })
    await addToTeam(t, ids[0]!, { teamId: asking.church, isOwner: false, state: 'awaiting_approval', requestedById: asking.member.id })
    await expectCounts(asking, { active: 0, archived: 0 })
    const accepted = await post(t, `contact/${ids[0]}/accept-ownership-approval-request`, c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      requesting_team_id: asking.church,
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    await expectCounts(asking, { active: 1, archived: 0 })
    await expectCounts(c, { active: 1, archived: 0 })
  })

  it('stay right when contacts are created at the same time', async () => {
    const c = await buildChurch(t)
    const responses = await Promise.all(Array.from({ length: 8 }, () => post(t, 'create-user', c.leader.token, newContact(c))))
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200))
    await expectCounts(c, { active: 8, archived: 0 })
  })

  it('move only the teams a set-based write touches, and leave them with the team when it goes', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    for (let i = 0; i < 3; i++) await buildContact(t, { teamId: c.church })
    await buildContact(t, { teamId: other.church })
    await t.db.update(teamContacts).set({ archived_at: new Date() }).where(eq(teamContacts.team_id, c.church))
    await expectCounts(c, { active: 0, archived: 3 })
    await expectCounts(other, { active: 1, archived: 0 })
    await t.db.delete(teamContacts).where(eq(teamContacts.team_id, c.church))
    const [row] = await t.db.select().from(teamContactCounts).where(eq(teamContactCounts.team_id, c.church))
    expect(row).toMatchObject({ active: 0, archived: 0 })
  })
})

/** `n` contacts in a new church, by set-based SQL as the bench seeds them; a tenth archived. */
async function churchWith(n: number): Promise<Church> {
  const c = await buildChurch(t)
  await t.db.execute(sql`
    with made as (
      insert into people (first_name, last_name, gender, member_status)
      select 'Bulk', 'Person ' || lpad(i::text, 5, '0'), 'female', 'member' from generate_series(1, ${n}) i
      returning id, first_name, last_name)
    insert into team_contacts (team_id, person_id, is_owner, state, archived_at, sort_name, name_words, search_text, gender, member_status)
    select ${c.church}, id, true, 'active', case when id % 10 = 0 then now() end,
           lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name), 'female', 'member'
    from made`)
  return c
}

describe('a filtered list counts up to a bound', () => {
  it('exactly up to ten pages past the page (at least 1,000), then says it is more', async () => {
    const c = await churchWith(1200)
    const { active } = await truth(c.church)
    // Unfiltered: the exact count of the counts row.
    const whole = await listOf('contacts', c, { per_page: 4 })
    expect(whole).toMatchObject({ count: active, max_pages: Math.ceil(active / 4) })
    expect(whole.count_is_lower_bound).toBeUndefined()
    // Filtered, every row matching: 1,000 counted and flagged as a lower bound.
    const filtered = await listOf('contacts', c, { per_page: 4, gender: 'female' })
    expect(filtered).toMatchObject({ count: 1000, max_pages: 250, count_is_lower_bound: true })
    expect(filtered.items).toHaveLength(4)
    // A page past the bound (the pager's "last") counts that far: exact again, the last page served.
    const last = Math.ceil(active / 4)
    const far = await listOf('contacts', c, { per_page: 4, gender: 'female', page: last })
    expect(far).toMatchObject({ count: active, max_pages: last })
    expect(far.count_is_lower_bound).toBeUndefined()
    expect(far.items.map((item) => item.id)).toEqual((await listOf('contacts', c, { per_page: 4, page: last })).items.map((item) => item.id))
    expect(await listOf('contacts', c, { per_page: 4, gender: 'female', page: last + 1 })).toEqual({ items: [], count: active, max_pages: last })
    // A search matching fewer rows than the bound is exact.
    expect(await listOf('contacts', c, { search: 'person 0001' })).toMatchObject({ count: 9, max_pages: 1 })
  })
})

describe('deep pages, read from the nearer end', () => {
  it('hold the same rows in the same order as reading from the start, for every sort both ways', async () => {
    const c = await buildChurch(t)
    const year = t.clock.now().getFullYear()
    const statuses = ['member', 'church-attendee', null]
    const phases = ['plant', 'harvest', null]
    for (let i = 0; i < 11; i++) {
      await buildContact(t, {
        teamId: c.church,
        first_name: `Deep${i % 4}`,
        last_name: 'Page',
        ...(i % 3 === 0 ? {} : { dob_year: year - 20 - (i % 5), dob_month: 1 + (i % 12) }),
        member_status: statuses[i % 3] ?? null,
        grow_phase: phases[i % 3] ?? null,
        interactions: i % 4 === 0 ? {} : { last_interaction_at: new Date(Date.UTC(2026, 0, 1 + (i % 3))) },
      })
    }
    for (const order_by of ['name', 'created', 'age', 'member_status', 'grow_phase', 'last_interaction']) {
      for (const order of ['asc', 'desc']) {
        const all = (await listOf('contacts', c, { order_by, order, per_page: 20 })).items.map((item) => item.id)
        const paged: number[] = []
        for (let page = 1; page <= 3; page++) paged.push(...(await listOf('contacts', c, { order_by, order, per_page: 4, page })).items.map((item) => item.id))
        expect(paged, `${order_by} ${order}`).toEqual(all)
      }
    }
  })
})

describe('a search of one or two letters', () => {
  it("matches the start of a word ('an' finds Anna and Anders, not Joanne), as longer terms do", async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    await buildContact(t, { teamId: c.church, first_name: 'Anna', last_name: 'Lee', groupIds: [group] })
    await buildContact(t, { teamId: c.church, first_name: 'Bob', last_name: 'Anders', email: 'bob@example.org' })
    await buildContact(t, { teamId: c.church, first_name: 'Joanne', last_name: 'Smith', phone: '+61412345678' })
    const names = async (search: string) => (await listOf('contacts', c, { search })).items.map((item) => item.name)
    expect(await names('an')).toEqual(['Anna Lee', 'Bob Anders'])
    expect(await names('AN')).toEqual(['Anna Lee', 'Bob Anders'])
    expect(await names('a')).toEqual(['Anna Lee', 'Bob Anders'])
    expect(await names('jo')).toEqual(['Joanne Smith'])
    expect(await names('ann')).toEqual(['Anna Lee'])
    // The phone's digits are a word: its local form starts with 04.
    expect(await names('04')).toEqual(['Joanne Smith'])
    expect(await names('zz')).toEqual([])
  })
})
