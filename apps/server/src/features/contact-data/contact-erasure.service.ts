import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { erasureGraceDays, type ContactErasure, type ErasureMode } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, contactErasures, people } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { boundedPage } from '../../platform/bounded-page'
import { personGate, type PersonGate } from '../../platform/child-gate'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'

// Erasing or de-identifying a contact (issue 40 §2, APP 11.2): an owner of the owning team
// asks, with a reason; for erasureGraceDays it can be called off, then the erasures job removes
// the person and everything about them, or everything but what the reports count
// (contact-data.jobs.ts, de-identify.ts). The erasure's row stays as the record.

const dayMs = 24 * 60 * 60_000

const pending = and(isNull(contactErasures.cancelled_at), isNull(contactErasures.carried_out_at))

const contact = alias(people, 'contact')
const requestedBy = alias(people, 'requested_by')
const cancelledBy = alias(people, 'cancelled_by')

/** The erasures under `where`, with who asked and who called it off by name. */
function erasuresWhere(db: Executor, where: SQL | undefined) {
  return db
    .select({
      erasure: contactErasures,
      contact: { first_name: contact.first_name, last_name: contact.last_name, dob_year: contact.dob_year, dob_month: contact.dob_month },
      requested: { first_name: requestedBy.first_name, last_name: requestedBy.last_name },
      cancelled: { first_name: cancelledBy.first_name, last_name: cancelledBy.last_name },
    })
    .from(contactErasures)
    .leftJoin(contact, eq(contact.id, contactErasures.contact_id))
    .leftJoin(requestedBy, eq(requestedBy.id, contactErasures.requested_by_id))
    .leftJoin(cancelledBy, eq(cancelledBy.id, contactErasures.cancelled_by_id))
    .where(where)
}

type ErasureRow = Awaited<ReturnType<typeof erasuresWhere>>[number]

const nameOf = (person: { first_name: string | null; last_name: string | null } | null) =>
  person?.first_name ? fullName(person.first_name, person.last_name) : ''

function erasureAnswer({ erasure, contact, requested, cancelled }: ErasureRow, gate: PersonGate): ContactErasure {
  return {
    id: erasure.id,
    contact_id: erasure.contact_id,
    // A de-identified contact's row stays, nameless: carried out, the erasure names nobody.
    contact_name: contact && !erasure.carried_out_at ? gate.nameOf(contact) : null,
    mode: erasure.mode as ErasureMode,
    reason: erasure.reason,
    retention_months: erasure.retention_months,
    requested_by_name: nameOf(requested),
    requested_at: erasure.requested_at.toISOString(),
    due_at: erasure.due_at.toISOString(),
    status: erasure.carried_out_at ? 'carried_out' : erasure.cancelled_at ? 'cancelled' : 'pending',
    cancelled_by_name: erasure.cancelled_at ? nameOf(cancelled) : null,
    cancelled_at: erasure.cancelled_at?.toISOString() ?? null,
    carried_out_at: erasure.carried_out_at?.toISOString() ?? null,
  }
}

/** Whether any of the people is to be erased. Call it with their people rows locked (a merge does). */
export async function erasurePending(tx: Executor, personIds: readonly number[]): Promise<boolean> {
  const [row] = await tx
    .select({ id: contactErasures.id })
    .from(contactErasures)
    .where(and(inArray(contactErasures.contact_id, [...personIds]), pending))
    .limit(1)
  return row !== undefined
}

/**
 * POST erase-contact: records the erasure, due erasureGraceDays from now. Only the owning
 * team's owners ask (a team the record is shared with does not decide for the others); a
 * person who signs in removes their own account. Asked again while one is pending, it
 * answers that one.
 */
export async function eraseContact(deps: Deps, viewer: Viewer, scope: ContactScope, input: { mode: ErasureMode; reason: string }): Promise<ContactErasure> {
  assertChildDataAllowed(scope)
  if (!scope.teamContact.is_owner) throw new AppError('erase_not_owner')
  const [account] = await deps.db.select({ id: accounts.person_id }).from(accounts).where(eq(accounts.person_id, scope.contact.id))
  if (account) throw new AppError('erase_has_account')
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    // Locked as a merge locks it: a merge and an erasure of one person take turns.
    const [person] = await tx.select({ mergedInto: people.merged_into_id }).from(people).where(eq(people.id, scope.contact.id)).for('update')
    if (!person || person.mergedInto !== null) throw new AppError('not_found')
    await tx
      .insert(contactErasures)
      .values({
        contact_id: scope.contact.id,
        team_id: scope.team.id,
        mode: input.mode,
        reason: input.reason,
        requested_by_id: viewer.personId,
        requested_at: now,
        due_at: new Date(now.getTime() + erasureGraceDays * dayMs),
      })
      .onConflictDoNothing({
        target: contactErasures.contact_id,
        where: sql`${contactErasures.cancelled_at} is null and ${contactErasures.carried_out_at} is null`,
      })
    const [row] = await erasuresWhere(tx, and(eq(contactErasures.contact_id, scope.contact.id), pending))
    return erasureAnswer(row!, personGate(scope, now))
  })
}

/**
 * POST cancel-contact-erasure: the contact is kept. An erasure already called off answers
 * success again; one carried out cannot be (410 expired).
 */
export async function cancelContactErasure(deps: Deps, viewer: Viewer, scope: TeamScope, input: { erasure_id: number }): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const [erasure] = await tx
      .select()
      .from(contactErasures)
      .where(and(eq(contactErasures.id, input.erasure_id), eq(contactErasures.team_id, scope.team.id)))
      .for('update')
    if (!erasure) throw new AppError('not_found')
    if (erasure.carried_out_at) throw new AppError('expired')
    if (!erasure.cancelled_at) {
      await tx.update(contactErasures).set({ cancelled_at: deps.now(), cancelled_by_id: viewer.personId }).where(eq(contactErasures.id, erasure.id))
    }
    return { success: true as const }
  })
}

/** GET contact-erasures: the team's erasures, newest first; with contact_id, that contact's. */
export async function listContactErasures(deps: Deps, scope: TeamScope, input: { contact_id?: number | undefined; page: number; per_page: number }) {
  const where = and(eq(contactErasures.team_id, scope.team.id), input.contact_id === undefined ? undefined : eq(contactErasures.contact_id, input.contact_id))
  const { rows, counts } = await boundedPage(deps.db, { table: contactErasures, where, page: input.page, per_page: input.per_page }, (page) =>
    erasuresWhere(deps.db, where)
      .orderBy(desc(contactErasures.requested_at), desc(contactErasures.id))
      .limit(input.per_page)
      .offset((page - 1) * input.per_page),
  )
  const gate = personGate(scope, deps.now())
  return { items: rows.map((row) => erasureAnswer(row, gate)), ...counts }
}
