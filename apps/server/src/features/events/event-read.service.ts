import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import {
  addDays,
  daysBetween,
  hasCapability,
  maxOccurrencesPerEventView,
  maxOccurrenceWindowDays,
  nextOccurrence,
  occurrenceDays,
  occurrencesBetween,
  type EventView,
  type Occurrence,
  fieldError,
} from '@crm/domain'
import { eventAttendance, eventOccurrences } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { displayDate } from '../../platform/format'
import { loadScopedEvent } from './event-access'
import { teamToday } from './event-list.service'
import { addressViewOf, endDateOf, loadEventTypes, occurrenceData, occurrenceDisplay, storedFieldsOf } from './event-view'
import { refuseField } from '../../platform/field-refusals'

// GET event/{id} (spec 3 §2.1 "View event", §3): the event, its occurrences in a window with
// their notes and attendance counts, cancelled ones included, and what the caller may do.

/** The window's default reach either side of today: eight weeks. */
export const defaultWindowDays = 56

function window(today: string, query: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  const from = query.from ?? (query.to ? addDays(query.to, -2 * defaultWindowDays) : addDays(today, -defaultWindowDays))
  const to = query.to ?? (query.from ? addDays(query.from, 2 * defaultWindowDays) : addDays(today, defaultWindowDays))
  if (to < from) throw refuseField('to', 'end_before_start', { asMessage: true })
  if (daysBetween(from, to) > maxOccurrenceWindowDays)
    throw refuseField('to', fieldError('window_too_wide', { days: maxOccurrenceWindowDays }), { asMessage: true })
  return { from, to }
}

export async function readEvent(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  eventId: number,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<EventView> {
  const { timeZone } = scope.settings
  const today = teamToday(deps, scope)
  const { from, to } = window(today, query)
  const { row, schedule } = await loadScopedEvent(deps.db, scope, eventId)
  const exceptions = schedule.exceptions ?? []
  const ruleOnly = { ...schedule, exceptions: [] }

  // The occurrences in the window, live and cancelled, each with the rule's date it stands for.
  const movedFrom = new Map(exceptions.filter((exception) => !exception.is_cancelled).map((exception) => [exception.event_date, exception.original_date]))
  const live = occurrencesBetween(schedule, from, to, maxOccurrencesPerEventView).map((date) => ({
    event_date: date,
    original_date: movedFrom.get(date) ?? date,
    is_cancelled: false,
  }))
  const cancelled = exceptions
    .filter((exception) => exception.is_cancelled && exception.event_date >= from && exception.event_date <= to)
    .filter((exception) => occurrencesBetween(ruleOnly, exception.original_date, exception.original_date, 1).length === 1)
    .map((exception) => ({ ...exception }))
  const shown = [...live, ...cancelled].sort((a, b) => a.event_date.localeCompare(b.event_date)).slice(0, maxOccurrencesPerEventView)

  // Their notes, and their attendance summed over each day (one grouped query).
  const originals = shown.map((occurrence) => occurrence.original_date)
  const [notes, counts] = await Promise.all([
    originals.length === 0
      ? []
      : deps.db
          .select({ original_date: eventOccurrences.original_date, notes: eventOccurrences.notes })
          .from(eventOccurrences)
          .where(and(eq(eventOccurrences.event_id, row.id), inArray(eventOccurrences.original_date, originals))),
    shown.length === 0
      ? []
      : deps.db
          .select({ event_date: eventAttendance.event_date, n: sql<number>`count(*)::int` })
          .from(eventAttendance)
          .where(
            and(
              eq(eventAttendance.event_id, row.id),
              gte(eventAttendance.event_date, shown[0]!.event_date),
              lte(eventAttendance.event_date, endDateOf(row, shown.at(-1)!.event_date)),
            ),
          )
          .groupBy(eventAttendance.event_date),
  ])
  const notesOf = new Map(notes.map((item) => [item.original_date, item.notes]))
  const countOn = new Map(counts.map((item) => [item.event_date, Number(item.n)]))
  const occurrences: Occurrence[] = shown.map((occurrence) => {
    const end = endDateOf(row, occurrence.event_date)
    const days = occurrenceDays(schedule, occurrence.event_date)
    return {
      event_date: occurrence.event_date,
      end_date: end,
      original_date: occurrence.original_date,
      is_cancelled: occurrence.is_cancelled,
      notes: notesOf.get(occurrence.original_date) ?? null,
      attendance_count: days.reduce((sum, day) => sum + (countOn.get(day) ?? 0), 0),
      start_date_time_display: occurrenceDisplay(row, occurrence.event_date, viewer, timeZone),
    }
  })

  const next = nextOccurrence(schedule, today)
  const shownDays = next ?? row.last_date ?? row.start_date
  const stored = storedFieldsOf(row)
  const types = await loadEventTypes(deps.db, viewer.locale)
  return {
    ...stored,
    ...addressViewOf(row),
    id: row.id,
    team_id: row.team_id,
    type_display: types.title(row),
    rrule: row.is_recurring ? row.rrule : null,
    has_multi_days: row.is_multi_day && row.span_days > 1,
    multi_day_dates: occurrenceDays(schedule, shownDays),
    occurrences,
    exceptions: exceptions.map((exception) => ({ ...exception })),
    next_occurance_data: occurrenceData(row, next, viewer, timeZone),
    last_date: row.last_date,
    time_zone: timeZone,
    created_display: displayDate(row.created_at, viewer.locale, timeZone),
    can_update: hasCapability(scope.role, 'update_event'),
    can_delete: hasCapability(scope.role, 'delete_event'),
    can_read_attendance: hasCapability(scope.role, 'read_event_attendance'),
    can_update_attendance: hasCapability(scope.role, 'update_event_attendance'),
  }
}
