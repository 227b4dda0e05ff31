import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  formatInternational,
  hasCapability,
  maxPages,
  pageOffset,
  type AttendanceContact,
  type AttendanceItem,
  type ContactAttendanceItem,
  type contactsForAttendanceQuery,
  type eventAttendanceQuery,
} from '@crm/domain'
import { eventAttendance, events, people } from '../../db/schema/index'
import type { GroupScope, TeamScope, Viewer } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { displayDate } from '../../platform/format'
import { listContacts } from '../contacts/lists.service'
import { assertEventDate, loadScopedEvent } from './event-access'

// The reads of attendance (spec 3 §2.1 "Attendance", §9; spec 2 §7.1): who came on one
// event date, the contacts to mark on it, and the events a contact attended.

type AttendanceQuery = z.output<typeof eventAttendanceQuery>
type ContactsQuery = z.output<typeof contactsForAttendanceQuery>

const ea = eventAttendance

/** The name a record is listed and sorted by: the contact's, else the visitor's. */
const recordName = sql<string>`lower(coalesce(nullif(trim(${people.first_name} || ' ' || ${people.last_name}), ''), ${ea.visitor_name}, ''))`

/**
 * GET event-attendance/{id}: the records of one of the event's dates, by name A to Z by
 * default (spec 3 §9), a page and its count. A caller under the child data gate is not given
 * a child's records (spec 2 §5, issue 33): they are left out of the page and its count, and
 * `hidden_children` says how many were, so the date's total stays the real number.
 */
export async function listEventAttendance(
  deps: Deps,
  scope: TeamScope,
  eventId: number,
  query: AttendanceQuery,
): Promise<{ items: AttendanceItem[]; count: number; max_pages: number; hidden_children?: number }> {
  const event = await loadScopedEvent(deps.db, scope, eventId)
  assertEventDate(event, query.event_date)
  const gate = personGate(scope, deps.now())
  const conditions = [eq(ea.event_id, event.row.id), eq(ea.event_date, query.event_date)]
  if (query.is_visitor !== undefined) conditions.push(eq(ea.is_visitor, query.is_visitor))
  const ofDate = and(...conditions)!
  const visible = gate.visibleTo(people, ea.person_id)
  const direction = query.order === 'desc' ? desc : asc
  const orderBy = query.order_by === 'created' ? [direction(ea.created_at), direction(ea.id)] : [direction(recordName), direction(ea.id)]
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        record: ea,
        first_name: people.first_name,
        last_name: people.last_name,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
      })
      .from(ea)
      .leftJoin(people, eq(people.id, ea.person_id))
      .where(and(ofDate, visible))
      .orderBy(...orderBy)
      .limit(query.per_page)
      .offset(pageOffset(query.page, query.per_page)),
    // Under the gate, one count of the date split in two: the records shown and the children's.
    visible
      ? deps.db
          .select({ n: sql<number>`(count(*) filter (where ${visible}))::int`, hidden: sql<number>`(count(*) filter (where not ${visible}))::int` })
          .from(ea)
          .leftJoin(people, eq(people.id, ea.person_id))
          .where(ofDate)
      : deps.db
          .select({ n: count(), hidden: sql<number>`0` })
          .from(ea)
          .where(ofDate),
  ])
  const items = rows.map(({ record, ...person }): AttendanceItem => ({
    id: record.id,
    event_id: record.event_id,
    event_date: record.event_date,
    user_id: record.person_id,
    name: person.first_name !== null ? gate.nameOf(person) : (record.visitor_name ?? ''),
    is_visitor: record.is_visitor,
    visitor_info_name: record.visitor_name,
    visitor_info_phone: record.visitor_phone ? formatInternational(record.visitor_phone) : null,
    visitor_info_email: record.visitor_email,
    visitor_info_is_new: record.visitor_is_new,
    visitor_info_create_contact: record.visitor_create_contact,
    notes: record.notes,
  }))
  const n = Number(total?.n ?? 0)
  const answer = { items, count: n, max_pages: maxPages(n, query.per_page) }
  return gate.gated ? { ...answer, hidden_children: Number(total?.hidden ?? 0) } : answer
}

/**
 * GET contacts-for-attendance (spec 2 §7.1: the contacts list's query): the contacts list of
 * this caller, as GET contacts answers it (a role that reads the group's contacts), or as
 * assigned-contacts does (a member), with its filters, search and child gate, by name A to Z
 * by default; and, with event_id and event_date, whether each contact of the page attended on
 * that date (one more query for the page). A child's row is the contacts list's neutral one,
 * and under the gate its mark is withheld too: which dates a child attended is the child's
 * data (spec 2 §5).
 */
export async function listContactsForAttendance(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  query: ContactsQuery,
): Promise<{ items: AttendanceContact[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  // transfer_team_id is assigned-contacts' alone (contact-shapes.ts): this list is the selected group's.
  const { event_id: eventId, event_date: eventDate, transfer_team_id: _transfer, ...listQuery } = query
  // The schema lets both through or neither.
  const date = eventId !== undefined && eventDate !== undefined ? { event: await loadScopedEvent(deps.db, scope, eventId), eventDate } : null
  if (date) assertEventDate(date.event, date.eventDate)
  const kind = hasCapability(scope.groupRole, 'read_contact') ? 'contacts' : 'assigned'
  const list = await listContacts(deps, viewer, scope, kind, { ...listQuery, order_by: listQuery.order_by ?? 'name' })
  if (!date) return list
  const ids = list.items.map((item) => item.id)
  const marked =
    ids.length === 0
      ? []
      : await deps.db
          .select({ id: ea.id, person_id: ea.person_id })
          .from(ea)
          .innerJoin(people, eq(people.id, ea.person_id))
          .where(
            and(eq(ea.event_id, date.event.row.id), eq(ea.event_date, date.eventDate), inArray(ea.person_id, ids), personGate(scope, deps.now()).visibleTo()),
          )
  const attended = new Map(marked.map((row) => [row.person_id, row.id]))
  return {
    ...list,
    items: list.items.map((item) => ({ ...item, attended: attended.has(item.id), attendance_id: attended.get(item.id) ?? null })),
  }
}

/**
 * GET contact-event-attendance/{id}: the team's events the contact attended, the latest
 * date first. Which events a child attended is among the details the child data gate
 * withholds, as the contact's other tabs are.
 */
export async function listContactEventAttendance(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  query: { page: number; per_page: number },
): Promise<{ items: ContactAttendanceItem[]; count: number; max_pages: number }> {
  assertChildDataAllowed(scope)
  const where = and(eq(ea.person_id, scope.contact.id), eq(ea.team_id, scope.team.id))
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ id: ea.id, event_id: ea.event_id, title: events.title, event_date: ea.event_date, is_visitor: ea.is_visitor })
      .from(ea)
      .innerJoin(events, eq(events.id, ea.event_id))
      .where(where)
      .orderBy(desc(ea.event_date), desc(ea.id))
      .limit(query.per_page)
      .offset(pageOffset(query.page, query.per_page)),
    deps.db.select({ n: count() }).from(ea).where(where),
  ])
  const n = total?.n ?? 0
  return {
    items: rows.map((row) => ({ ...row, event_date_display: displayDate(row.event_date, viewer.locale, scope.settings.timeZone) })),
    count: n,
    max_pages: maxPages(n, query.per_page),
  }
}
