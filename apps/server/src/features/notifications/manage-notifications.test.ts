import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { zonedDate } from '@crm/domain'
import { notifications } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildChurch, get, post } from '../../../test/contact-factories'
import { releaseScheduledNotifications } from './notifications.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())
beforeEach(async () => {
  await t.db.delete(notifications).where(eq(notifications.level, 'global'))
})

const zone = 'Australia/Sydney'
const dayFromNow = (days: number) => zonedDate(new Date(t.clock.now().getTime() + days * 86_400_000), zone)

async function conferenceWithAdmin(): Promise<{ conference: number; church: number; entity: TestPerson; member: TestPerson }> {
  const { conference, church, member } = await buildChurch(t)
  const entity = await buildPerson(t, { firstName: 'Erin', lastName: 'Entity' })
  await addMember(t, entity.id, conference, 'entity_admin')
  return { conference, church, entity, member }
}

const add = (person: TestPerson, team: number, fields: Record<string, unknown>) =>
  post(t, 'add-notification', person.token, { requesting_team_id: team, ...fields })
const manage = (person: TestPerson, team: number, query: Record<string, string | number> = {}) =>
  get(t, 'manage-notifications', person.token, { team_id: team, group_id: team, ...query })
const managed = async (person: TestPerson, team: number, query: Record<string, string | number> = {}) =>
  body<{ items: Array<Record<string, any>> }>(await manage(person, team, query)).items
const panel = (person: TestPerson, team: number) => get(t, 'notifications', person.token, { team_id: team, group_id: team })

