import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { clampPage, contactEventKindOf, growPhaseOf, maxPages, pageOffset, type ContactEventItem, type ContactEventKind, type GrowPhase } from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactEvents, lookupItems, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivities, recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'
import { refreshContactReadModel } from '../../platform/read-model'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// A contact's decisions and events (spec 2 §3, §4.5, §7.1, §7.4). An event is the team's
// that recorded it; its member status becomes the contact's, in the same transaction, with
// the contact's own activity row, so the lists filter and sort on it at once.

type EventRow = typeof contactEvents.$inferSelect

/** The fields of an event as written, after an add or a merged update. */
export interface EventFields {
  type: string
  date: string
  grow_phase: GrowPhase | null
  member_status: string | null
  content: string | null
}

export interface EventLookups {
  title(list: 'user-event-types' | 'member-status-types', value: string | null): string | null
  /** The value is an active item of the list. */
  isActive(list: 'user-event-types' | 'member-status-types', value: string): boolean
}

export async function loadEventLookups(db: Executor, locale?: string): Promise<EventLookups> {
  const rows = await db
    .select({
      list: lookupItems.list,
      value: lookupItems.value,
      title: lookupItems.title,
      translations: lookupItems.translations,
      is_active: lookupItems.is_active,
    })
    .from(lookupItems)
    .where(inArray(lookupItems.list, ['user-event-types', 'member-status-types']))
  const items = new Map(rows.map((row) => [`${row.list}/${row.value}`, row]))
  return {
    // An item no longer in the list still shows its stored value rather than nothing.
    title: (list, value) => {
      if (!value) return null
      const row = items.get(`${list}/${value}`)
      return row ? ((locale ? row.translations[locale] : undefined) ?? row.title) : value
    },
    isActive: (list, value) => items.get(`${list}/${value}`)?.is_active === true,
  }
}

/** The type and member status are values of their lookup lists; anything else names its field. */
function checkValues(fields: EventFields, lookups: EventLookups): void {
  const errors = new FieldRefusals()
  if (!lookups.isActive('user-event-types', fields.type)) errors.set('type', 'not_in_list')
  if (fields.member_status !== null && !lookups.isActive('member-status-types', fields.member_status)) errors.set('member_status', 'not_in_list')
  errors.throwIfAny()
}

/**
 * Decisions and events are recorded only while the contact has not declined consent (spec 2
 * §4.2), and for a minor only once a parent or carer has consented (spec 1 §1).
 */
async function checkRecordingAllowed(deps: Deps, scope: ContactScope): Promise<{ member_status: string | null }> {
  assertChildDataAllowed(scope)
  const [person] = await deps.db
    .select({ consent_type: people.consent_type, consent_declined: people.consent_declined, member_status: people.member_status })
    .from(people)
    .where(eq(people.id, scope.contact.id))
  if (!person) throw new AppError('not_found')
  if (person.consent_declined) {
    throw refuseField('user_id', 'consent_declined', { details: { reason: 'consent_declined' }, asMessage: true })
  }
  if (scope.isChild && !person.consent_type) {
    throw refuseField('user_id', 'minor_without_consent', { details: { reason: 'minor_without_consent' }, asMessage: true })
  }
  return { member_status: person.member_status }
}

/** The stored columns of the fields: a grow phase only for type other. */
function columnsOf(fields: EventFields) {
  return {
    type: fields.type,
    kind: contactEventKindOf(fields.type),
    date: fields.date,
    grow_phase: growPhaseOf(fields.type, fields.grow_phase),
    member_status: fields.member_status,
    content: fields.content || null,
  }
}

/** What the activity log shows of an event. */
function logged(columns: ReturnType<typeof columnsOf>) {
  const { kind: _kind, ...readable } = columns
  return readable
}

/**
 * The contact takes the event's member status (spec 2 §4.5): the person, the lists' read
 * model in every team that holds them, and the contact's activity row, in the transaction.
 */
