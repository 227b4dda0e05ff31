import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { addDays, lastOccurrence, scheduleError, weekdayOf, zonedDate } from '@crm/domain'
import { eventAttendance, events } from '../db/schema/index'
import { defaultTimeZone } from '../platform/format'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedLargeContacts, seedLargeWorkspace } from './large'
import { seedLargeEvents } from './large-events'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

describe('the bench events (issue 14 "Speed")', () => {
  it('seeds one-off and recurring events the app reads as it would its own: valid rules, last dates as the rule module counts them', async () => {
    const workspace = await seedLargeWorkspace(t.db, { teams: 2, groupsPerTeam: 1, membersPerTeam: 2 })
    const contacts = await seedLargeContacts(t.db, workspace, 30)
    // The seed's today, taken once: a Sunday may begin in Sydney while it runs.
    const today = zonedDate(new Date(), defaultTimeZone)
    const seeded = await seedLargeEvents(t.db, {
      teamId: contacts.teamId,
      createdById: workspace.busyPersonId,
      total: 120,
      recurring: 20,
      attendance: 12,
      today,
    })
    const rows = await t.db.select().from(events).where(eq(events.team_id, contacts.teamId))
    expect(rows).toHaveLength(120)
    expect(seeded).toMatchObject({ total: 120, recurring: 21, attendance: 12 })
    const recurring = rows.filter((row) => row.is_recurring)
    expect(recurring).toHaveLength(21)
    expect(recurring.filter((row) => row.last_date === null).length).toBe(seeded.neverEnding)
    expect(seeded.neverEnding).toBeGreaterThan(1)
    expect(recurring.filter((row) => row.span_days > 1).length).toBeGreaterThan(0)
    for (const row of recurring) {
      const schedule = { start: row.start_date, rrule: row.rrule, span_days: row.span_days }
      expect(scheduleError(schedule), row.rrule!).toBeNull()
      expect(row.last_date).toBe(lastOccurrence(schedule))
      expect(row.end_date).toBe(addDays(row.start_date, row.span_days - 1))
    }
    for (const row of rows.filter((item) => !item.is_recurring)) {
      expect(row.last_date).toBe(row.start_date)
      expect(row.end_date).toBe(addDays(row.start_date, row.span_days - 1))
      expect(row.is_all_day).toBe(row.start_hour === null)
    }
    // The attendance page's date: the service's latest Sunday, with 12 contacts marked.
    expect(weekdayOf(seeded.attendanceDate)).toBe('SU')
    expect(seeded.attendanceDate <= today && seeded.attendanceDate > addDays(today, -7)).toBe(true)
    const marked = await t.db.select().from(eventAttendance).where(eq(eventAttendance.event_id, seeded.attendanceEventId))
    expect(marked).toHaveLength(12)
    expect(new Set(marked.map((row) => row.event_date))).toEqual(new Set([seeded.attendanceDate]))
  })
})
