import { and, eq } from 'drizzle-orm'
import { occurrenceOn, type OccurrenceException, type Schedule } from '@crm/domain'
import type { Executor } from '../../db/client'
import { eventOccurrences, events } from '../../db/schema/index'
import type { TeamScope } from '../../platform/access'
import { AppError } from '../../platform/errors'
import { readId, type TeamLocator } from '../../platform/route'
import { refuseField } from '../../platform/field-refusals'

// An event reached through the caller's team: the one way every event call finds its event.
// An id from the client proves nothing; an event of another team is not found (404).

export type EventRow = typeof events.$inferSelect

export interface ScopedEvent {
  row: EventRow
  schedule: Schedule
}

/** The expansion input of an event row and its exceptions. */
export function scheduleOf(
  row: Pick<EventRow, 'start_date' | 'rrule' | 'is_recurring' | 'span_days'>,
  exceptions: readonly OccurrenceException[] = [],
): Schedule {
  return { start: row.start_date, rrule: row.is_recurring ? row.rrule : null, span_days: row.span_days, exceptions }
}

/** The cancelled and moved occurrences of an event. */
export async function loadExceptions(db: Executor, eventId: number): Promise<OccurrenceException[]> {
  const rows = await db
    .select({ original_date: eventOccurrences.original_date, event_date: eventOccurrences.event_date, is_cancelled: eventOccurrences.is_cancelled })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.event_id, eventId))
  return rows.filter((row) => row.is_cancelled || row.event_date !== row.original_date)
}

/**
 * The team of the event in the path (`:id`), for a call the event's own team scopes when it
 * names none (spec 3 §7 event-attendance/{id}); null when there is no such event.
 */
export const eventTeamOf: TeamLocator = async (deps, _viewer, request) => {
  const [row] = await deps.db
    .select({ team_id: events.team_id })
    .from(events)
    .where(eq(events.id, readId(request, 'id')))
  return row?.team_id ?? null
}

/** The event `eventId` of the scope's team with its schedule, or not_found. */
export async function loadScopedEvent(db: Executor, scope: TeamScope, eventId: number): Promise<ScopedEvent> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.team_id, scope.team.id)))
  if (!row) throw new AppError('not_found')
  return { row, schedule: scheduleOf(row, await loadExceptions(db, row.id)) }
}

/**
 * The start of the occurrence that `eventDate` falls in (each day of a multi-day event
 * counts), or invalid_request naming event_date: attendance and notes are kept only on the
 * event's dates.
 */
export function assertEventDate(event: ScopedEvent, eventDate: string): string {
  const start = occurrenceOn(event.schedule, eventDate)
  if (!start) throw refuseField('event_date', 'not_an_occurrence', { asMessage: true })
  return start
}