async function applyMemberStatus(tx: Executor, viewer: Viewer, scope: ContactScope, memberStatus: string | null, now: Date): Promise<void> {
  if (memberStatus === null) return
  const [person] = await tx.select({ member_status: people.member_status }).from(people).where(eq(people.id, scope.contact.id)).for('update')
  if (!person || person.member_status === memberStatus) return
  await tx.update(people).set({ member_status: memberStatus, updated_at: now }).where(eq(people.id, scope.contact.id))
  await refreshContactReadModel(tx, scope.contact.id, now)
  await recordActivity(tx, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    subjectType: 'user',
    subjectId: scope.contact.id,
    contactId: scope.contact.id,
    action: 'update',
    before: { member_status: person.member_status },
    after: { member_status: memberStatus },
  })
}

function itemOf(row: EventRow, lookups: EventLookups, viewer: Viewer, timeZone: string): ContactEventItem {
  return {
    id: row.id,
    type: row.type,
    type_display: lookups.title('user-event-types', row.type) ?? row.type,
    kind: row.kind,
    date: row.date,
    date_display: displayDate(row.date, viewer.locale, timeZone),
    grow_phase: row.grow_phase,
    member_status: row.member_status,
    member_status_display: lookups.title('member-status-types', row.member_status),
    content: row.content,
    author_id: row.author_id,
    created_display: displayDate(row.created_at, viewer.locale, timeZone),
  }
}

/** contact-events/{id}: the team's events of the contact, of one kind or both, created newest first (spec 2 §9). */
export async function listContactEvents(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  query: { page: number; per_page: number; order?: 'asc' | 'desc' | undefined; order_by?: 'created' | 'date' | undefined; kind?: ContactEventKind | undefined },
) {
  assertChildDataAllowed(scope)
  const conditions = [eq(contactEvents.contact_id, scope.contact.id), eq(contactEvents.team_id, scope.team.id)]
  if (query.kind) conditions.push(eq(contactEvents.kind, query.kind))
  const where = and(...conditions)
  const [total] = await deps.db.select({ n: count() }).from(contactEvents).where(where)
  const pages = maxPages(total?.n ?? 0, query.per_page)
  const page = clampPage(query.page, pages)
  const sort = query.order === 'asc' ? asc : desc
  const key = query.order_by === 'date' ? contactEvents.date : contactEvents.created_at
  const [rows, lookups] = await Promise.all([
    deps.db.select().from(contactEvents).where(where).orderBy(sort(key), sort(contactEvents.id)).limit(query.per_page).offset(pageOffset(page, query.per_page)),
    loadEventLookups(deps.db, viewer.locale),
  ])
  return {
    items: rows.map((row) => itemOf(row, lookups, viewer, scope.settings.timeZone)),
    count: total?.n ?? 0,
    max_pages: pages,
  }
}

/** add-contact-event: records a decision or event; its member status becomes the contact's. */
export async function addContactEvent(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: {
    type: string
    date: string
    grow_phase?: GrowPhase | null | undefined
    member_status?: string | null | undefined
    content?: string | null | undefined
  },
): Promise<{ id: number }> {
  await checkRecordingAllowed(deps, scope)
  const fields: EventFields = {
    type: input.type,
    date: input.date,
    grow_phase: input.grow_phase ?? null,
    member_status: input.member_status ?? null,
    content: input.content ?? null,
  }
  checkValues(fields, await loadEventLookups(deps.db))
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [id] = await insertContactEvents(tx, { author: viewer, now }, [{ teamId: scope.team.id, contactId: scope.contact.id, fields }])
    await applyMemberStatus(tx, viewer, scope, fields.member_status, now)
    return { id: id! }
  })
}

/** A checked event to record on a contact in a team, and what its activity row adds. */
export interface NewContactEvent {
  teamId: number
  contactId: number
  fields: EventFields
  logged?: Record<string, unknown>
}

/**
 * Checked events and their activity rows, in the writer's transaction, in two statements
 * however many: add-contact-event's write, shared with the contact import (whose activity rows
 * say where the events came from). The caller applies a member status. Answers the ids in order.
 */
