import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { notAnOccurrenceMessage } from '@crm/domain'
import { eventAttendance, eventOccurrences, events } from '../../db/schema/index'
import { body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, get, post, type Church } from '../../../test/contact-factories'
import { moveBeforeStartMessage, occurrenceTakenMessage } from './events.service'

// update-event-occurance (spec 3 §2.1, §3 "The occurrence holds notes"): an occurrence's
// notes, and its exceptions — cancel, restore, move. The clock stands at 1 April 2026 in Sydney.

let t: TestApp
let c: Church
beforeAll(async () => {
  t = await createTestApp()
  t.clock.advance(Date.parse('2026-04-01T00:00:00Z') - t.clock.now().getTime())
  c = await buildChurch(t)
})
afterAll(async () => t.close())

async function weekly(fields: Record<string, unknown> = {}): Promise<number> {
  const response = await post(t, 'create-event', c.leader.token, {
    team_id: c.church,
    title: 'Home group',
    start_time: '2026-04-01',
    start_time_hour: '19:00',
    is_recurring: 1,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE',
    ...fields,
  })
  expect(response.statusCode, response.body).toBe(200)
  return body(response).id as number
}

function change(id: number, fields: Record<string, unknown>, token = c.leader.token) {
  return post(t, 'update-event-occurance', token, { team_id: c.church, event_id: id, ...fields })
}

async function view(id: number) {
  const response = await get(t, `event/${id}`, c.leader.token, { team_id: c.church, from: '2026-04-01', to: '2026-05-31' })
  expect(response.statusCode, response.body).toBe(200)
  return body(response)
}

function attend(id: number, eventDate: string, personId: number | null = null) {
  return t.db.insert(eventAttendance).values({
    event_id: id,
    team_id: c.church,
    event_date: eventDate,
    person_id: personId,
    is_visitor: personId === null,
    visitor_name: personId === null ? 'Vera' : null,
  })
}

const on = (event: any, date: string) => event.occurrences.find((occurrence: any) => occurrence.event_date === date)

describe('notes', () => {
  it('D3-2.1-28 a member saves and changes the notes of an occurrence', async () => {
    const id = await weekly()
    const saved = await change(id, { event_date: '2026-04-08', notes: 'Read Luke 15' }, c.member.token)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(on(await view(id), '2026-04-08').notes).toBe('Read Luke 15')
    expect((await change(id, { event_date: '2026-04-08', notes: 'Read Luke 15 and 16' }, c.member.token)).statusCode).toBe(200)
    expect(on(await view(id), '2026-04-08').notes).toBe('Read Luke 15 and 16')
    // Notes are not an exception: the schedule is as before.
    expect((await view(id)).exceptions).toEqual([])
    expect((await change(id, { event_date: '2026-04-08', notes: '' }, c.member.token)).statusCode).toBe(200)
    expect(on(await view(id), '2026-04-08').notes).toBeNull()
  })

  it('a date the event does not happen on is 400 and stores nothing; notes of 5001 characters are 400', async () => {
    const id = await weekly()
    const response = await change(id, { event_date: '2026-04-09', notes: 'x' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors.event_date).toBe(notAnOccurrenceMessage)
    expect((await change(id, { event_date: '2026-04-08', notes: 'x'.repeat(5001) })).statusCode).toBe(400)
    expect((await change(id, { event_date: '2026-04-08', notes: 'x', move_to: '2026-13-01' })).statusCode).toBe(400)
    expect(await t.db.select().from(eventOccurrences).where(eq(eventOccurrences.event_id, id))).toEqual([])
  })

  it('two saves of one occurrence at once both succeed, and one row holds the notes', async () => {
    const id = await weekly()
    const answers = await Promise.all([
      change(id, { event_date: '2026-04-15', notes: 'First' }, c.member.token),
      change(id, { event_date: '2026-04-15', notes: 'Second' }, c.leader.token),
    ])
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200])
    const rows = await t.db.select().from(eventOccurrences).where(eq(eventOccurrences.event_id, id))
    expect(rows).toHaveLength(1)
    expect(['First', 'Second']).toContain(rows[0]!.notes)
  })
})

