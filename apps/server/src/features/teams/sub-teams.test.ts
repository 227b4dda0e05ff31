import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { accounts, activityLog, teamContacts, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const get = (url: string, token: string) => t.call({ method: 'GET', url: `/api/v1/${url}`, token })
const post = (url: string, token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/v1/${url}`, token, payload })

async function conferenceWithAdmin(): Promise<{ conference: number; entity: TestPerson }> {
  const conference = await buildTeam(t, { kind: 'conference', title: 'Sub-team Conference' })
  const entity = await buildPerson(t)
  await addMember(t, entity.id, conference, 'entity_admin')
  return { conference, entity }
}

async function subTeam(conference: number, title: string, acmsId: string | null = null) {
  const id = await buildTeam(t, { parentId: conference, title })
  if (acmsId)
    await t.db
      .update(teams)
      .set({ acms_id: acmsId, address_formatted: `1 ${title} Street` })
      .where(eq(teams.id, id))
  return id
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000)

describe('GET /api/v1/manage-teams', () => {
  it('D3-7.6-01 D3-3-07 D3-2.4-33 lists the conference sub-teams with owner and member activity, newest first', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const quiet = await subTeam(conference, 'Quiet Church', 'Q-1')
    const busy = await subTeam(conference, 'Busy Church', 'B-1')
    // Not listed: a group of the conference's sub-team and another conference's church.
    await buildTeam(t, { kind: 'group', parentId: busy, title: 'Busy Youth' })
    const other = await buildTeam(t, { kind: 'conference' })
    await subTeam(other, 'Elsewhere Church')
    const owner = await buildPerson(t, { firstName: 'Olive', lastName: 'Owner' })
    const member = await buildPerson(t)
    const pending = await buildPerson(t)
    await addMember(t, owner.id, busy, 'owner')
    await addMember(t, member.id, busy, 'member')
    await addMember(t, pending.id, busy, 'member_request')
    await t.db
      .update(accounts)
      .set({ last_login_at: daysAgo(3) })
      .where(eq(accounts.person_id, owner.id))
    await t.db
      .update(accounts)
      .set({ last_login_at: daysAgo(40) })
      .where(eq(accounts.person_id, member.id))
    await t.db
      .update(accounts)
      .set({ last_login_at: daysAgo(1) })
      .where(eq(accounts.person_id, pending.id))

    const response = await get(`manage-teams?team_id=${conference}&page=1&per_page=20&order_by=created&order=desc`, entity.token)
    expect(response.statusCode).toBe(200)
    const list = body(response)
    expect(list).toMatchObject({ count: 2, max_pages: 1 })
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([busy, quiet])
    const [row, empty] = list.items
    expect(row).toMatchObject({
      title: 'Busy Church',
      acms_id: 'B-1',
      address_formatted: '1 Busy Church Street',
      has_owner: true,
      owner_name: 'Olive Owner',
      users_count: 2,
    })
    expect(Math.round((Date.now() - Date.parse(row.owner_last_login)) / 86_400_000)).toBe(3)
    // The pending person's sign-in is not member activity.
    expect(Math.round((Date.now() - Date.parse(row.any_member_last_login)) / 86_400_000)).toBe(40)
    expect(empty).toMatchObject({ has_owner: false, owner_name: null, owner_last_login: null, any_member_last_login: null, users_count: 0 })
    expect(empty.created_display).toMatch(/\d{4}/)
  })

  it('D3-2.4-33 searches by title or ACMS id, orders by title and pages', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    for (const [title, acms] of [
      ['Alpha Chapel', 'AC-1'],
      ['Beta Church', 'BC-2'],
      ['Gamma Church', 'GC-3'],
      ['100% Church', 'PC-4'],
      ['Delta Chaplaincy', 'DC-5'],
    ] as const) {
      await subTeam(conference, title, acms)
    }
    const titles = async (query: string) =>
      body(await get(`manage-teams?team_id=${conference}&${query}`, entity.token)).items.map((item: { title: string }) => item.title)
    expect(await titles('search=church&order_by=title')).toEqual(['100% Church', 'Beta Church', 'Gamma Church'])
    expect(await titles('search=gc-3')).toEqual(['Gamma Church'])
    // LIKE wildcards are taken literally.
    expect(await titles('search=%25')).toEqual(['100% Church'])
    expect(await titles('search=zzz')).toEqual([])
    const page2 = body(await get(`manage-teams?team_id=${conference}&order_by=title&order=asc&per_page=4&page=2`, entity.token))
    expect(page2).toMatchObject({ count: 5, max_pages: 2 })
    expect(page2.items.map((item: { title: string }) => item.title)).toEqual(['Gamma Church'])
    // A page past the end is served as the last page.
    const beyond = body(await get(`manage-teams?team_id=${conference}&order_by=title&order=asc&per_page=4&page=9`, entity.token))
    expect(beyond.items.map((item: { title: string }) => item.title)).toEqual(['Gamma Church'])
  })

  it('D3-6-10 needs update_team on a conference: 403 for a church owner or a leader, 404 for another conference, 400 on bad paging', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const church = await subTeam(conference, 'Owned Church')
    const owner = await buildPerson(t)
    await addMember(t, owner.id, church, 'owner')
    expect((await get(`manage-teams?team_id=${church}`, owner.token)).statusCode).toBe(403)
    const leader = await buildPerson(t)
    await addMember(t, leader.id, conference, 'leader')
    expect((await get(`manage-teams?team_id=${conference}`, leader.token)).statusCode).toBe(403)
    const { entity: stranger } = await conferenceWithAdmin()
    expect((await get(`manage-teams?team_id=${conference}`, stranger.token)).statusCode).toBe(404)
    for (const query of ['per_page=7', 'page=0', 'order_by=owner', `search=${'x'.repeat(201)}`, 'order=up']) {
      expect((await get(`manage-teams?team_id=${conference}&${query}`, entity.token)).statusCode).toBe(400)
    }
  })
})

describe('POST /api/v1/manage-teams/delete and remove-sub-team', () => {
  it('D3-7.6-04 deletes the sub-team with its groups and records it on the conference', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const church = await subTeam(conference, 'Closing Church')
    const group = await buildTeam(t, { kind: 'group', parentId: church })
    const response = await post('manage-teams/delete', entity.token, { team_id: conference, sub_team_id: church })
    expect(response.statusCode).toBe(200)
    expect(await t.db.select().from(teams).where(eq(teams.id, church))).toHaveLength(0)
    expect(await t.db.select().from(teams).where(eq(teams.id, group))).toHaveLength(0)
    expect(body(await get(`manage-teams?team_id=${conference}`, entity.token)).items).toEqual([])
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, conference), eq(activityLog.subject_type, 'team'), eq(activityLog.subject_id, church)))
    expect(log).toMatchObject([{ action: 'delete', author_id: entity.id, before: { title: 'Closing Church' } }])
    // Gone: again is 404.
    expect((await post('manage-teams/delete', entity.token, { team_id: conference, sub_team_id: church })).statusCode).toBe(404)
  })

  it('D3-7.6-05 remove-sub-team does the same; two at once remove it once', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const church = await subTeam(conference, 'Twice Church')
    const answers = await Promise.all([1, 2].map(() => post('remove-sub-team', entity.token, { team_id: conference, sub_team_id: church })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, conference), eq(activityLog.subject_id, church)))
    expect(log).toHaveLength(1)
  })

  it('refuses (409) while the sub-team owns contacts, and keeps it', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const church = await subTeam(conference, 'Caring Church')
    const contact = await buildPerson(t)
    await t.db.insert(teamContacts).values({ team_id: church, person_id: contact.id, is_owner: true })
    const response = await post('remove-sub-team', entity.token, { team_id: conference, sub_team_id: church })
    expect(response.statusCode).toBe(409)
    expect(body(response)).toMatchObject({
      code: 'conflict',
      message: 'This sub-team still owns contacts. Transfer or delete them first.',
      data: { reason: 'sub_team_has_contacts' },
    })
    expect(await t.db.select().from(teams).where(eq(teams.id, church))).toHaveLength(1)
  })

  it('D3-6-10 is 404 for another conference’s sub-team and 403 without update_team or outside a conference', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const { conference: otherConference } = await conferenceWithAdmin()
    const theirs = await subTeam(otherConference, 'Their Church')
    expect((await post('remove-sub-team', entity.token, { team_id: conference, sub_team_id: theirs })).statusCode).toBe(404)
    // The conference itself is not its own sub-team.
    expect((await post('remove-sub-team', entity.token, { team_id: conference, sub_team_id: conference })).statusCode).toBe(404)
    const mine = await subTeam(conference, 'My Church')
    const owner = await buildPerson(t)
    await addMember(t, owner.id, mine, 'owner')
    expect((await post('remove-sub-team', owner.token, { team_id: mine, sub_team_id: mine })).statusCode).toBe(403)
    const member = await buildPerson(t)
    await addMember(t, member.id, conference, 'member')
    expect((await post('manage-teams/delete', member.token, { team_id: conference, sub_team_id: mine })).statusCode).toBe(403)
    expect((await post('manage-teams/delete', entity.token, { team_id: conference, sub_team_id: 'x' })).statusCode).toBe(400)
    expect(await t.db.select().from(teams).where(eq(teams.id, theirs))).toHaveLength(1)
    expect(await t.db.select().from(teams).where(eq(teams.id, mine))).toHaveLength(1)
  })
})

describe('GET /api/v1/manage-teams at scale', () => {
  it('D3-2.4-33 searches 500 sub-teams with their users with one grouped read of the page’s users (median within 5× a one-row read)', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    // One after the other: the first made has the lowest id, and the owner is the lowest id.
    const people = []
    for (let n = 0; n < 4; n += 1) people.push(await buildPerson(t))
    await t.db.execute(sql`
      insert into teams (kind, parent_id, title, acms_id, address_formatted)
      select 'team', ${conference}::int, 'Scale Church ' || g, 'SC-' || g, g || ' Scale Road' from generate_series(1, 500) g`)
    await t.db.execute(sql`
      insert into memberships (person_id, team_id, role)
      select p.id, t.id, case when p.n = 1 then 'owner' else 'member' end
      from teams t cross join (select id, row_number() over (order by id) as n from people where id in (${sql.join(
        people.map((person) => sql`${person.id}::int`),
        sql`, `,
      )})) p
      where t.parent_id = ${conference}::int`)
    await t.db.update(accounts).set({ last_login_at: new Date() }).where(eq(accounts.person_id, people[0]!.id))
    const timings: number[] = []
    for (let round = 0; round < 30; round += 1) {
      const started = performance.now()
      const response = await get(`manage-teams?team_id=${conference}&search=church ${1 + (round % 50)}&per_page=20&page=1`, entity.token)
      timings.push(performance.now() - started)
      expect(response.statusCode).toBe(200)
      expect(body(response).items.length).toBeGreaterThan(0)
    }
    const page = body(await get(`manage-teams?team_id=${conference}&per_page=20&order_by=title&order=asc`, entity.token))
    expect(page).toMatchObject({ count: 500, max_pages: 25 })
    expect(page.items[0]).toMatchObject({ title: 'Scale Church 1', has_owner: true, users_count: 4 })
    expect(page.items[0].owner_last_login).not.toBeNull()
    // The baseline on this machine now: a call that reads one small row.
    const baseline: number[] = []
    for (let round = 0; round < 30; round += 1) {
      const started = performance.now()
      await get(`pending-items?team_id=${conference}`, entity.token)
      baseline.push(performance.now() - started)
    }
    baseline.sort((a, b) => a - b)
    timings.sort((a, b) => a - b)
    // A busy test machine slows every call alike: the list's median is held to a few times
    // that of a one-row read (the 40 ms p95 on PostgreSQL is for the bench, not this run).
    expect(timings[15]!).toBeLessThan(Math.max(60, 5 * baseline[15]!))
  }, 60_000)
})