export async function insertContactEvents(
  tx: Executor,
  at: { author: Pick<Viewer, 'personId'>; now: Date },
  items: readonly NewContactEvent[],
): Promise<number[]> {
  if (items.length === 0) return []
  const columns = items.map((item) => columnsOf(item.fields))
  // INSERT … RETURNING answers the rows in the order of VALUES.
  const rows = await tx
    .insert(contactEvents)
    .values(
      items.map((item, index) => ({
        ...columns[index]!,
        contact_id: item.contactId,
        team_id: item.teamId,
        author_id: at.author.personId,
        created_at: at.now,
        updated_at: at.now,
      })),
    )
    .returning({ id: contactEvents.id })
  await recordActivities(
    tx,
    items.map((item, index) => ({
      authorId: at.author.personId,
      teamId: item.teamId,
      subjectType: 'user_event' as const,
      subjectId: rows[index]!.id,
      contactId: item.contactId,
      action: 'add' as const,
      after: { ...logged(columns[index]!), ...item.logged },
    })),
  )
  return rows.map((row) => row.id)
}

/** An event of the contact recorded by the selected team, or 404. */
async function loadEvent(tx: Executor, scope: ContactScope, eventId: number, lock = false): Promise<EventRow> {
  const query = tx
    .select()
    .from(contactEvents)
    .where(and(eq(contactEvents.id, eventId), eq(contactEvents.contact_id, scope.contact.id), eq(contactEvents.team_id, scope.team.id)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('not_found')
  return row
}

/** update-contact-event: changes the fields sent; a member status sent and changed becomes the contact's. */
export async function updateContactEvent(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: {
    id: number
    type?: string | undefined
    date?: string | undefined
    grow_phase?: GrowPhase | null | undefined
    member_status?: string | null | undefined
    content?: string | null | undefined
  },
): Promise<{ success: true }> {
  assertChildDataAllowed(scope)
  const current = await loadEvent(deps.db, scope, input.id)
  const before: EventFields = {
    type: current.type,
    date: current.date,
    grow_phase: current.grow_phase as GrowPhase | null,
    member_status: current.member_status,
    content: current.content,
  }
  const after: EventFields = {
    type: input.type ?? before.type,
    date: input.date ?? before.date,
    grow_phase: input.grow_phase === undefined ? before.grow_phase : input.grow_phase,
    member_status: input.member_status === undefined ? before.member_status : input.member_status,
    content: input.content === undefined ? before.content : input.content,
  }
  checkValues(after, await loadEventLookups(deps.db))
  const columns = columnsOf(after)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const locked = await loadEvent(tx, scope, input.id, true)
    await tx
      .update(contactEvents)
      .set({ ...columns, updated_at: now })
      .where(eq(contactEvents.id, locked.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_event',
      subjectId: locked.id,
      contactId: scope.contact.id,
      action: 'update',
      before: logged(columnsOf({ ...before, grow_phase: locked.grow_phase as GrowPhase | null })),
      after: logged(columns),
    })
    if (columns.member_status !== locked.member_status) await applyMemberStatus(tx, viewer, scope, columns.member_status, now)
  })
  return { success: true }
}

/** delete-contact-event: the event goes; the contact keeps the member status it has. */
export async function deleteContactEvent(deps: Deps, viewer: Viewer, scope: ContactScope, eventId: number): Promise<{ success: true }> {
  assertChildDataAllowed(scope)
  await loadEvent(deps.db, scope, eventId)
  await deps.db.transaction(async (tx) => {
    const locked = await loadEvent(tx, scope, eventId, true)
    await tx.delete(contactEvents).where(eq(contactEvents.id, locked.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_event',
      subjectId: locked.id,
      contactId: scope.contact.id,
      action: 'delete',
      before: logged(
        columnsOf({
          type: locked.type,
          date: locked.date,
          grow_phase: locked.grow_phase as GrowPhase | null,
          member_status: locked.member_status,
          content: locked.content,
        }),
      ),
    })
  })
  return { success: true }
}