describe('cancel, restore and move', () => {
  it('a member may not cancel or move an occurrence (403); a leader cancels and restores it, notes and attendance kept', async () => {
    const id = await weekly()
    await change(id, { event_date: '2026-04-08', notes: 'Bring snacks' }, c.member.token)
    await attend(id, '2026-04-08')
    expect((await change(id, { event_date: '2026-04-08', is_cancelled: 1 }, c.member.token)).statusCode).toBe(403)
    expect((await change(id, { event_date: '2026-04-08', move_to: '2026-04-09' }, c.member.token)).statusCode).toBe(403)

    expect((await change(id, { event_date: '2026-04-08', is_cancelled: 1 })).statusCode).toBe(200)
    const cancelled = await view(id)
    expect(on(cancelled, '2026-04-08')).toMatchObject({ is_cancelled: true, notes: 'Bring snacks', attendance_count: 1, original_date: '2026-04-08' })
    expect(cancelled.exceptions).toEqual([{ original_date: '2026-04-08', event_date: '2026-04-08', is_cancelled: true }])
    // A cancelled occurrence still takes notes.
    expect((await change(id, { event_date: '2026-04-08', notes: 'Postponed: rain' }, c.member.token)).statusCode).toBe(200)

    expect((await change(id, { event_date: '2026-04-08', is_cancelled: 0 })).statusCode).toBe(200)
    expect(on(await view(id), '2026-04-08')).toMatchObject({ is_cancelled: false, notes: 'Postponed: rain', attendance_count: 1 })
  })

  it('moves an occurrence with its notes and attendance; not onto another occurrence, not before the start', async () => {
    const id = await weekly()
    await change(id, { event_date: '2026-04-15', notes: 'At the park' })
    await attend(id, '2026-04-15')
    const moved = await change(id, { event_date: '2026-04-15', move_to: '2026-04-16' })
    expect(moved.statusCode, moved.body).toBe(200)
    const event = await view(id)
    expect(on(event, '2026-04-15')).toBeUndefined()
    expect(on(event, '2026-04-16')).toMatchObject({ original_date: '2026-04-15', notes: 'At the park', attendance_count: 1, is_cancelled: false })
    expect(event.exceptions).toEqual([{ original_date: '2026-04-15', event_date: '2026-04-16', is_cancelled: false }])
    const rows = await t.db.select({ event_date: eventAttendance.event_date }).from(eventAttendance).where(eq(eventAttendance.event_id, id))
    expect(rows).toEqual([{ event_date: '2026-04-16' }])
    // The moved occurrence is found at its new date.
    expect((await change(id, { event_date: '2026-04-16', notes: 'At the beach' })).statusCode).toBe(200)
    expect(on(await view(id), '2026-04-16').notes).toBe('At the beach')

    const taken = await change(id, { event_date: '2026-04-16', move_to: '2026-04-22' })
    expect(taken.statusCode).toBe(400)
    expect(body(taken).data.errors.move_to).toBe(occurrenceTakenMessage)
    const early = await change(id, { event_date: '2026-04-16', move_to: '2026-03-30' })
    expect(body(early).data.errors.move_to).toBe(moveBeforeStartMessage)
  })

  it('recomputes last_date when the last occurrence is cancelled or moved', async () => {
    const id = await weekly({ rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;COUNT=3' })
    const lastDate = async () => (await t.db.select({ last_date: events.last_date }).from(events).where(eq(events.id, id)))[0]!.last_date
    expect(await lastDate()).toBe('2026-04-15')
    await change(id, { event_date: '2026-04-15', is_cancelled: 1 })
    expect(await lastDate()).toBe('2026-04-08')
    await change(id, { event_date: '2026-04-15', is_cancelled: 0 })
    await change(id, { event_date: '2026-04-15', move_to: '2026-04-20' })
    expect(await lastDate()).toBe('2026-04-20')
    const future = body(await get(t, 'events', c.leader.token, { team_id: c.church, type: 'future', search: 'Home group' }))
    expect(future.items.find((item: any) => item.id === id).last_date).toBe('2026-04-20')
  })

  it('a multi-day occurrence moved by a day takes each day’s attendance along', async () => {
    const id = await weekly({
      title: 'Retreat',
      is_multi_day: 1,
      end_time: '2026-04-03',
      start_time_hour: '09:00',
      end_time_hour: '15:00',
      rrule: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1',
    })
    const person = await buildPerson(t)
    await attend(id, '2026-05-01', person.id)
    await attend(id, '2026-05-02', person.id)
    const moved = await change(id, { event_date: '2026-05-01', move_to: '2026-05-02' })
    expect(moved.statusCode, moved.body).toBe(200)
    const rows = await t.db
      .select({ event_date: eventAttendance.event_date })
      .from(eventAttendance)
      .where(and(eq(eventAttendance.event_id, id), eq(eventAttendance.person_id, person.id)))
      .orderBy(eventAttendance.event_date)
    expect(rows.map((row) => row.event_date)).toEqual(['2026-05-02', '2026-05-03'])
    expect(on(await view(id), '2026-05-02')).toMatchObject({ end_date: '2026-05-04', attendance_count: 2 })
    // Any day of the occurrence names it.
    expect((await change(id, { event_date: '2026-05-03', notes: 'Day two: the hike' }, c.member.token)).statusCode).toBe(200)
    expect(on(await view(id), '2026-05-02').notes).toBe('Day two: the hike')
  })
})
