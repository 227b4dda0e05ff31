import { and, eq, gte, lte, sql } from 'drizzle-orm'
import {
  addDays,
  daysBetween,
  hasCapability,
  isOccurrence,
  lastOccurrence,
  occurrenceOn,
  occurrencesBetween,
  originalDateOf,
  type OccurrenceException,
  type Schedule,
  type FieldErrorCode,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { eventAttendance, eventOccurrences, events } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { loadExceptions, loadScopedEvent, scheduleOf, type EventRow } from './event-access'
import { columnsOf, parseWholeFields, type EventColumns, type EventFieldsOutput } from './event-fields'
import { loadEventTypes, storedFieldsOf } from './event-view'
import { refuseField } from '../../platform/field-refusals'

// Adding, editing and deleting a team's events, and an occurrence's notes and exceptions
// (spec 3 §2.1, §3, §6). Each write records the team's activity row in its transaction.

export const occurrenceTakenMessage = 'The event already happens on this date.'
export const moveBeforeStartMessage = 'An occurrence cannot move before the event starts.'

/** What the activity log keeps of an event. */
function logged(columns: Pick<EventColumns, 'title' | 'start_date' | 'end_date' | 'start_hour' | 'end_hour' | 'is_recurring' | 'rrule' | 'type'>) {
  const { title, start_date, end_date, start_hour, end_hour, is_recurring, rrule, type } = columns
  return { title, start_date, end_date, start_hour, end_hour, is_recurring, rrule, type }
}

/** create-event: the event with its schedule's columns; its id. */
export async function createEvent(deps: Deps, viewer: Viewer, scope: TeamScope, input: EventFieldsOutput & { team_id: number }): Promise<{ id: number }> {
  const types = await loadEventTypes(deps.db, viewer.locale)
  const { team_id: _team, ...fields } = input
  const columns = columnsOf(fields, types)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...columns, team_id: scope.team.id, created_by_id: viewer.personId, created_at: now, updated_at: now })
      .returning({ id: events.id })
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'event',
      subjectId: row!.id,
      action: 'add',
      after: logged(columns),
    })
    return { id: row!.id }
  })
}

/** update-event/{id}: the given fields merged with the stored ones, validated as a whole. */
export async function updateEvent(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  eventId: number,
  input: Partial<EventFieldsOutput>,
): Promise<{ success: true }> {
  const { row, schedule } = await loadScopedEvent(deps.db, scope, eventId)
  const given = Object.fromEntries(Object.entries(input).filter(([key, value]) => key !== 'team_id' && value !== undefined))
  const fields = parseWholeFields({ ...storedFieldsOf(row), ...given })
  const types = await loadEventTypes(deps.db, viewer.locale)
  const columns = columnsOf(fields, types, schedule.exceptions)
  await deps.db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({ ...columns, updated_at: deps.now() })
      .where(and(eq(events.id, row.id), eq(events.team_id, scope.team.id)))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'event',
      subjectId: row.id,
      action: 'update',
      before: logged(row),
      after: logged(columns),
    })
  })
  return { success: true }
}

/** delete-event: the event, its occurrences and attendance (the foreign keys cascade). */
export async function deleteEvent(deps: Deps, viewer: Viewer, scope: TeamScope, eventId: number): Promise<{ success: true }> {
  const { row } = await loadScopedEvent(deps.db, scope, eventId)
  await deps.db.transaction(async (tx) => {
    await tx.delete(events).where(and(eq(events.id, row.id), eq(events.team_id, scope.team.id)))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'event',
      subjectId: row.id,
      action: 'delete',
      before: logged(row),
    })
  })
  return { success: true }
}

export interface OccurrenceChange {
  event_id: number
  event_date: string
  notes?: string | null | undefined
  is_cancelled?: boolean | undefined
  move_to?: string | undefined
}

/** The rule's date of the occurrence now on `date`: a live one, or a cancelled one (to restore it). */
function originalOf(schedule: Schedule, date: string): string | null {
  const live = originalDateOf(schedule, date)
  if (live) return live
  const ruleOnly: Schedule = { ...schedule, exceptions: [] }
  const cancelled = (schedule.exceptions ?? []).find((exception) => exception.is_cancelled && exception.event_date === date)
  return cancelled && isOccurrence(ruleOnly, cancelled.original_date) ? cancelled.original_date : null
}

function invalid(field: string, code: FieldErrorCode): AppError {
  return refuseField(field, code, { asMessage: true })
}

