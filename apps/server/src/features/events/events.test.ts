import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import {
  endBeforeStartMessage,
  endTimeBeforeStartMessage,
  fieldError as coded,
  intervalMessage,
  maxEventDaysMessage,
  monthDayMessage,
  weekdayRequiredMessage,
  type FieldError,
} from '@crm/domain'
import { activityLog, eventAttendance, eventOccurrences, events } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, get, post, type Church } from '../../../test/contact-factories'

// create-event, update-event/{id}, delete-event and GET event/{id} (spec 3 §2.1, §3, §6, §7.1).
// The clock stands at 1 April 2026, 11:00 in Sydney (a Wednesday).

let t: TestApp
let c: Church
let other: Church
beforeAll(async () => {
  t = await createTestApp()
  t.clock.advance(Date.parse('2026-04-01T00:00:00Z') - t.clock.now().getTime())
  c = await buildChurch(t)
  other = await buildChurch(t)
})
afterAll(async () => t.close())

const picnic = { title: 'Picnic', is_all_day: 1, start_time: '2026-04-18', type: 'social' }

async function create(fields: Record<string, unknown>, church = c, token = church.leader.token): Promise<number> {
  const response = await post(t, 'create-event', token, { team_id: church.church, ...fields })
  expect(response.statusCode, response.body).toBe(200)
  return body(response).id as number
}

async function view(id: number, query: Record<string, string> = {}, token = c.leader.token) {
  const response = await get(t, `event/${id}`, token, { team_id: c.church, ...query })
  expect(response.statusCode, response.body).toBe(200)
  return body(response)
}

async function eventCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(events)
  return row!.n
}

