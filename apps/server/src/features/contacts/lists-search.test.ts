import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { people, teamContacts, teamContactWords, teams } from '../../db/schema/index'
import { nameWordsOf, refreshContactReadModel, sortNameOf } from '../../platform/read-model'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildContact, shareContact } from '../../../test/contacts'
import { buildChurch, get, type Church } from '../../../test/contact-factories'

// Issue 39: a name search walks, for each name word that starts with its first word, that
// word's rows of team_contact_words in name order; a start too many words share walks the
// list index, and matches too sparse for that are gathered through the trigram index. Every
// way, the page is the matching list's, sorted by name, and the count is exact to its bound.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

type Item = { id: number; name: string; is_restricted: boolean }
type List = { items: Item[]; count: number; max_pages: number; count_is_lower_bound?: boolean }

async function listOf(c: Church, person: TestPerson, query: Record<string, string | number>): Promise<List> {
  const response = await get(t, 'contacts', person.token, { team_id: c.church, group_id: c.church, ...query })
  expect(response.statusCode, response.body).toBe(200)
  return body(response) as List
}

async function wordsOf(teamId: number, personId: number): Promise<string[]> {
  const rows = await t.db
    .select({ word: teamContactWords.word, sortName: teamContactWords.sort_name })
    .from(teamContactWords)
    .where(sql`${teamContactWords.team_id} = ${teamId} and ${teamContactWords.person_id} = ${personId}`)
  return rows.map((row) => `${row.word}:${row.sortName}`).sort()
}

describe('team_contact_words', () => {
  it('keeps the name words of every team contact, through changes of name, shares, archiving and deletions', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const id = await buildContact(t, { teamId: c.church, first_name: 'Olivia', last_name: 'Smith-Jones', email: 'o.sj@example.org' })
    expect(await wordsOf(c.church, id)).toEqual(['jones:olivia smith-jones', 'olivia:olivia smith-jones', 'smith:olivia smith-jones'])

    await t.db.update(people).set({ first_name: 'Ava', last_name: 'Smith' }).where(eq(people.id, id))
    await refreshContactReadModel(t.db, id, t.clock.now())
    expect(await wordsOf(c.church, id)).toEqual(['ava:ava smith', 'smith:ava smith'])

    await shareContact(t, id, other.church)
    expect(await wordsOf(other.church, id)).toEqual(['ava:ava smith', 'smith:ava smith'])
    // A change that is not the name's leaves them.
    await t.db.update(teamContacts).set({ archived_at: new Date() }).where(eq(teamContacts.team_id, c.church))
    expect(await wordsOf(c.church, id)).toEqual(['ava:ava smith', 'smith:ava smith'])

    await t.db.delete(teamContacts).where(eq(teamContacts.team_id, c.church))
    expect(await wordsOf(c.church, id)).toEqual([])
    // A team's deletion takes its rows with it (the cascade fires the trigger).
    await t.db.delete(teams).where(eq(teams.id, other.church))
    expect(await wordsOf(other.church, id)).toEqual([])
  })
})

