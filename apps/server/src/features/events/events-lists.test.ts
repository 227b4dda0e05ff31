import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { teams } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, get, post, type Church } from '../../../test/contact-factories'

// GET events (today, future, past) and GET events-today/{teamId} (spec 3 §2.1, §7.1; spec 1
// §2.8). The clock stands at 1 April 2026, 11:00 in Sydney (a Wednesday): today is 2026-04-01.

let t: TestApp
let c: Church
const ids: Record<string, number> = {}

async function create(fields: Record<string, unknown>, church = c): Promise<number> {
  const response = await post(t, 'create-event', church.leader.token, { team_id: church.church, ...fields })
  expect(response.statusCode, response.body).toBe(200)
  t.clock.advance(1000)
  return body(response).id as number
}

async function list(query: Record<string, string | number>, church = c, token = church.leader.token) {
  const response = await get(t, 'events', token, { team_id: church.church, ...query })
  expect(response.statusCode, response.body).toBe(200)
  return body(response)
}

const titles = (answer: any): string[] => answer.items.map((item: any) => item.title)

beforeAll(async () => {
  t = await createTestApp()
  t.clock.advance(Date.parse('2026-04-01T00:00:00Z') - t.clock.now().getTime())
  c = await buildChurch(t)
  ids.study = await create({
    title: 'Midweek study',
    start_time: '2026-01-07',
    start_time_hour: '19:00',
    is_recurring: 1,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE',
  })
  ids.breakfast = await create({ title: 'Prayer breakfast', start_time: '2026-04-01', is_all_day: 1 })
  ids.camp = await create({
    title: 'Easter camp',
    start_time: '2026-03-30',
    start_time_hour: '16:00',
    is_multi_day: 1,
    end_time: '2026-04-02',
    end_time_hour: '12:00',
  })
  ids.picnic = await create({ title: 'Picnic', start_time: '2026-04-02', is_all_day: 1 })
  ids.old = await create({ title: 'Old picnic', start_time: '2026-03-01', is_all_day: 1 })
  ids.series = await create({
    title: 'Lent series',
    start_time: '2026-02-18',
    start_time_hour: '19:30',
    is_recurring: 1,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20260325',
  })
  ids.lastToday = await create({
    title: 'Final session',
    start_time: '2026-03-18',
    start_time_hour: '18:00',
    is_recurring: 1,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;COUNT=3',
  })
  ids.cancelled = await create({
    title: 'Choir practice',
    start_time: '2026-03-04',
    start_time_hour: '17:00',
    is_recurring: 1,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE',
  })
  const cancel = await post(t, 'update-event-occurance', c.leader.token, {
    team_id: c.church,
    event_id: ids.cancelled,
    event_date: '2026-04-01',
    is_cancelled: 1,
  })
  expect(cancel.statusCode, cancel.body).toBe(200)
})
afterAll(async () => t.close())