/** A move to `target` keeps the event's days apart: not before it starts, not onto another occurrence. */
function checkMove(row: EventRow, schedule: Schedule, from: string, target: string): void {
  if (target < row.start_date) throw invalid('move_to', 'move_before_start')
  if (isOccurrence(schedule, target)) throw invalid('move_to', 'occurrence_taken')
  const span = Math.max(row.span_days, 1)
  const near = occurrencesBetween(schedule, addDays(target, 1 - span), addDays(target, span - 1), 2 * span).filter((date) => date !== from)
  if (near.length > 0) throw invalid('move_to', 'move_overlap')
}

/** Recomputes the event's last_date from its rule and exceptions (the lists filter on it). */
async function refreshLastDate(tx: Executor, row: EventRow): Promise<void> {
  const exceptions: OccurrenceException[] = await loadExceptions(tx, row.id)
  await tx
    .update(events)
    .set({ last_date: lastOccurrence(scheduleOf(row, exceptions)) })
    .where(eq(events.id, row.id))
}

/**
 * update-event-occurance: an occurrence's notes (members and up, who take them at the event),
 * or its exception — cancel, restore, move — which needs update_event. A cancelled occurrence
 * keeps its notes and attendance; a moved one takes them along. Two saves of one occurrence
 * at once both succeed: the row is written with insert … on conflict.
 */
export async function updateOccurrence(deps: Deps, viewer: Viewer, scope: TeamScope, input: OccurrenceChange): Promise<{ success: true }> {
  const changesSchedule = input.is_cancelled !== undefined || (input.move_to !== undefined && input.move_to !== input.event_date)
  if (changesSchedule && !hasCapability(scope.role, 'update_event')) throw new AppError('forbidden')
  const { row, schedule } = await loadScopedEvent(deps.db, scope, input.event_id)
  // Any day of a multi-day occurrence names the occurrence (its first day).
  const start = originalOf(schedule, input.event_date) ? input.event_date : (occurrenceOn(schedule, input.event_date) ?? input.event_date)
  const original = originalOf(schedule, start)
  if (!original) throw invalid('event_date', 'not_an_occurrence')
  input = { ...input, event_date: start }
  const target = input.move_to !== undefined && input.move_to !== input.event_date ? input.move_to : null
  if (target) checkMove(row, schedule, input.event_date, target)
  const now = deps.now()

  const set: Partial<typeof eventOccurrences.$inferInsert> = { updated_by_id: viewer.personId, updated_at: now }
  if (input.notes !== undefined) set.notes = input.notes || null
  if (input.is_cancelled !== undefined) set.is_cancelled = input.is_cancelled
  if (target) set.event_date = target

  await deps.db.transaction(async (tx) => {
    await tx
      .insert(eventOccurrences)
      .values({
        event_id: row.id,
        original_date: original,
        event_date: target ?? input.event_date,
        is_cancelled: input.is_cancelled ?? false,
        notes: input.notes || null,
        updated_by_id: viewer.personId,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoUpdate({ target: [eventOccurrences.event_id, eventOccurrences.original_date], set })
    if (target) {
      // Attendance on each day of the occurrence moves by as many days as the occurrence.
      const shift = daysBetween(input.event_date, target)
      const last = addDays(input.event_date, Math.max(row.span_days, 1) - 1)
      const days = and(eq(eventAttendance.event_id, row.id), gte(eventAttendance.event_date, input.event_date), lte(eventAttendance.event_date, last))
      // A multi-day occurrence moved by fewer days than it lasts would meet its own rows
      // (one contact on two days): they step far away first, then to their new days.
      const parked = 100_000
      if (Math.abs(shift) < Math.max(row.span_days, 1)) {
        await tx
          .update(eventAttendance)
          .set({ event_date: sql`${eventAttendance.event_date} + ${parked}::integer` })
          .where(days)
        await tx
          .update(eventAttendance)
          .set({ event_date: sql`${eventAttendance.event_date} + ${shift - parked}::integer` })
          .where(
            and(
              eq(eventAttendance.event_id, row.id),
              gte(eventAttendance.event_date, addDays(input.event_date, parked)),
              lte(eventAttendance.event_date, addDays(last, parked)),
            ),
          )
      } else {
        await tx
          .update(eventAttendance)
          .set({ event_date: sql`${eventAttendance.event_date} + ${shift}::integer` })
          .where(days)
      }
    }
    if (changesSchedule) {
      await refreshLastDate(tx, row)
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'event',
        subjectId: row.id,
        action: 'update',
        after: {
          original_date: original,
          event_date: target ?? input.event_date,
          ...(input.is_cancelled !== undefined ? { is_cancelled: input.is_cancelled } : {}),
        },
      })
    }
  })
  return { success: true }
}
