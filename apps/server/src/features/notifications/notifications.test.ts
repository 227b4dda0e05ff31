import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { notificationReceipts, notifications } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())
// Global notifications reach everyone: each test writes its own.
beforeEach(async () => {
  await t.db.delete(notifications).where(eq(notifications.level, 'global'))
})

type Row = typeof notifications.$inferInsert
const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000)

async function notify(values: Partial<Row> & Pick<Row, 'level'>): Promise<number> {
  const [row] = await t.db
    .insert(notifications)
    .values({ content: '<p>Hello</p>', date: minutesAgo(1), ...values })
    .returning({ id: notifications.id })
  return row!.id
}

const panel = (person: TestPerson, team: number, query: Record<string, string | number> = {}) =>
  get(t, 'notifications', person.token, { team_id: team, group_id: team, ...query })
const items = async (person: TestPerson, team: number, query: Record<string, string | number> = {}) =>
  body<{ items: Array<{ id: number; is_seen: boolean }> }>(await panel(person, team, query)).items.map((item) => item.id)
const seen = (person: TestPerson, id: number) => post(t, `seen-notification/${id}`, person.token, {})

describe('GET /api/v1/notifications', () => {
  it('D1-3-07 D1-3-08 shows global, conference and own team notifications of the selected team, newest first', async () => {
    const { conference, church, member, leader } = await buildChurch(t)
    const other = await buildChurch(t)
    const global = await notify({
      level: 'global',
      content: '<p>For <b>everyone</b></p>',
      importance: 'high',
      link_url: '/events',
      link_text: 'Events',
      date: minutesAgo(30),
    })
    const forConference = await notify({ level: 'conference', team_id: conference, importance: 'medium', date: minutesAgo(20) })
    const forMember = await notify({ level: 'team', team_id: church, recipient_user_id: member.id, date: minutesAgo(10) })
    // Not shown to the member here: another user's, another conference's, one not yet due.
    await notify({ level: 'team', team_id: church, recipient_user_id: leader.id })
    await notify({ level: 'conference', team_id: other.conference })
    await notify({ level: 'conference', team_id: conference, date: new Date(t.clock.now().getTime() + 3_600_000) })

    const response = await panel(member, church)
    expect(response.statusCode).toBe(200)
    const list = body(response)
    expect(list).toMatchObject({ count: 3, count_unread: 3 })
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([forMember, forConference, global])
    const item = list.items[2]
    expect(Object.keys(item).sort()).toEqual(['associated_user', 'content', 'date_timestamp', 'id', 'importance', 'is_seen', 'link_text', 'link_url', 'system'])
    expect(item).toMatchObject({
      id: global,
      is_seen: false,
      importance: 'high',
      content: '<p>For <b>everyone</b></p>',
      link_url: '/events',
      link_text: 'Events',
      // Written by a person (or stored before issue 36): no code, its content shows.
      system: null,
      associated_user: null,
    })
    expect(Number.isInteger(item.date_timestamp)).toBe(true)
    expect(Math.abs(item.date_timestamp - Math.floor(minutesAgo(30).getTime() / 1000))).toBeLessThan(5)

    // At the conference itself its users see its notifications and the global ones.
    const entity = await buildPerson(t)
    await addMember(t, entity.id, conference, 'entity_admin')
    expect(await items(entity, conference)).toEqual([forConference, global])
  })

  it('answers what the server wrote as a code and parameters, and a stored code the contract does not read as none', async () => {
    const { church, member } = await buildChurch(t)
    const written = await notify({
      level: 'team',
      team_id: church,
      recipient_user_id: member.id,
      content: '<p>3 contacts of Hope are not assigned to anyone.</p>',
      kind: 'contacts_unassigned',
      params: { count: 3, church: 'Hope' },
      link_url: '/contacts',
      link_text: 'View contacts',
      date: minutesAgo(5),
    })
    const unreadable = await notify({
      level: 'team',
      team_id: church,
      recipient_user_id: member.id,
      content: '<p>Old words</p>',
      kind: 'contacts_unassigned',
      params: { church: 'Hope' } as never,
      date: minutesAgo(6),
    })
    const list = body<{ items: Array<{ id: number; system: unknown; content: string }> }>(await panel(member, church))
    expect(list.items.map(({ id, system, content }) => ({ id, system, content }))).toEqual([
      {
        id: written,
        system: { kind: 'contacts_unassigned', params: { count: 3, church: 'Hope' } },
        content: '<p>3 contacts of Hope are not assigned to anyone.</p>',
      },
      { id: unreadable, system: null, content: '<p>Old words</p>' },
    ])
    // A code always comes with its parameters.
    await expect(notify({ level: 'team', team_id: church, recipient_user_id: member.id, kind: 'contact_quiet' })).rejects.toThrow()
  })

  it('D1-2.10-04 marks one seen: is_seen, the read and unread tabs and their counts follow; again is fine', async () => {
    const { conference, church, member } = await buildChurch(t)
    const first = await notify({ level: 'conference', team_id: conference, date: minutesAgo(3) })
    const second = await notify({ level: 'team', team_id: church, recipient_user_id: member.id, date: minutesAgo(2) })
    expect(body(await panel(member, church))).toMatchObject({ count: 2, count_unread: 2 })

    const response = await seen(member, first)
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect((await seen(member, first)).statusCode).toBe(200)
    const all = body(await panel(member, church))
    expect(all).toMatchObject({ count: 2, count_unread: 1 })
    expect(all.items.map((item: { id: number; is_seen: boolean }) => [item.id, item.is_seen])).toEqual([
      [second, false],
      [first, true],
    ])
    expect(body(await panel(member, church, { filter: 'unread' }))).toMatchObject({ count: 1, count_unread: 1, items: [{ id: second }] })
    expect(body(await panel(member, church, { filter: 'read' }))).toMatchObject({ count: 1, count_unread: 1, items: [{ id: first, is_seen: true }] })
    // Seen by the member only.
    expect(await t.db.select().from(notificationReceipts).where(eq(notificationReceipts.notification_id, first))).toHaveLength(1)
  })

  it('seen-notification answers 404 for a notification the caller does not see, and 401 without a session', async () => {
    const { conference, church, member, leader } = await buildChurch(t)
    const other = await buildChurch(t)
    const elsewhere = await notify({ level: 'conference', team_id: other.conference })
    const leaders = await notify({ level: 'team', team_id: church, recipient_user_id: leader.id })
    const later = await notify({ level: 'conference', team_id: conference, date: new Date(t.clock.now().getTime() + 3_600_000) })
    for (const id of [elsewhere, leaders, later, 999_999_999]) {
      const response = await seen(member, id)
      expect(response.statusCode).toBe(404)
      expect(body(response)).toMatchObject({ code: 'not_found' })
    }
    expect(await t.db.select().from(notificationReceipts).where(eq(notificationReceipts.user_id, member.id))).toEqual([])
    // A pending membership sees nothing of the conference.
    const pending = await buildPerson(t)
    await addMember(t, pending.id, church, 'member_request')
    expect((await seen(pending, later)).statusCode).toBe(404)
    expect((await t.call({ method: 'POST', url: `/api/v1/seen-notification/${elsewhere}`, payload: {} })).statusCode).toBe(401)
    expect((await post(t, 'seen-notification/abc', member.token, {})).statusCode).toBe(400)
  })

  it('D1-2.10-05 seen-all marks everything the caller sees, and nothing of anyone else or not yet due', async () => {
    const { conference, church, member, leader } = await buildChurch(t)
    const second = await buildTeam(t, { parentId: conference })
    await addMember(t, member.id, second, 'member')
    await notify({ level: 'global' })
    await notify({ level: 'conference', team_id: conference })
    await notify({ level: 'team', team_id: church, recipient_user_id: member.id })
    const inSecond = await notify({ level: 'team', team_id: second, recipient_user_id: member.id })
    const leaders = await notify({ level: 'team', team_id: church, recipient_user_id: leader.id })
    const later = await notify({ level: 'conference', team_id: conference, date: new Date(t.clock.now().getTime() + 600_000) })
    expect(body(await panel(member, church))).toMatchObject({ count: 3, count_unread: 3 })

    const response = await post(t, 'seen-all-notifications', member.token, {})
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    const list = body(await panel(member, church))
    expect(list).toMatchObject({ count: 3, count_unread: 0 })
    expect(list.items.every((item: { is_seen: boolean }) => item.is_seen)).toBe(true)
    // Through any of the caller's teams; again changes nothing.
    expect(body(await panel(member, second))).toMatchObject({ count: 3, count_unread: 0 })
    expect((await post(t, 'seen-all-notifications', member.token, {})).statusCode).toBe(200)
    const receipts = await t.db.select().from(notificationReceipts).where(eq(notificationReceipts.user_id, member.id))
    expect(receipts).toHaveLength(4)
    expect(receipts.map((row) => row.notification_id)).toContain(inSecond)
    expect(receipts.map((row) => row.notification_id)).not.toContain(later)
    expect(await t.db.select().from(notificationReceipts).where(eq(notificationReceipts.notification_id, leaders))).toEqual([])
    // Once due, the scheduled one is unread.
    t.clock.advance(15 * 60_000)
    expect(body(await panel(member, church))).toMatchObject({ count: 4, count_unread: 1 })
    t.clock.advance(-15 * 60_000)
  })

  it('pages newest first with the count of the whole filter', async () => {
    const { conference, church, member } = await buildChurch(t)
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push(await notify({ level: 'conference', team_id: conference, date: minutesAgo(60 - i) }))
    const newest = [...ids].reverse()
    const page1 = body(await panel(member, church, { per_page: 4, page: 1 }))
    expect(page1).toMatchObject({ count: 6, count_unread: 6 })
    expect(page1.items.map((item: { id: number }) => item.id)).toEqual(newest.slice(0, 4))
    expect(await items(member, church, { per_page: 4, page: 2 })).toEqual(newest.slice(4))
    await seen(member, ids[0]!)
    expect(body(await panel(member, church, { filter: 'unread', per_page: 4, page: 2 }))).toMatchObject({ count: 5, count_unread: 5, items: [{ id: ids[1] }] })
  })

  it('names the associated contact only to a caller who may read them; a minor is hidden by the child gate', async () => {
    const { church, owner, member, leader } = await buildChurch(t)
    const adult = await buildContact(t, { teamId: church, person: { first_name: 'Ada', last_name: 'Adult' } })
    const minor = await buildContact(t, { teamId: church, person: { first_name: 'Kit', last_name: 'Young', ...bornYearsAgo(t, 12) } })
    const elsewhere = await buildContact(t, { teamId: (await buildChurch(t)).church })
    await assignContact(t, { teamId: church, contactId: minor, toId: member.id })
    const about = async (recipient: TestPerson, contact: number) =>
      notify({ level: 'team', team_id: church, recipient_user_id: recipient.id, associated_person_id: contact })
    await about(leader, adult)
    await about(leader, minor)
    await about(leader, elsewhere)
    await about(member, minor)
    await about(owner, minor)
    const named = async (person: TestPerson) => body(await panel(person, church)).items.map((item: { associated_user: unknown }) => item.associated_user)
    // Newest first: another team's contact is never named; the checked leader sees the minor.
    expect(await named(leader)).toEqual([null, { id: minor, name: 'Kit Young' }, { id: adult, name: 'Ada Adult' }])
    // The member without a Working with Children Check: the minor assigned to them stays unnamed.
    expect(await named(member)).toEqual([null])
    expect(await named(owner)).toEqual([{ id: minor, name: 'Kit Young' }])
  })

  it('answers 404 for another team or a group outside the team, 403 to a pending member, 400 on bad input', async () => {
    const { church, member } = await buildChurch(t)
    const other = await buildChurch(t)
    expect((await panel(member, other.church)).statusCode).toBe(404)
    const group = await buildTeam(t, { kind: 'group', parentId: other.church })
    expect((await get(t, 'notifications', member.token, { team_id: church, group_id: group })).statusCode).toBe(404)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, church, 'member_request')
    expect((await panel(pending, church)).statusCode).toBe(403)
    for (const query of [{ filter: 'new' }, { per_page: 7 }, { page: 0 }] as Array<Record<string, string | number>>) {
      const response = await panel(member, church, query)
      expect(response.statusCode).toBe(400)
      expect(body(response)).toMatchObject({ code: 'invalid_request' })
    }
    expect((await t.call({ method: 'GET', url: `/api/v1/notifications?team_id=${church}&group_id=${church}` })).statusCode).toBe(401)
  })

  it('a removed notification takes its receipts with it', async () => {
    const { conference, church, member } = await buildChurch(t)
    const id = await notify({ level: 'conference', team_id: conference })
    await seen(member, id)
    await t.db.delete(notifications).where(eq(notifications.id, id))
    expect(
      await t.db
        .select()
        .from(notificationReceipts)
        .where(and(eq(notificationReceipts.notification_id, id))),
    ).toEqual([])
    expect(body(await panel(member, church))).toMatchObject({ count: 0, count_unread: 0 })
  })
})