describe('add-notification and manage-notifications', () => {
  it('D3-7.7-02 D3-7.7-01 D3-3-10 D3-2.7-01 writes a notification the conference users see and lists it', async () => {
    const { conference, church, entity, member } = await conferenceWithAdmin()
    const response = await add(entity, conference, {
      content: '<p>Camp meeting <b>Friday</b></p>',
      importance: 'high',
      is_scheduled: 0,
      link_url: 'https://camp.example.org',
      link_text: 'Details',
    })
    expect(response.statusCode).toBe(200)
    const { id } = body(response)
    expect(id).toEqual(expect.any(Number))

    const seenByMember = body(await panel(member, church))
    expect(seenByMember).toMatchObject({
      count: 1,
      count_unread: 1,
      items: [{ id, content: '<p>Camp meeting <b>Friday</b></p>', importance: 'high', link_url: 'https://camp.example.org', link_text: 'Details' }],
    })

    const list = body(await manage(entity, conference, { page: 1, per_page: 20 }))
    expect(list).toMatchObject({ count: 1, max_pages: 1 })
    const [row] = list.items
    expect(Object.keys(row).sort()).toEqual(
      ['content', 'created_display', 'date', 'date_timestamp', 'id', 'importance', 'is_scheduled', 'is_seen_by_count', 'level', 'link_text', 'link_url'].sort(),
    )
    expect(row).toMatchObject({
      id,
      importance: 'high',
      is_scheduled: false,
      date: null,
      level: 'conference',
      is_seen_by_count: 0,
      link_url: 'https://camp.example.org',
      link_text: 'Details',
    })
    expect(Math.abs(row.date_timestamp - t.clock.now().getTime() / 1000)).toBeLessThan(5)
    expect(row.created_display).toMatch(/\d{4}/)
  })

  it('takes the team id only as a number or a string of digits: true or a list of it is refused, nothing stored', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const before = await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.team_id, conference))
    // Number() reads true as 1 and [id] as id: neither is an id.
    for (const loose of [true, [conference], `${conference}e0`]) {
      const response = await add(entity, conference, { content: 'Loose id', requesting_team_id: loose })
      expect(response.statusCode, JSON.stringify(loose)).toBe(400)
      expect(body(response)).toMatchObject({ code: 'invalid_request', data: { status: 400, errors: { requesting_team_id: 'Expected a whole number' } } })
    }
    expect(await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.team_id, conference))).toEqual(before)
    expect((await add(entity, conference, { content: 'Digits', requesting_team_id: String(conference) })).statusCode).toBe(200)
  })

  it('sanitizes the content before storing it: no script, no handlers, links only to web or app addresses', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://ok.org">web</a> <a href="/contacts">app</a><img src=x onerror=alert(1)> <a href="mailto:a@b.org">mail</a> <a href="//evil.org">far</a></p>'
    const { id } = body(await add(entity, conference, { content: html }))
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id))
    expect(row!.content).not.toMatch(/script|onclick|onerror|javascript|<img|mailto|evil/i)
    expect(row!.content).toContain('<a href="https://ok.org" rel="noopener noreferrer">web</a>')
    expect(row!.content).toContain('<a href="/contacts" rel="noopener noreferrer">app</a>')
    expect(row!.content).toMatch(/^<p>Hi <a/)
    // Nothing left once sanitized: refused.
    const empty = await add(entity, conference, { content: '<script>alert(1)</script>' })
    expect(empty.statusCode).toBe(400)
    expect(body(empty)).toMatchObject({ code: 'invalid_request', data: { errors: { content: expect.any(String) } } })
  })

  it('D3-5-23 uses the date only when scheduled: required then, never past; the job releases it when due', async () => {
    const { conference, church, entity, member } = await conferenceWithAdmin()
    // Not scheduled: a date is ignored, it shows now.
    const now = body(await add(entity, conference, { content: 'Now', is_scheduled: 0, date: dayFromNow(20) }))
    const [immediate] = await t.db.select().from(notifications).where(eq(notifications.id, now.id))
    expect(immediate).toMatchObject({ is_scheduled: false })
    expect(Math.abs(immediate!.date.getTime() - t.clock.now().getTime())).toBeLessThan(5000)

    const missing = await add(entity, conference, { content: 'When?', is_scheduled: 1 })
    expect(missing.statusCode).toBe(400)
    expect(body(missing)).toMatchObject({ code: 'invalid_request', data: { errors: { date: expect.any(String) } } })
    const past = await add(entity, conference, { content: 'Late', is_scheduled: true, date: dayFromNow(-3) })
    expect(past.statusCode).toBe(400)
    expect(body(past)).toMatchObject({ data: { errors: { date: 'Choose today or a later date' } } })
    expect(await t.db.select().from(notifications).where(eq(notifications.team_id, conference))).toHaveLength(1)

    const date = dayFromNow(2)
    const scheduled = body(await add(entity, conference, { content: 'Soon', importance: 'medium', is_scheduled: '1', date }))
    expect(body(await panel(member, church)).items.map((item: { id: number }) => item.id)).toEqual([now.id])
    const future = await managed(entity, conference, { date_filter: 'future' })
    expect(future).toMatchObject([{ id: scheduled.id, is_scheduled: true, date, importance: 'medium' }])

    // Nothing due yet: the job changes nothing and says nothing.
    expect(await releaseScheduledNotifications(t.app.deps)).toBeUndefined()
    t.clock.advance(3 * 86_400_000)
    try {
      const member2 = await buildPerson(t)
      await addMember(t, member2.id, church, 'member')
      expect(body(await panel(member2, church)).items.map((item: { id: number }) => item.id)).toEqual([scheduled.id, now.id])
      expect(await releaseScheduledNotifications(t.app.deps)).toBe('released 1 scheduled notifications')
      expect(await releaseScheduledNotifications(t.app.deps)).toBeUndefined()
      const [released] = await t.db.select().from(notifications).where(eq(notifications.id, scheduled.id))
      expect(released).toMatchObject({ is_scheduled: false })
    } finally {
      t.clock.advance(-3 * 86_400_000)
    }
  })

  it("D3-3-12 D3-6-23 level 'global' is for site admins only: anyone else 403 and nothing stored", async () => {
    const { conference, church, entity, member } = await conferenceWithAdmin()
    const refused = await add(entity, conference, { content: 'To the world', level: 'global' })
    expect(refused.statusCode).toBe(403)
    expect(await t.db.select().from(notifications).where(eq(notifications.level, 'global'))).toEqual([])

    const admin = await buildPerson(t, { siteRole: 'admin' })
    const { id } = body(await add(admin, conference, { content: 'To the world', level: 'global' }))
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id))
    expect(row).toMatchObject({ level: 'global', team_id: null })
    // Everyone sees it; the admin manages it, the conference's entity admin does not.
    expect(body(await panel(member, church)).items.map((item: { id: number }) => item.id)).toEqual([id])
    expect((await managed(admin, conference)).map((item) => [item.id, item.level])).toEqual([[id, 'global']])
    expect(await managed(entity, conference)).toEqual([])
    expect((await post(t, 'update-notification', entity.token, { requesting_team_id: conference, id, content: 'Mine now' })).statusCode).toBe(404)
    expect((await post(t, 'delete-notification', entity.token, { requesting_team_id: conference, id })).statusCode).toBe(404)
    // Nor may an entity admin make their own global.
    const own = body(await add(entity, conference, { content: 'Ours' }))
    expect((await post(t, 'update-notification', entity.token, { requesting_team_id: conference, id: own.id, level: 'global' })).statusCode).toBe(403)
    expect(await t.db.select().from(notifications).where(eq(notifications.level, 'global'))).toHaveLength(1)
  })

  it('D3-2.7-04 shows Seen by n from the receipts', async () => {
    const { conference, church, entity, member } = await conferenceWithAdmin()
    const { id } = body(await add(entity, conference, { content: 'Read me' }))
    const other = await buildPerson(t)
    await addMember(t, other.id, church, 'leader')
    expect((await managed(entity, conference))[0]).toMatchObject({ is_seen_by_count: 0 })
    await post(t, `seen-notification/${id}`, member.token, {})
    await post(t, 'seen-all-notifications', other.token, {})
    await post(t, `seen-notification/${id}`, member.token, {})
    expect((await managed(entity, conference))[0]).toMatchObject({ id, is_seen_by_count: 2 })
  })

  it('D3-2.7-02 filters by importance, date range and content text, sorts and pages', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const high = body(await add(entity, conference, { content: '<p>Youth <b>camp</b> rego closes</p>', importance: 'high' })).id
    const medium = body(await add(entity, conference, { content: '<p>Board meeting</p>', importance: 'medium' })).id
    const normal = body(await add(entity, conference, { content: '<p>Newsletter</p>' })).id
    const old = body(await add(entity, conference, { content: '<p>Old camp</p>', importance: 'high' })).id
    const lastYear = Number(zonedDate(t.clock.now(), zone).slice(0, 4)) - 1
    await t.db
      .update(notifications)
      .set({ date: new Date(`${lastYear}-06-15T02:00:00Z`) })
      .where(eq(notifications.id, old))
    const ids = async (query: Record<string, string | number>) => (await managed(entity, conference, query)).map((item) => item.id)

    expect(await ids({ importance: 'high' })).toEqual([old, high])
    expect(await ids({ importance: 'medium' })).toEqual([medium])
    expect(await ids({ date_filter: 'this_week' })).toEqual([normal, medium, high])
    expect(await ids({ date_filter: 'this_year', importance: 'high' })).toEqual([high])
    expect(await ids({ date_filter: 'last_week' })).toEqual([])
    expect(await ids({ date_filter: 'future' })).toEqual([])
    expect(await ids({ date_filter: 'last_year' })).toEqual([old])
    expect(await ids({ date_filter: 'this_year' })).toEqual([normal, medium, high])
    // The words, not the tags: 'camp' is in two, 'b' (a tag) in none.
    expect(await ids({ search: 'camp' })).toEqual([old, high])
    expect(await ids({ search: 'youth camp' })).toEqual([high])
    expect(await ids({ search: '<b>' })).toEqual([])
    expect(await ids({ order_by: 'importance' })).toEqual([high, old, medium, normal])
    // Equal importance: newest first either way.
    expect(await ids({ order_by: 'importance', order: 'asc' })).toEqual([normal, medium, high, old])
    expect(await ids({ order_by: 'date', order: 'asc' })).toEqual([old, high, medium, normal])
    expect(await ids({ order_by: 'created', order: 'asc' })).toEqual([high, medium, normal, old])
    const page2 = body(await manage(entity, conference, { per_page: 4, page: 2 }))
    expect(page2).toMatchObject({ count: 4, max_pages: 1 })
    expect(page2.items).toHaveLength(4)
    for (const query of [{ importance: 'urgent' }, { date_filter: 'tomorrow' }, { order_by: 'seen' }, { per_page: 3 }] as Array<
      Record<string, string | number>
    >) {
      expect((await manage(entity, conference, query)).statusCode).toBe(400)
    }
  })
})