describe('a name search', () => {
  let c: Church
  const contacts: Array<{ id: number; first_name: string; last_name: string; email: string | null; member_status: string; child: boolean; archived: boolean }> =
    []

  beforeAll(async () => {
    c = await buildChurch(t)
    const firsts = ['Olive', 'Oliver', 'Olivia', 'Bob', 'Noli', 'Zara', 'Olly']
    const lasts = ['Oliphant', 'Smith', 'Brown', 'Olsen']
    const year = t.clock.now().getFullYear()
    for (let n = 0; n < 56; n++) {
      const contact = {
        first_name: firsts[n % firsts.length]!,
        last_name: lasts[(n * 3) % lasts.length]!,
        email: n % 5 === 0 ? `oli.${n}@example.org` : null,
        member_status: n % 3 === 0 ? 'lead-visited' : 'member',
        child: n % 9 === 4,
        archived: n % 11 === 7,
      }
      const id = await buildContact(t, {
        teamId: c.church,
        first_name: contact.first_name,
        last_name: contact.last_name,
        email: contact.email,
        member_status: contact.member_status,
        ...(contact.child ? { dob_year: year - 8, dob_month: 1 } : {}),
        ...(contact.archived ? { archivedAt: new Date() } : {}),
      })
      contacts.push({ id, ...contact })
    }
  })

  /** The matching list the slow way: nameWordsOf's words, where a word starts, sorted as the list sorts. */
  function expected(search: string, options: { gated?: boolean; memberStatus?: string; order?: 'asc' | 'desc' } = {}): number[] {
    const typed = search.toLowerCase()
    const rows = contacts
      .filter((row) => !row.archived && (options.memberStatus === undefined || row.member_status === options.memberStatus))
      .filter((row) => ` ${nameWordsOf(row)}`.includes(` ${typed}`))
      .filter((row) => !(options.gated && row.child))
      .map((row) => ({ id: row.id, key: sortNameOf(row) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
    const ids = rows.map((row) => row.id)
    return options.order === 'desc' ? ids.reverse() : ids
  }

  async function everyPage(person: TestPerson, query: Record<string, string | number>): Promise<{ ids: number[]; count: number }> {
    const ids: number[] = []
    const first = await listOf(c, person, { ...query, per_page: 4, page: 1 })
    for (let page = 1; page <= first.max_pages; page++) {
      const list = page === 1 ? first : await listOf(c, person, { ...query, per_page: 4, page })
      ids.push(...list.items.map((item) => item.id))
    }
    return { ids, count: first.count }
  }

  it('pages exactly as the matching list sorted by name, both ways, whichever word of the name starts so', async () => {
    for (const search of ['oli', 'olive', 'olivia', 'olivia smi', 'sm', 'o', 'zara', 'noli']) {
      for (const order of ['asc', 'desc'] as const) {
        const want = expected(search, { order })
        const got = await everyPage(c.owner, { search, order_by: 'name', order })
        expect(got.ids, `${search} ${order}`).toEqual(want)
        expect(got.count, `${search} ${order}`).toBe(want.length)
      }
    }
  })

  it('with a filter, another sort, and under the child data gate', async () => {
    const filtered = await everyPage(c.owner, { search: 'oli', member_status: 'lead-visited' })
    expect(filtered.ids).toEqual(expected('oli', { memberStatus: 'lead-visited' }))
    const byCreated = await everyPage(c.owner, { search: 'oli', order_by: 'created', order: 'asc' })
    // Created in the order they were built: the ids' order.
    expect(byCreated.ids).toEqual([...expected('oli')].sort((a, b) => a - b))
    // A leader without the Working with Children Check and AdSafe: the gate applies.
    const leader = await buildPerson(t)
    await addMember(t, leader.id, c.church, 'leader')
    const gated = await everyPage(leader, { search: 'oli' })
    expect(gated.ids).toEqual(expected('oli', { gated: true }))
    expect(gated.ids.length).toBeLessThan(expected('oli').length)
  })

  it('walks each word apart: three Olivias after 5,200 Olivers, and a start more words share than are walked one by one', async () => {
    const big = await buildChurch(t)
    await t.db.execute(sql`
      with made as (
        insert into people (first_name, last_name, member_status)
        select case when i > 5200 then 'Olivia' else 'Oliver' end, 'Many ' || lpad(i::text, 5, '0'), 'member' from generate_series(1, 5203) i
        returning id, first_name, last_name)
      insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text)
      select ${big.church}, id, true, lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name)
      from made`)
    const olivias = await listOf(big, big.owner, { search: 'olivia', per_page: 20 })
    expect(olivias.items.map((item) => item.name)).toEqual(['Olivia Many 05201', 'Olivia Many 05202', 'Olivia Many 05203'])
    expect(olivias.count).toBe(3)
    // Dense matches are walked, and counted up to the bound.
    const olivers = await listOf(big, big.owner, { search: 'oliver', per_page: 20, page: 2 })
    expect(olivers.items.map((item) => item.name)[0]).toBe('Oliver Many 00021')
    expect(olivers).toMatchObject({ count: 1000, count_is_lower_bound: true })
    expect((await listOf(big, big.owner, { search: 'oliver many 0001', per_page: 20 })).count).toBe(10)
    // 60 words start with 'zed': more than are walked one by one, so the list index is walked.
    await t.db.execute(sql`
      with made as (
        insert into people (first_name, last_name, member_status)
        select 'Any', 'Zed' || lpad(i::text, 3, '0'), 'member' from generate_series(1, 60) i
        returning id, first_name, last_name)
      insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text)
      select ${big.church}, id, true, lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name)
      from made`)
    const zeds = await listOf(big, big.owner, { search: 'zed', per_page: 20, page: 3 })
    expect(zeds.items.map((item) => item.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Any Zed${String(41 + i).padStart(3, '0')}`))
    expect(zeds).toMatchObject({ count: 60, max_pages: 3 })
    expect((await listOf(big, big.owner, { search: 'zed05', per_page: 20 })).items.map((item) => item.name)).toHaveLength(10)

    // Sorted otherwise with a filter, the list index is walked and each row's name checked by its
    // words (issue 39): any word of the name starting so, the filter read from the index.
    await t.db.execute(sql`update team_contacts set member_status = 'attendee' where team_id = ${big.church}
      and person_id in (select id from people where first_name = 'Oliver' and last_name like '%0' or last_name = 'Zed001')`)
    await t.db.execute(sql`
      with made as (
        insert into people (first_name, last_name, member_status) values ('Ann', 'Oliverson', 'attendee'), ('Ben', 'Oliverson', 'member')
        returning id, first_name, last_name, member_status)
      insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text, member_status, created_at)
      select ${big.church}, id, true, lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name), lower(first_name || ' ' || last_name),
             member_status, now() + interval '1 minute'
      from made`)
    const attendees = await listOf(big, big.owner, { search: 'oliver', member_status: 'attendee', order_by: 'created', order: 'desc', per_page: 20 })
    expect(attendees.items.map((item) => item.name)).toEqual([
      'Ann Oliverson',
      ...Array.from({ length: 19 }, (_, i) => `Oliver Many ${String(5200 - i * 10).padStart(5, '0')}`),
    ])
    expect(attendees.count).toBe(521)
  })
})
