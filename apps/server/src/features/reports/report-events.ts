import { and, count, eq, gte, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm'
import { addDays, type OccurrenceException, type ReportChart, type ReportChartType } from '@crm/domain'
import type { Executor } from '../../db/client'
import { eventAttendanceCounts, eventOccurrences, events } from '../../db/schema/index'
import { scheduleOf } from '../events/event-access'
import type { ReportTarget } from './report-contacts'
import { inTeams } from './report-contacts'
import { reportOccurrences } from './report-occurrences'
import { buildChart, dateLabel, type BucketCount, type PeriodDates } from './report-periods'

// The event widgets of the reports (spec 3 §2.3): one-day and multi-day events by the day they
// start, the occurrences of recurring events, and the attendance taken on their days. Event
// dates are already wall-clock dates where the team lives. Attendance counts every record
// (contacts and visitors); the member-status filter is about contacts and leaves events alone.

export type EventClass = 'non_recurring' | 'multi_day' | 'recurring'

function ofClass(eventClass: EventClass): SQL {
  if (eventClass === 'recurring') return eq(events.is_recurring, true)
  return and(eq(events.is_recurring, false), eq(events.is_multi_day, eventClass === 'multi_day'))!
}

function between(column: Parameters<typeof gte>[0], dates: PeriodDates): SQL | undefined {
  return and(dates.from ? gte(column, dates.from) : undefined, dates.until ? lt(column, dates.until) : undefined)
}

/**
 * Attendance records on the days of the class's events, per bucket: from the count kept per
 * event date (event_attendance_counts, migration 0028), one row per occurrence day.
 */
async function countAttendance(db: Executor, target: ReportTarget, dates: PeriodDates, eventClass: EventClass): Promise<BucketCount[]> {
  const counts = eventAttendanceCounts
  const label = dateLabel(counts.event_date, dates.granularity)
  const rows = await db
    .select({ label: label.mapWith(String), n: sql<number>`sum(${counts.n})::int` })
    .from(counts)
    .innerJoin(events, eq(events.id, counts.event_id))
    .where(and(inTeams(counts.team_id, target.teamIds), between(counts.event_date, dates), ofClass(eventClass)))
    .groupBy(sql`1`)
  return rows.map((row) => ({ label: row.label, key: 'attendance', n: row.n }))
}

/** One-off events ('events', by their first day) and their attendance: non-recurring or multi-day. */
export async function countEvents(db: Executor, target: ReportTarget, dates: PeriodDates, eventClass: 'non_recurring' | 'multi_day'): Promise<ReportChart> {
  const label = dateLabel(events.start_date, dates.granularity)
  const [started, attended] = await Promise.all([
    db
      .select({ label: label.mapWith(String), n: count() })
      .from(events)
      .where(and(inTeams(events.team_id, target.teamIds), ofClass(eventClass), between(events.start_date, dates)))
      .groupBy(sql`1`),
    countAttendance(db, target, dates, eventClass),
  ])
  const type: ReportChartType = eventClass === 'non_recurring' ? 'bar' : 'multi_line'
  return buildChart(type, dates, ['events', 'attendance'], [...started.map((row) => ({ label: row.label, key: 'events', n: row.n })), ...attended])
}

/** Occurrences a never-ending rule is expanded to in the 'all' period: up to the end of this year. */
function expansionEnd(dates: PeriodDates, lastDate: string | null): string {
  if (dates.until) return addDays(dates.until, -1)
  return lastDate ?? `${dates.today.slice(0, 4)}-12-31`
}

/**
 * Occurrences of recurring events ('occurrences', by the day each starts; cancelled ones left
 * out, moved ones at their new day) and their attendance, per bucket. The rules are expanded
 * by report-occurrences.ts; only events running in the period are read.
 */
export async function countRecurringEvents(db: Executor, target: ReportTarget, dates: PeriodDates): Promise<ReportChart> {
  const [rows, exceptionRows, attended] = await Promise.all([
    db
      .select({
        id: events.id,
        start_date: events.start_date,
        rrule: events.rrule,
        is_recurring: events.is_recurring,
        span_days: events.span_days,
        last_date: events.last_date,
      })
      .from(events)
      .where(
        and(
          inTeams(events.team_id, target.teamIds),
          ofClass('recurring'),
          dates.until ? lt(events.start_date, dates.until) : undefined,
          dates.from ? or(isNull(events.last_date), gte(events.last_date, dates.from)) : undefined,
        ),
      ),
    db
      .select({
        event_id: eventOccurrences.event_id,
        original_date: eventOccurrences.original_date,
        event_date: eventOccurrences.event_date,
        is_cancelled: eventOccurrences.is_cancelled,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.event_id))
      .where(
        and(
          inTeams(events.team_id, target.teamIds),
          ofClass('recurring'),
          or(eq(eventOccurrences.is_cancelled, true), not(eq(eventOccurrences.event_date, eventOccurrences.original_date))),
        ),
      ),
    countAttendance(db, target, dates, 'recurring'),
  ])
  const exceptions = new Map<number, OccurrenceException[]>()
  for (const { event_id, ...exception } of exceptionRows) exceptions.set(event_id, [...(exceptions.get(event_id) ?? []), exception])
  const perLabel = new Map<string, number>()
  const cut = dates.granularity === 'day' ? 10 : dates.granularity === 'month' ? 7 : 4
  for (const row of rows) {
    const from = dates.from ?? row.start_date
    const to = expansionEnd(dates, row.last_date)
    if (to < from) continue
    for (const date of reportOccurrences(scheduleOf(row, exceptions.get(row.id) ?? []), from, to)) {
      const label = date.slice(0, cut)
      perLabel.set(label, (perLabel.get(label) ?? 0) + 1)
    }
  }
  const occurrences = [...perLabel].map(([label, n]) => ({ label, key: 'occurrences', n }))
  return buildChart('multi_line', dates, ['occurrences', 'attendance'], [...occurrences, ...attended])
}
