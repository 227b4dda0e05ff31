import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { eventAttendance, events } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { assignContact, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

// The lists of attendance: the contacts to mark on a date and a contact's attended events
// (spec 3 §2.1; spec 2 §7.1). Under the child data gate: attendance-child-gate.test.ts.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const sunday = '2026-11-01'
const nextSunday = '2026-11-08'

/** An event of the team, weekly on Sundays from `sunday` (the events calls are another part's). */
async function buildEvent(teamId: number, values: Partial<typeof events.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(events)
    .values({
      team_id: teamId,
      title: 'Sunday service',
      start_date: sunday,
      end_date: sunday,
      span_days: 1,
      is_recurring: true,
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      ...values,
    })
    .returning({ id: events.id })
  return row!.id
}

interface Setup {
  c: Church
  event: number
}

async function setup(): Promise<Setup> {
  const c = await buildChurch(t)
  return { c, event: await buildEvent(c.church) }
}

function mark(s: Setup, token: string, payload: Record<string, unknown>, date = sunday) {
  return post(t, 'add-event-attendance', token, { team_id: s.c.church, event_id: s.event, event_date: date, ...payload })
}

function names(response: { json(): unknown }): string[] {
  return (response.json() as { items: Array<{ name: string }> }).items.map((item) => item.name)
}

async function rowsOf(event: number) {
  return t.db.select().from(eventAttendance).where(eq(eventAttendance.event_id, event))
}

describe('GET contacts-for-attendance', () => {
  it('D2-7.1-05 takes the contacts list query: filters, search, name A to Z, and who attended on the date', async () => {
    const s = await setup()
    const bea = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Bea', last_name: 'Marsh', gender: 'female' } })
    await buildContact(t, { teamId: s.c.church, person: { first_name: 'Abe', last_name: 'Marsh', gender: 'male' } })
    await buildContact(t, { teamId: s.c.church, person: { first_name: 'Ada', last_name: 'Marsh', gender: 'female' } })
    await mark(s, s.c.leader.token, { user_id: bea })
    const query = { team_id: s.c.church, group_id: s.c.church, event_id: s.event, event_date: sunday, page: 1, per_page: 20, search: 'marsh' }
    const all = await get(t, 'contacts-for-attendance', s.c.leader.token, query)
    expect(all.statusCode).toBe(200)
    expect(body(all).items.map((i: { name: string; attended: boolean }) => [i.name, i.attended])).toEqual([
      ['Abe Marsh', false],
      ['Ada Marsh', false],
      ['Bea Marsh', true],
    ])
    expect(body(all).items[2].attendance_id).toBe((await rowsOf(s.event))[0]!.id)
    const women = await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, gender: 'female' })
    expect(names(women)).toEqual(['Ada Marsh', 'Bea Marsh'])
    // Another date: nobody attended yet.
    const next = await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, event_date: nextSunday })
    expect(body(next).items.every((i: { attended: boolean }) => !i.attended)).toBe(true)
  })

  it('D2-7.1-05 takes the contacts list query alone: event_id and event_date are optional, and come together', async () => {
    const s = await setup()
    const bea = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Bea', last_name: 'Alone', gender: 'female' } })
    await buildContact(t, { teamId: s.c.church, person: { first_name: 'Abe', last_name: 'Alone', gender: 'male' } })
    await mark(s, s.c.leader.token, { user_id: bea })
    const query = { team_id: s.c.church, group_id: s.c.church, search: 'alone' }
    const list = await get(t, 'contacts-for-attendance', s.c.leader.token, query)
    expect(list.statusCode).toBe(200)
    expect(names(list)).toEqual(['Abe Alone', 'Bea Alone'])
    expect(body(list).count).toBe(2)
    // No date asked, so no marks: the rows are the contacts list's.
    for (const item of body(list).items) expect(Object.keys(item)).not.toContain('attended')
    expect(names(await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, gender: 'female' }))).toEqual(['Bea Alone'])
    // One without the other is 400 naming the missing one.
    const noDate = await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, event_id: s.event })
    expect(noDate.statusCode).toBe(400)
    expect(Object.keys(body(noDate).data.errors)).toEqual(['event_date'])
    const noEvent = await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, event_date: sunday })
    expect(noEvent.statusCode).toBe(400)
    expect(Object.keys(body(noEvent).data.errors)).toEqual(['event_id'])
  })

  it('D3-2.1-25 filters by the genders male, female and declined; any other value is 400', async () => {
    const s = await setup()
    for (const gender of ['male', 'female', 'declined'] as const) {
      await buildContact(t, { teamId: s.c.church, person: { first_name: `G${gender}`, last_name: 'Filter', gender } })
    }
    const query = { team_id: s.c.church, group_id: s.c.church, event_id: s.event, event_date: sunday, search: 'filter' }
    for (const gender of ['male', 'female', 'declined']) {
      expect(names(await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, gender }))).toEqual([`G${gender} Filter`])
    }
    const other = await get(t, 'contacts-for-attendance', s.c.leader.token, { ...query, gender: 'other' })
    expect(other.statusCode).toBe(400)
    expect(body(other).data.errors.gender).toBeTruthy()
  })

  it('a member sees what their contacts list shows: their assigned contacts', async () => {
    const s = await setup()
    const mine = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Mine', last_name: 'Only' } })
    await buildContact(t, { teamId: s.c.church, person: { first_name: 'Not', last_name: 'Mine' } })
    await assignContact(t, { teamId: s.c.church, contactId: mine, toId: s.c.member.id })
    const response = await get(t, 'contacts-for-attendance', s.c.member.token, {
      team_id: s.c.church,
      group_id: s.c.church,
      event_id: s.event,
      event_date: sunday,
    })
    expect(names(response)).toEqual(['Mine Only'])
  })
})

describe('GET contact-event-attendance/{id}', () => {
  it('D2-7.1-07 lists the events the contact attended in the team, the latest date first', async () => {
    const s = await setup()
    const camp = await buildEvent(s.c.church, {
      title: 'Camp',
      is_recurring: false,
      rrule: null,
      start_date: '2026-11-20',
      end_date: '2026-11-22',
      span_days: 3,
      is_multi_day: true,
    })
    const x = await buildContact(t, { teamId: s.c.church })
    await mark(s, s.c.leader.token, { user_id: x })
    await mark(s, s.c.leader.token, { user_id: x }, nextSunday)
    // The second day of the camp is one of its dates.
    expect(
      (await post(t, 'add-event-attendance', s.c.leader.token, { team_id: s.c.church, event_id: camp, event_date: '2026-11-21', user_id: x })).statusCode,
    ).toBe(200)
    const response = await get(t, `contact-event-attendance/${x}`, s.c.leader.token, { team_id: s.c.church, group_id: s.c.church, page: 1, per_page: 20 })
    expect(response.statusCode).toBe(200)
    expect(body(response).count).toBe(3)
    expect(body(response).items.map((i: { title: string; event_date: string }) => [i.title, i.event_date])).toEqual([
      ['Camp', '2026-11-21'],
      ['Sunday service', nextSunday],
      ['Sunday service', sunday],
    ])
    expect(body(response).items[0]).toMatchObject({ event_id: camp, is_visitor: false, event_date_display: expect.stringMatching(/21/) })
  })

  it("is 404 for another team's contact", async () => {
    const s = await setup()
    const other = await buildChurch(t)
    const theirs = await buildContact(t, { teamId: other.church })
    const response = await get(t, `contact-event-attendance/${theirs}`, s.c.leader.token, { team_id: s.c.church, group_id: s.c.church })
    expect(response.statusCode).toBe(404)
  })
})