describe('create-event and GET event/{id}', () => {
  it('D3-7.1-04 D3-7.1-02 D3-2.1-04 D3-3-15 adds an event and shows it with its fields, occurrences and what the caller may do', async () => {
    const id = await create({
      ...picnic,
      is_public: 1,
      address_formatted: '1 Park Road, Ashfield NSW 2131',
      address_lat: -33.88,
      address_lng: 151.12,
      auc_disciple_phase: 'sow',
      grow_phase: 'plant',
    })
    const event = await view(id)
    expect(event).toMatchObject({
      id,
      team_id: c.church,
      title: 'Picnic',
      is_public: true,
      type: 'social',
      type_other: null,
      type_display: 'Social gathering',
      no_address: false,
      address_formatted: '1 Park Road, Ashfield NSW 2131',
      address_formatted_break: '1 Park Road\nAshfield NSW 2131',
      address_directions_link: 'https://www.google.com/maps/dir/?api=1&destination=-33.88,151.12',
      is_recurring: false,
      rrule: null,
      is_all_day: true,
      is_multi_day: false,
      start_time: '2026-04-18',
      start_time_hour: null,
      end_time: '2026-04-18',
      end_time_hour: null,
      auc_disciple_phase: 'sow',
      grow_phase: 'plant',
      has_multi_days: false,
      multi_day_dates: ['2026-04-18'],
      exceptions: [],
      next_occurance_data: { event_date: '2026-04-18', start_date_time_display: '18 Apr 2026' },
      last_date: '2026-04-18',
      time_zone: 'Australia/Sydney',
      created_display: '1 Apr 2026',
      can_update: true,
      can_delete: true,
      can_read_attendance: true,
      can_update_attendance: true,
    })
    expect(event.occurrences).toEqual([
      {
        event_date: '2026-04-18',
        end_date: '2026-04-18',
        original_date: '2026-04-18',
        is_cancelled: false,
        notes: null,
        attendance_count: 0,
        start_date_time_display: '18 Apr 2026',
      },
    ])
    // A member reads it and may take attendance, not edit or delete.
    const asMember = await view(id, {}, c.member.token)
    expect(asMember).toMatchObject({ can_update: false, can_delete: false, can_read_attendance: true, can_update_attendance: true })
    const [activity] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'event'), eq(activityLog.subject_id, id)))
    expect(activity).toMatchObject({ action: 'add', team_id: c.church, author_id: c.leader.id })
  })

  it("D3-2.1-06 keeps the conditional fields only where the form shows them; 'other' shows its typed name", async () => {
    const id = await create({
      title: 'Games night',
      type: 'other',
      type_other: 'Board games',
      no_address: 1,
      address_formatted: '9 Hidden Lane',
      address_city: 'Ashfield',
      is_all_day: 1,
      start_time_hour: '19:00',
      end_time_hour: '21:00',
      start_time: '2026-04-10',
      end_time: '2026-04-12',
      is_recurring: 0,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=FR',
    })
    const [row] = await t.db.select().from(events).where(eq(events.id, id))
    expect(row).toMatchObject({
      address_formatted: null,
      address_city: null,
      start_hour: null,
      end_hour: null,
      end_date: '2026-04-10',
      span_days: 1,
      is_recurring: false,
      rrule: null,
      type_other: 'Board games',
      last_date: '2026-04-10',
    })
    expect((await view(id)).type_display).toBe('Board games')
    // A rule that says NEVER is no rule: the event does not repeat.
    const never = await create({ ...picnic, is_recurring: 1, rrule: 'FREQ=NEVER' })
    expect((await view(never)).is_recurring).toBe(false)
    // A type other than 'other' drops the typed name.
    const typed = await create({ ...picnic, type: 'camp', type_other: 'ignored' })
    expect((await view(typed)).type_other).toBeNull()
  })

  it('D1-3-22 D3-2.1-13 D3-2.1-14 stores the rule parts and answers them again; fortnightly is weekly with interval 2', async () => {
    const monthly = await create({ ...picnic, start_time: '2026-04-27', is_recurring: 1, rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1;COUNT=5' })
    const event = await view(monthly, { from: '2026-04-01', to: '2026-12-31' })
    expect(event.rrule).toBe('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1;COUNT=5')
    expect(event.occurrences.map((o: any) => o.event_date)).toEqual(['2026-04-27', '2026-05-25', '2026-06-29', '2026-07-27', '2026-08-31'])
    expect(event.last_date).toBe('2026-08-31')
    const fortnightly = await create({ ...picnic, start_time: '2026-04-07', is_recurring: 1, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20260430' })
    const study = await view(fortnightly, { from: '2026-04-01', to: '2026-06-30' })
    expect(study.rrule).toContain('FREQ=WEEKLY')
    expect(study.rrule).toContain('INTERVAL=2')
    expect(study.occurrences.map((o: any) => o.event_date)).toEqual(['2026-04-07', '2026-04-09', '2026-04-21', '2026-04-23'])
    expect(study.last_date).toBe('2026-04-23')
  })

  it('a multi-day event keeps its last day, and its days show together', async () => {
    const id = await create({
      title: 'Youth camp',
      type: 'camp',
      is_multi_day: 1,
      start_time: '2026-04-10',
      start_time_hour: '16:00',
      end_time: '2026-04-12',
      end_time_hour: '14:00',
    })
    const event = await view(id)
    expect(event).toMatchObject({
      has_multi_days: true,
      multi_day_dates: ['2026-04-10', '2026-04-11', '2026-04-12'],
      end_time: '2026-04-12',
      end_time_hour: '14:00',
    })
    expect(event.occurrences[0]).toMatchObject({ event_date: '2026-04-10', end_date: '2026-04-12' })
    expect(event.occurrences[0].start_date_time_display).toMatch(/^10 Apr 2026, 4:00\spm$/)
  })
})

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string, FieldError]> = [
    ['D3-2.1-15 weekly without a weekday', { is_recurring: 1, rrule: 'FREQ=WEEKLY;INTERVAL=1' }, 'rrule', weekdayRequiredMessage, coded('weekday_required')],
    ['D3-2.1-16 interval 9', { is_recurring: 1, rrule: 'FREQ=WEEKLY;INTERVAL=9;BYDAY=MO' }, 'rrule', intervalMessage, coded('interval', { min: 1, max: 8 })],
    ['D3-2.1-19 day of month 32', { is_recurring: 1, rrule: 'FREQ=MONTHLY;BYMONTHDAY=32' }, 'rrule', monthDayMessage, coded('month_day', { min: 1, max: 31 })],
    ['an end before the start', { is_multi_day: 1, end_time: '2026-04-17' }, 'end_time', endBeforeStartMessage, coded('end_before_start')],
    ['a multi-day event of 40 days', { is_multi_day: 1, end_time: '2026-05-27' }, 'end_time', maxEventDaysMessage, coded('max_event_days', { days: 31 })],
    [
      'an end hour before the start hour',
      { is_all_day: 0, start_time_hour: '10:00', end_time_hour: '09:30' },
      'end_time_hour',
      endTimeBeforeStartMessage,
      coded('end_time_before_start'),
    ],
    ['a time without an hour', { is_all_day: 0 }, 'start_time_hour', 'Required', coded('required')],
    ['an unknown type', { type: 'rave' }, 'type', 'Choose a value from the list.', coded('not_in_list')],
    ['other without its name', { type: 'other' }, 'type_other', 'Required', coded('required')],
  ]
  for (const [name, fields, field, message, code] of cases) {
    it(`${name} → 400 naming ${field} with its code, nothing stored`, async () => {
      const before = await eventCount()
      const response = await post(t, 'create-event', c.leader.token, { team_id: c.church, ...picnic, ...fields })
      expect(response.statusCode, response.body).toBe(400)
      expect(body(response).data.errors[field]).toBe(message)
      // What the web words in the reader's language (issue 36).
      expect(body(response).data.error_codes[field]).toEqual(code)
      expect(await eventCount()).toBe(before)
    })
  }

  it('D3-2.1-12 D3-2.1-17 D3-2.1-18 takes only the rules the form makes: its frequencies, positions 1 to 5 or last, its day choices', async () => {
    const accepted = [
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=SA,SU;BYSETPOS=5',
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=18',
      'FREQ=YEARLY;INTERVAL=1',
    ]
    for (const rrule of accepted) {
      const response = await post(t, 'create-event', c.leader.token, { team_id: c.church, ...picnic, is_recurring: 1, rrule })
      expect(response.statusCode, rrule).toBe(200)
    }
    const before = await eventCount()
    for (const rrule of [
      'FREQ=DAILY',
      'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6',
      'FREQ=MONTHLY;BYDAY=MO,WE;BYSETPOS=2',
      'FREQ=WEEKLY;BYDAY=SA;BYHOUR=10',
      'FREQ=WEEKLY;BYDAY=SA;UNTIL=20260101',
    ]) {
      const response = await post(t, 'create-event', c.leader.token, { team_id: c.church, ...picnic, is_recurring: 1, rrule })
      expect(response.statusCode, rrule).toBe(400)
      expect(body(response).data.errors.rrule, rrule).toEqual(expect.any(String))
    }
    expect(await eventCount()).toBe(before)
  })

  it('huge strings, a bad date and a bad time → 400, nothing stored', async () => {
    const before = await eventCount()
    for (const fields of [
      { title: 'x'.repeat(201) },
      { rrule: 'FREQ=WEEKLY;BYDAY=MO'.repeat(40), is_recurring: 1 },
      { start_time: '2026-02-30' },
      { start_time_hour: '25:00', is_all_day: 0 },
      { title: '' },
    ]) {
      const response = await post(t, 'create-event', c.leader.token, { team_id: c.church, ...picnic, ...fields })
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
    }
    expect(await eventCount()).toBe(before)
  })
})