describe('update-notification and delete-notification', () => {
  it('D3-7.7-03 D3-3-11 changes only the fields sent, sanitized; another conference’s id is 404', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const { id } = body(await add(entity, conference, { content: '<p>First</p>', importance: 'medium', link_url: '/events', link_text: 'Events' }))
    const response = await post(t, 'update-notification', entity.token, { id, requesting_team_id: conference, content: '<p>Second<script>x()</script></p>' })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    const [row] = await managed(entity, conference)
    expect(row).toMatchObject({ id, content: '<p>Second</p>', importance: 'medium', link_url: '/events', link_text: 'Events', is_scheduled: false })

    // Scheduled later, then the same date sent back, then sent now.
    const date = dayFromNow(5)
    expect(
      (await post(t, 'update-notification', entity.token, { id, requesting_team_id: conference, is_scheduled: 1, date, importance: 'normal' })).statusCode,
    ).toBe(200)
    expect((await managed(entity, conference))[0]).toMatchObject({ is_scheduled: true, date, importance: 'normal' })
    expect(
      (await post(t, 'update-notification', entity.token, { id, requesting_team_id: conference, is_scheduled: 1, date, content: 'Third' })).statusCode,
    ).toBe(200)
    expect((await post(t, 'update-notification', entity.token, { id, requesting_team_id: conference, is_scheduled: 1 })).statusCode).toBe(200)
    const past = await post(t, 'update-notification', entity.token, { id, requesting_team_id: conference, date: dayFromNow(-2) })
    expect(past.statusCode).toBe(400)
    expect(body(past)).toMatchObject({ data: { errors: { date: expect.any(String) } } })
    expect(
      (await post(t, 'update-notification', entity.token, { id, requesting_team_id: conference, is_scheduled: 0, link_url: '', link_text: '' })).statusCode,
    ).toBe(200)
    const [sent] = await managed(entity, conference)
    expect(sent).toMatchObject({ is_scheduled: false, date: null, content: 'Third', link_url: null, link_text: null })
    expect(Math.abs(sent!.date_timestamp - t.clock.now().getTime() / 1000)).toBeLessThan(5)

    const other = await conferenceWithAdmin()
    const stranger = await post(t, 'update-notification', other.entity.token, { id, requesting_team_id: other.conference, content: 'Hijack' })
    expect(stranger.statusCode).toBe(404)
    expect((await post(t, 'update-notification', entity.token, { id, requesting_team_id: other.conference, content: 'x' })).statusCode).toBe(404)
    const bad = await post(t, 'update-notification', entity.token, {
      id,
      requesting_team_id: conference,
      importance: 'urgent',
      link_url: 'javascript:alert(1)',
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(body(bad).data.errors).sort()).toEqual(['importance', 'link_url'])
  })

  it('D3-7.7-04 deletes a notification of the conference; gone, and again 404', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const { id } = body(await add(entity, conference, { content: 'Bye' }))
    const other = await conferenceWithAdmin()
    expect((await post(t, 'delete-notification', other.entity.token, { id, requesting_team_id: other.conference })).statusCode).toBe(404)
    const response = await post(t, 'delete-notification', entity.token, { id, requesting_team_id: conference })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect(await managed(entity, conference)).toEqual([])
    expect((await post(t, 'delete-notification', entity.token, { id, requesting_team_id: conference })).statusCode).toBe(404)
  })
})