describe('GET events', () => {
  it("D3-2.1-01 lists today's, future and past events by the team's date, each with the occurrence it shows", async () => {
    const today = await list({ type: 'today' })
    expect(titles(today).sort()).toEqual(['Easter camp', 'Final session', 'Midweek study', 'Prayer breakfast'])
    const camp = today.items.find((item: any) => item.id === ids.camp)
    expect(camp.next_occurance_data.event_date).toBe('2026-03-30')
    expect(today.items.find((item: any) => item.id === ids.study).next_occurance_data).toEqual({
      event_date: '2026-04-01',
      start_date_time_display: expect.stringMatching(/^1 Apr 2026, 7:00\spm$/),
    })

    const future = await list({ type: 'future' })
    // Newest first by default (spec 3 §9).
    expect(titles(future)).toEqual(['Choir practice', 'Picnic', 'Midweek study'])
    expect(future.items.find((item: any) => item.id === ids.study).next_occurance_data.event_date).toBe('2026-04-08')
    expect(future.items.find((item: any) => item.id === ids.cancelled).next_occurance_data.event_date).toBe('2026-04-08')
    expect(future.items[1]).toMatchObject({
      id: ids.picnic,
      next_occurance_data: { event_date: '2026-04-02', start_date_time_display: '2 Apr 2026' },
      last_date: '2026-04-02',
      created_display: '1 Apr 2026',
    })

    const past = await list({ type: 'past' })
    expect(titles(past)).toEqual(['Lent series', 'Old picnic'])
    expect(past.items[0].next_occurance_data.event_date).toBe('2026-03-25')
    expect(past.count).toBe(2)
  })

  it('D3-2.1-02 D3-7.1-01 searches titles without case, filters recurring events, sorts and pages', async () => {
    expect(titles(await list({ type: 'future', search: 'PICNIC' }))).toEqual(['Picnic'])
    expect(titles(await list({ type: 'past', search: 'picnic' }))).toEqual(['Old picnic'])
    expect(titles(await list({ type: 'future', search: '%' }))).toEqual([])
    expect(titles(await list({ type: 'future', is_recurring: 1 }))).toEqual(['Choir practice', 'Midweek study'])
    expect(titles(await list({ type: 'future', is_recurring: 0 }))).toEqual(['Picnic'])
    expect(titles(await list({ type: 'future', order_by: 'title' }))).toEqual(['Choir practice', 'Midweek study', 'Picnic'])
    expect(titles(await list({ type: 'future', order_by: 'title', order: 'desc' }))).toEqual(['Picnic', 'Midweek study', 'Choir practice'])
    expect(titles(await list({ type: 'future', order_by: 'start_time' }))).toEqual(['Midweek study', 'Choir practice', 'Picnic'])
    expect(titles(await list({ type: 'today', order_by: 'title' }))).toEqual(['Easter camp', 'Final session', 'Midweek study', 'Prayer breakfast'])

    const first = await list({ type: 'future', per_page: 4, order_by: 'title' })
    expect(first).toMatchObject({ count: 3, max_pages: 1 })
    const today = await list({ type: 'today', per_page: 4, order_by: 'title' })
    expect(today).toMatchObject({ count: 4, max_pages: 1 })
    // A page past the end is served as the last page.
    expect(titles(await list({ type: 'past', per_page: 4, page: 9 }))).toEqual(['Lent series', 'Old picnic'])
    expect((await get(t, 'events', c.leader.token, { team_id: c.church, type: 'later' })).statusCode).toBe(400)
    expect((await get(t, 'events', c.leader.token, { team_id: c.church, type: 'future', per_page: 7 })).statusCode).toBe(400)
  })

  it('pages a longer list with an exact count', async () => {
    const church = await buildChurch(t)
    for (let n = 1; n <= 6; n++) await create({ title: `Past ${n}`, start_time: `2026-02-0${n}`, is_all_day: 1 }, church)
    const page1 = await list({ type: 'past', per_page: 4 }, church)
    expect(page1).toMatchObject({ count: 6, max_pages: 2 })
    expect(titles(page1)).toEqual(['Past 6', 'Past 5', 'Past 4', 'Past 3'])
    expect(titles(await list({ type: 'past', per_page: 4, page: 2 }, church))).toEqual(['Past 2', 'Past 1'])
  })

  it('a never-ending rule that began long ago costs bounded work in every list', async () => {
    const church = await buildChurch(t)
    const id = await create(
      { title: 'Since 1900', start_time: '1900-01-03', start_time_hour: '09:00', is_recurring: 1, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE' },
      church,
    )
    const started = performance.now()
    const today = await list({ type: 'today' }, church)
    const future = await list({ type: 'future' }, church)
    const past = await list({ type: 'past' }, church)
    const elapsed = performance.now() - started
    expect(today.items.map((item: any) => item.id)).toEqual([id])
    expect(future.items[0].next_occurance_data.event_date).toBe('2026-04-08')
    expect(past.items).toEqual([])
    expect(elapsed).toBeLessThan(5000)
  })

  it('DST: a 10:00 service in a Sydney team reads 10:00 every week across April and October', async () => {
    const church = await buildChurch(t)
    const id = await create(
      {
        title: 'Sunday service',
        type: 'church-service',
        start_time: '2026-03-22',
        start_time_hour: '10:00',
        end_time_hour: '11:30',
        is_recurring: 1,
        rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU',
      },
      church,
    )
    for (const [from, to] of [
      ['2026-03-22', '2026-04-19'],
      ['2026-09-20', '2026-10-18'],
    ] as const) {
      const event = body(await get(t, `event/${id}`, church.leader.token, { team_id: church.church, from, to }))
      expect(event.occurrences).toHaveLength(5)
      for (const occurrence of event.occurrences) expect(occurrence.start_date_time_display).toMatch(/, 10:00\sam$/)
    }
    const future = await list({ type: 'future' }, church)
    expect(future.items[0].next_occurance_data.start_date_time_display).toMatch(/^5 Apr 2026, 10:00\sam$/)
    expect(future.items[0].type_display).toBe('Church service')
  })

  it("reads today in the team's own time zone", async () => {
    const church = await buildChurch(t)
    await t.db
      .update(teams)
      .set({ settings: { time_zone: 'America/Los_Angeles' } })
      .where(eq(teams.id, church.church))
    // 1 April 00:00 UTC is 31 March, 17:00 in Los Angeles.
    const id = await create({ title: 'Tuesday supper', start_time: '2026-03-31', start_time_hour: '18:00' }, church)
    expect((await list({ type: 'today' }, church)).items.map((item: any) => item.id)).toEqual([id])
    expect((await list({ type: 'past' }, church)).items).toEqual([])
  })

  it('D3-6-01 needs read_event: a pending member is refused (403), an outsider is not told (404)', async () => {
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await get(t, 'events', pending.token, { team_id: c.church, type: 'future' })).statusCode).toBe(403)
    expect((await get(t, `events-today/${c.church}`, pending.token, {})).statusCode).toBe(403)
    const outsider = await buildPerson(t)
    expect((await get(t, 'events', outsider.token, { team_id: c.church, type: 'future' })).statusCode).toBe(404)
    expect((await get(t, `events-today/${c.church}`, outsider.token, {})).statusCode).toBe(404)
    // A member reads them.
    expect((await list({ type: 'today' }, c, c.member.token)).count).toBe(4)
  })
})

describe('GET events-today/{teamId}', () => {
  it("D1-7-09 D1-3-11 answers today's occurrences, all-day first then by start time; tomorrow's and cancelled ones are not there", async () => {
    const response = await get(t, `events-today/${c.church}`, c.member.token, {})
    expect(response.statusCode, response.body).toBe(200)
    const { items } = body(response)
    expect(items.map((item: any) => item.title)).toEqual(['Prayer breakfast', 'Easter camp', 'Final session', 'Midweek study'])
    expect(items[0]).toEqual({
      id: ids.breakfast,
      original_id: ids.breakfast,
      title: 'Prayer breakfast',
      event_date: '2026-04-01',
      start_date_time_display: '1 Apr 2026',
    })
    expect(items[1]).toMatchObject({ id: ids.camp, original_id: ids.camp, event_date: '2026-03-30' })
    expect(items[3].start_date_time_display).toMatch(/^1 Apr 2026, 7:00\spm$/)
    expect(items.map((item: any) => item.id)).not.toContain(ids.picnic)
    expect(items.map((item: any) => item.id)).not.toContain(ids.cancelled)
  })
})