describe('update-event/{id} and delete-event', () => {
  it('D3-7.1-05 changes the given fields, keeps the rest, and checks the whole', async () => {
    const id = await create({ ...picnic, start_time_hour: '10:00', is_all_day: 0, is_recurring: 1, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA;COUNT=3' })
    const response = await post(t, `update-event/${id}`, c.leader.token, { team_id: c.church, title: 'X' })
    expect(response.statusCode, response.body).toBe(200)
    const event = await view(id)
    expect(event).toMatchObject({ title: 'X', start_time_hour: '10:00', rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA;COUNT=3', last_date: '2026-05-02' })
    // The merged whole is checked: an end hour before the stored start hour is refused.
    const bad = await post(t, `update-event/${id}`, c.leader.token, { team_id: c.church, end_time_hour: '09:00' })
    expect(bad.statusCode).toBe(400)
    expect(body(bad).data.errors.end_time_hour).toBe(endTimeBeforeStartMessage)
    // Dropping the rule makes a one-off event; last_date follows.
    await post(t, `update-event/${id}`, c.leader.token, { team_id: c.church, is_recurring: 0 })
    expect(await view(id)).toMatchObject({ is_recurring: false, rrule: null, last_date: '2026-04-18' })
  })

  it('D3-7.1-06 D3-6-02 deletes an event with its occurrences and attendance; without delete_event 403', async () => {
    const id = await create(picnic)
    await post(t, 'update-event-occurance', c.member.token, { team_id: c.church, event_id: id, event_date: '2026-04-18', notes: 'Sunny' })
    await t.db.insert(eventAttendance).values({ event_id: id, team_id: c.church, event_date: '2026-04-18', is_visitor: true, visitor_name: 'Vera' })
    const refused = await post(t, 'delete-event', c.member.token, { team_id: c.church, id })
    expect(refused.statusCode).toBe(403)
    const response = await post(t, 'delete-event', c.leader.token, { team_id: c.church, id })
    expect(response.statusCode, response.body).toBe(200)
    expect((await get(t, `event/${id}`, c.leader.token, { team_id: c.church })).statusCode).toBe(404)
    expect(await t.db.select().from(eventOccurrences).where(eq(eventOccurrences.event_id, id))).toEqual([])
    expect(await t.db.select().from(eventAttendance).where(eq(eventAttendance.event_id, id))).toEqual([])
  })
})

describe('access', () => {
  it('a member cannot add, edit or delete events (403), and nothing is stored', async () => {
    const before = await eventCount()
    expect((await post(t, 'create-event', c.member.token, { team_id: c.church, ...picnic })).statusCode).toBe(403)
    expect(await eventCount()).toBe(before)
    const id = await create(picnic)
    expect((await post(t, `update-event/${id}`, c.member.token, { team_id: c.church, title: 'Mine' })).statusCode).toBe(403)
    expect((await view(id)).title).toBe('Picnic')
  })

  it("another team's event is not found by any call (404)", async () => {
    const theirs = await create(picnic, other)
    const scope = { team_id: c.church }
    const answers = [
      await get(t, `event/${theirs}`, c.leader.token, scope),
      await post(t, `update-event/${theirs}`, c.leader.token, { ...scope, title: 'Taken' }),
      await post(t, 'delete-event', c.leader.token, { ...scope, id: theirs }),
      await post(t, 'update-event-occurance', c.leader.token, { ...scope, event_id: theirs, event_date: '2026-04-18', notes: 'x' }),
    ]
    expect(answers.map((response) => response.statusCode)).toEqual([404, 404, 404, 404])
    // Asking as the other team's member without being one: 404 too.
    expect((await get(t, `event/${theirs}`, c.leader.token, { team_id: other.church })).statusCode).toBe(404)
    const list = body(await get(t, 'events', c.leader.token, { team_id: c.church, type: 'future', per_page: 200 }))
    expect(list.items.map((item: any) => item.id)).not.toContain(theirs)
    const [row] = await t.db.select().from(events).where(eq(events.id, theirs))
    expect(row!.title).toBe('Picnic')
  })

  it('a window wider than allowed, or backwards, is 400', async () => {
    const id = await create(picnic)
    expect((await get(t, `event/${id}`, c.leader.token, { team_id: c.church, from: '2026-01-01', to: '2027-12-31' })).statusCode).toBe(400)
    expect((await get(t, `event/${id}`, c.leader.token, { team_id: c.church, from: '2026-05-01', to: '2026-04-01' })).statusCode).toBe(400)
  })
})