describe('who may manage notifications', () => {
  it('D3-6-14 needs create_notification on a conference: a church 403, a leader 403, another conference 404', async () => {
    const { conference, church, entity } = await conferenceWithAdmin()
    const owner = await buildPerson(t)
    await addMember(t, owner.id, church, 'owner')
    const leader = await buildPerson(t)
    await addMember(t, leader.id, conference, 'leader')
    // A church, even to the conference's entity admin (who holds create_notification there).
    for (const [person, team] of [
      [owner, church],
      [entity, church],
      [leader, conference],
    ] as const) {
      expect((await manage(person, team)).statusCode).toBe(403)
      const refused = await add(person, team, { content: 'No' })
      expect(refused.statusCode).toBe(403)
      expect(body(refused)).toMatchObject({ code: 'forbidden' })
    }
    const other = await buildTeam(t, { kind: 'conference' })
    expect((await manage(entity, other)).statusCode).toBe(404)
    expect((await add(entity, other, { content: 'No' })).statusCode).toBe(404)
    expect(await t.db.select().from(notifications).where(eq(notifications.created_by, entity.id))).toEqual([])
    expect((await t.call({ method: 'POST', url: '/api/v1/add-notification', payload: { requesting_team_id: conference, content: 'x' } })).statusCode).toBe(401)
    const invalid = await add(entity, conference, { content: '', importance: 'urgent' })
    expect(invalid.statusCode).toBe(400)
    expect(Object.keys(body(invalid).data.errors).sort()).toEqual(['content', 'importance'])
  })
})
