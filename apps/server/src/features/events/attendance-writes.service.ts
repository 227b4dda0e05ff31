import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { eventAttendanceCalls } from '@crm/domain'
import type { Executor } from '../../db/client'
import { eventAttendance } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { assertMayTouch } from '../../platform/child-gate'
import { loadContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import {
  assertMayCreateContact,
  assertVisitorName,
  contactForVisitor,
  normalisedPhone,
  planVisitorContact,
  teamLevel,
  visitorLinkedMessage,
  visitorNotLinkedMessage,
  type VisitorContact,
  type VisitorContactPlan,
} from './attendance-visitor.service'
import { assertEventDate, loadScopedEvent, type ScopedEvent } from './event-access'
import { refuseField } from '../../platform/field-refusals'

// Marking, editing and removing attendance (spec 3 §2.1 "Attendance"; spec 2 §7.1).

type AddInput = z.output<typeof eventAttendanceCalls.addAttendance.request>
type UpdateInput = z.output<typeof eventAttendanceCalls.updateAttendance.request>
type DeleteInput = z.output<typeof eventAttendanceCalls.deleteAttendance.request>
type AttendanceRow = typeof eventAttendance.$inferSelect

const ea = eventAttendance

export const alreadyMarkedMessage = 'The contact is already marked on this date.'

/**
 * The contact `contactId` of the team that the caller may read (the contact routes' rule),
 * active in the team; 404 otherwise: an id from the client proves nothing.
 */
export async function assertReadableContact(db: Executor, deps: Pick<Deps, 'now'>, viewer: Viewer, scope: TeamScope, contactId: number): Promise<void> {
  try {
    const contact = await loadContactScope(db, viewer, teamLevel(scope), contactId, deps.now())
    if (contact.teamContact.state !== 'active') throw new AppError('not_found')
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') throw new AppError('not_found')
    throw error
  }
}

/**
 * Marks a contact on a date once: the unique index answers two clicks at once, and both
 * get the one record's id.
 */
async function markContact(db: Executor, row: typeof ea.$inferInsert & { person_id: number }): Promise<number> {
  const [inserted] = await db.insert(ea).values(row).onConflictDoNothing().returning({ id: ea.id })
  if (inserted) return inserted.id
  const [existing] = await db
    .select({ id: ea.id })
    .from(ea)
    .where(and(eq(ea.event_id, row.event_id), eq(ea.event_date, row.event_date), eq(ea.person_id, row.person_id)))
  if (!existing) throw new AppError('conflict', {}, 'Try again.')
  return existing.id
}

/** The visitor's phone in E.164 in the team's country; 400 when it is not a number. */
function visitorPhone(value: string | null | undefined, scope: TeamScope): string | null {
  if (!value) return null
  const phone = normalisedPhone(value, scope.settings.country)
  if (!phone) throw refuseField('visitor_info_phone', 'invalid_phone')
  return phone
}

function messageOf(contact: VisitorContact | null): string | undefined {
  if (contact?.kind === 'linked') return visitorLinkedMessage
  if (contact?.kind === 'not_linked') return visitorNotLinkedMessage
  return undefined
}

/**
 * add-event-attendance: a contact the caller can read, marked once per date; or a visitor
 * with their details, made a contact of the team when asked (create_contact needed). A child
 * under the child data gate is refused (403 child_data_gate) before the date is looked at:
 * the gate is an access rule, and the answer is the same on every date.
 */
export async function addAttendance(deps: Deps, viewer: Viewer, scope: TeamScope, input: AddInput) {
  const event = await loadScopedEvent(deps.db, scope, input.event_id)
  if (!input.is_visitor) {
    const userId = input.user_id!
    await assertReadableContact(deps.db, deps, viewer, scope, userId)
    await assertMayTouch(deps.db, scope, [userId], deps.now())
    assertEventDate(event, input.event_date)
    const id = await markContact(deps.db, { ...recordBase(viewer, scope, event, input), person_id: userId })
    return { id, user_id: userId }
  }

  assertEventDate(event, input.event_date)
  const base = recordBase(viewer, scope, event, input)
  const name = input.visitor_info_name!
  assertVisitorName(name)
  const phone = visitorPhone(input.visitor_info_phone, scope)
  const email = input.visitor_info_email ?? null
  const create = input.visitor_info_create_contact ?? false
  if (create) assertMayCreateContact(scope)
  const plan = create ? await planVisitorContact(deps.db, deps, scope, { name, phone, email }) : null
  const visitor = {
    ...base,
    is_visitor: true,
    visitor_name: name,
    visitor_phone: phone,
    visitor_email: email,
    visitor_is_new: input.visitor_info_is_new ?? false,
    visitor_create_contact: create,
  }
  return deps.db.transaction(async (tx) => {
    const contact = plan ? await contactForVisitor(tx, deps, viewer, scope, plan, { eventId: event.row.id, eventDate: input.event_date }) : null
    const personId = contact?.personId ?? null
    const id = personId === null ? await insertVisitor(tx, visitor) : await markContact(tx, { ...visitor, person_id: personId })
    const answer = { id, user_id: personId, ...withNotKept(contact, plan) }
    const message = messageOf(contact)
    return message ? { ...answer, success_message: message } : answer
  })
}

function recordBase(viewer: Viewer, scope: TeamScope, event: ScopedEvent, input: AddInput) {
  return { event_id: event.row.id, team_id: scope.team.id, event_date: input.event_date, notes: input.notes ?? null, created_by_id: viewer.personId }
}

async function insertVisitor(tx: Executor, row: typeof ea.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(ea).values(row).returning({ id: ea.id })
  return inserted!.id
}

/** The fields of a new contact not kept without consent, when a contact was created. */
function withNotKept(contact: VisitorContact | null, plan: VisitorContactPlan | null): { fields_not_kept?: string[] } {
  return contact?.kind === 'created' && plan && plan.notKept.length > 0 ? { fields_not_kept: plan.notKept } : {}
}

type RecordKey = { id?: number | undefined; event_id?: number | undefined; event_date?: string | undefined; user_id?: number | undefined }

/**
 * The record a call names, of an event of the caller's team (404 otherwise), that the caller
 * may touch (403 child_data_gate for a child's under the gate). A contact named by user_id is
 * checked before the record is looked for, so the answer never tells whether a child
 * attended on the date.
 */
async function findTouchableRecord(deps: Deps, scope: TeamScope, key: RecordKey): Promise<AttendanceRow> {
  if (key.id === undefined) await assertMayTouch(deps.db, scope, [key.user_id], deps.now())
  const record = await findRecord(deps.db, scope, key)
  if (key.id !== undefined) await assertMayTouch(deps.db, scope, [record.person_id], deps.now())
  return record
}

/** The record a call names, of an event of the caller's team; 404 otherwise. */
async function findRecord(db: Executor, scope: TeamScope, key: RecordKey): Promise<AttendanceRow> {
  const where =
    key.id !== undefined
      ? and(eq(ea.id, key.id), eq(ea.team_id, scope.team.id))
      : and(eq(ea.team_id, scope.team.id), eq(ea.event_id, key.event_id!), eq(ea.event_date, key.event_date!), eq(ea.person_id, key.user_id!))
  const [row] = await db.select().from(ea).where(where)
  if (!row) throw new AppError('not_found')
  return row
}

/**
 * update-event-attendance: a visitor's details and a record's notes; with
 * visitor_info_create_contact a visitor without a contact becomes one (as on add).
 */
export async function updateAttendance(deps: Deps, viewer: Viewer, scope: TeamScope, input: UpdateInput) {
  const record = await findTouchableRecord(deps, scope, input)
  const changes: Partial<typeof ea.$inferInsert> = {}
  if (input.notes !== undefined) changes.notes = input.notes
  if (record.is_visitor) {
    if (input.visitor_info_name !== undefined) {
      if (!input.visitor_info_name) throw refuseField('visitor_info_name', 'required', { message: 'Enter the visitor’s name' })
      assertVisitorName(input.visitor_info_name)
      changes.visitor_name = input.visitor_info_name
    }
    if (input.visitor_info_phone !== undefined) changes.visitor_phone = visitorPhone(input.visitor_info_phone, scope)
    if (input.visitor_info_email !== undefined) changes.visitor_email = input.visitor_info_email
    if (input.visitor_info_is_new !== undefined) changes.visitor_is_new = input.visitor_info_is_new
    if (input.visitor_info_create_contact !== undefined) changes.visitor_create_contact = input.visitor_info_create_contact || record.visitor_create_contact
  }
  const converts = record.is_visitor && record.person_id === null && input.visitor_info_create_contact === true
  if (converts) assertMayCreateContact(scope)
  const after = { ...record, ...changes }
  const plan = converts
    ? await planVisitorContact(deps.db, deps, scope, { name: after.visitor_name ?? '', phone: after.visitor_phone, email: after.visitor_email })
    : null
  try {
    return await deps.db.transaction(async (tx) => {
      const contact = plan ? await contactForVisitor(tx, deps, viewer, scope, plan, { eventId: record.event_id, eventDate: record.event_date }) : null
      if (contact?.personId) changes.person_id = contact.personId
      if (Object.keys(changes).length > 0)
        await tx
          .update(ea)
          .set({ ...changes, updated_at: deps.now() })
          .where(eq(ea.id, record.id))
      const answer = { success: true as const, user_id: changes.person_id ?? record.person_id, ...withNotKept(contact, plan) }
      const message = messageOf(contact)
      return message ? { ...answer, success_message: message } : answer
    })
  } catch (error) {
    // The visitor is a contact already marked on this date.
    if (isUniqueViolation(error)) throw new AppError('conflict', {}, alreadyMarkedMessage)
    throw error
  }
}

/**
 * delete-event-attendance: the record by id (404 unless of the caller's team), or a
 * contact's record on one date of an event of the team; unmarking a contact who is not
 * marked changes nothing. Other dates are not touched. A child's record under the child
 * data gate is refused (403 child_data_gate), marked or not.
 */
export async function deleteAttendance(deps: Deps, scope: TeamScope, input: DeleteInput) {
  if (input.id !== undefined) {
    const record = await findTouchableRecord(deps, scope, input)
    await deps.db.delete(ea).where(eq(ea.id, record.id))
    return { success: true as const }
  }
  const event = await loadScopedEvent(deps.db, scope, input.event_id!)
  await assertMayTouch(deps.db, scope, [input.user_id], deps.now())
  await deps.db.delete(ea).where(and(eq(ea.event_id, event.row.id), eq(ea.event_date, input.event_date!), eq(ea.person_id, input.user_id!)))
  return { success: true as const }
}
