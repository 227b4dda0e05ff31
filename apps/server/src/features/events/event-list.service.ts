import { and, asc, desc, eq, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  addDays,
  boundedListCount,
  likePattern,
  nextOccurrence,
  occurrenceOn,
  pageOffset,
  zonedDate,
  type EventListItem,
  type EventListType,
  type EventOrderBy,
  type EventsTodayItem,
  type OccurrenceException,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { eventOccurrences, events } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { boundedPage } from '../../platform/bounded-page'
import type { Deps } from '../../platform/deps'
import { scheduleOf, type EventRow } from './event-access'
import { listItemOf, loadEventTypes, occurrenceData, occurrenceDisplay } from './event-view'

// The team's events happening today, still to come and finished (spec 3 §2.1, §6, §9), and
// the dashboard's events today (spec 1 §2.8). The lists filter on last_date (the last
// occurrence's first day, null while the rule never ends) and span_days in SQL:
//   future: an occurrence starts after today — last_date is null or after today;
//   past:   the last occurrence ended before today — last_date + span_days − 1 before today;
//   today:  an occurrence's days include today — SQL keeps the events whose first day is
//           today or earlier and whose last occurrence has not ended, and the rule decides.

/** Today's candidates one list reads at most: a team's running events, not its history. */
export const maxTodayCandidates = 1000
/** The dashboard shows at most this many of today's events. */
export const maxEventsToday = 50

export interface EventsListQuery {
  page: number
  per_page: number
  order?: 'asc' | 'desc' | undefined
  search?: string | undefined
  type: EventListType
  order_by?: EventOrderBy | undefined
  is_recurring?: boolean | undefined
}

/** The team's date today: the wall-clock day of its time zone. */
export function teamToday(deps: Deps, scope: TeamScope): string {
  return zonedDate(deps.now(), scope.settings.timeZone)
}

function dateParam(date: string): SQL {
  return sql`${date}::date`
}

function whenFilter(type: EventListType, today: string): SQL {
  switch (type) {
    case 'future':
      return or(isNull(events.last_date), sql`${events.last_date} > ${dateParam(today)}`)!
    case 'past':
      return and(lt(events.last_date, today), sql`${events.last_date} + ${events.span_days} - 1 < ${dateParam(today)}`)!
    case 'today':
      return and(lte(events.start_date, today), or(isNull(events.last_date), sql`${events.last_date} + ${events.span_days} - 1 >= ${dateParam(today)}`))!
  }
}

function orderOf(orderBy: EventOrderBy, order: 'asc' | 'desc' | undefined): SQL[] {
  const direction = order ?? (orderBy === 'created' ? 'desc' : 'asc')
  const by = direction === 'asc' ? asc : desc
  switch (orderBy) {
    case 'title':
      return [by(sql`lower(${events.title})`), by(events.id)]
    case 'start_time':
      return [by(events.start_date), by(sql`coalesce(${events.start_hour}, '')`), by(events.id)]
    case 'created':
      return [by(events.created_at), by(events.id)]
  }
}

/** The cancelled and moved occurrences of the page's events, in one query. */
async function exceptionsOf(db: Executor, rows: readonly EventRow[]): Promise<Map<number, OccurrenceException[]>> {
  const byEvent = new Map<number, OccurrenceException[]>()
  if (rows.length === 0) return byEvent
  const found = await db
    .select({
      event_id: eventOccurrences.event_id,
      original_date: eventOccurrences.original_date,
      event_date: eventOccurrences.event_date,
      is_cancelled: eventOccurrences.is_cancelled,
    })
    .from(eventOccurrences)
    .where(
      and(
        inArray(
          eventOccurrences.event_id,
          rows.map((row) => row.id),
        ),
        or(eq(eventOccurrences.is_cancelled, true), ne(eventOccurrences.event_date, eventOccurrences.original_date)),
      ),
    )
  for (const { event_id, ...exception } of found) byEvent.set(event_id, [...(byEvent.get(event_id) ?? []), exception])
  return byEvent
}

/** The occurrence a row of the list shows: today's, the next after today, or the last one. */
function shownOccurrence(type: EventListType, row: EventRow, exceptions: OccurrenceException[], today: string): string | null {
  const schedule = scheduleOf(row, exceptions)
  if (type === 'today') return occurrenceOn(schedule, today)
  if (type === 'future') return nextOccurrence(schedule, addDays(today, 1))
  return row.last_date
}

function baseWhere(scope: TeamScope, query: EventsListQuery, today: string): SQL {
  const search = query.search?.trim()
  return and(
    eq(events.team_id, scope.team.id),
    whenFilter(query.type, today),
    search ? ilike(events.title, likePattern(search)) : undefined,
    query.is_recurring === undefined ? undefined : eq(events.is_recurring, query.is_recurring),
  )!
}

/**
 * Today's events of the team, in the list's order: the candidates SQL finds (at most
 * maxTodayCandidates), kept when the rule has an occurrence whose days include today.
 */
async function todaysEvents(deps: Deps, scope: TeamScope, query: EventsListQuery, today: string) {
  const candidates = await deps.db
    .select()
    .from(events)
    .where(baseWhere(scope, query, today))
    .orderBy(...orderOf(query.order_by ?? 'created', query.order))
    .limit(maxTodayCandidates + 1)
  const capped = candidates.length > maxTodayCandidates
  const rows = candidates.slice(0, maxTodayCandidates)
  const exceptions = await exceptionsOf(deps.db, rows)
  const happening = rows.flatMap((row) => {
    const start = occurrenceOn(scheduleOf(row, exceptions.get(row.id) ?? []), today)
    return start ? [{ row, start }] : []
  })
  return { happening, capped }
}

/** GET events: one page of the team's events of a list, with its bounded count. */
export async function listEvents(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  query: EventsListQuery,
): Promise<{ items: EventListItem[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  const { timeZone } = scope.settings
  const today = teamToday(deps, scope)
  const types = await loadEventTypes(deps.db, viewer.locale)

  if (query.type === 'today') {
    const { happening, capped } = await todaysEvents(deps, scope, query, today)
    const counted = boundedListCount(happening.length + (capped ? 1 : 0), capped ? happening.length : maxTodayCandidates, query.per_page)
    let offset = pageOffset(query.page, query.per_page)
    if (offset >= happening.length) offset = Math.max(0, (counted.max_pages - 1) * query.per_page)
    const items = happening
      .slice(offset, offset + query.per_page)
      .map(({ row, start }) => listItemOf(row, types, occurrenceData(row, start, viewer, timeZone), viewer, timeZone))
    return { items, ...counted }
  }

  const where = baseWhere(scope, query, today)
  const order = orderOf(query.order_by ?? 'created', query.order)
  const readPage = (page: number) =>
    deps.db
      .select()
      .from(events)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(pageOffset(page, query.per_page))
  const { rows, counts } = await boundedPage(deps.db, { table: events, where, page: query.page, per_page: query.per_page }, readPage)
  const exceptions = await exceptionsOf(deps.db, rows)
  const items = rows.map((row) => {
    const shown = shownOccurrence(query.type, row, exceptions.get(row.id) ?? [], today)
    return listItemOf(row, types, occurrenceData(row, shown, viewer, timeZone), viewer, timeZone)
  })
  return { items, ...counts }
}

/**
 * events-today/{teamId}: today's occurrences in the team's zone, all-day ones first, then by
 * start time; at most maxEventsToday. original_id is the event itself: a series is one event.
 */
export async function eventsToday(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ items: EventsTodayItem[] }> {
  const today = teamToday(deps, scope)
  const { happening } = await todaysEvents(deps, scope, { page: 1, per_page: maxEventsToday, type: 'today', order_by: 'title' }, today)
  const items = happening
    .sort((a, b) => (a.row.start_hour ?? '').localeCompare(b.row.start_hour ?? ''))
    .slice(0, maxEventsToday)
    .map(({ row, start }) => ({
      id: row.id,
      original_id: row.id,
      title: row.title,
      event_date: start,
      start_date_time_display: occurrenceDisplay(row, start, viewer, scope.settings.timeZone),
    }))
  return { items }
}
