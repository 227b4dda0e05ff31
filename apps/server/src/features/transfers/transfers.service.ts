import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { maxId, type createTransferRequest, type setContactsToTransferRequest, type updateTransferRequest, fieldError } from '@crm/domain'
import { insertMany } from '../../db/insert-many'
import { assignments, people, teamContacts, transferContacts, transfers } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertMayTouch, personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { notifyPastorOfPlan } from './process-notify'
import {
  assertDateNotTooSoon,
  checkTransferFields,
  hasUpcomingTransfer,
  lockPlannedTransfer,
  pastorConflict,
  processedConflict,
  type TransferRow,
} from './transfer-records'
import { FieldRefusals } from '../../platform/field-refusals'

// The transfer's writes (spec 3 §2.2, §5, §6, §7 Transfers): a conference officer plans,
// changes and cancels an upcoming transfer; the pastor chooses the contacts it takes. A
// processed transfer is history: every write to it is a 409.

type CreateInput = z.output<typeof createTransferRequest>
type UpdateInput = z.output<typeof updateTransferRequest>
type SelectionInput = z.output<typeof setContactsToTransferRequest>

const done = { success: true as const, success_message: 'Saved' }

/** The row's fields as the activity log keeps them. */
function loggedFields(row: Pick<TransferRow, 'from_conference_id' | 'to_conference_id' | 'from_team_id' | 'to_team_id' | 'person_id' | 'date'>) {
  return {
    from_conference_id: row.from_conference_id,
    to_conference_id: row.to_conference_id,
    from_team_id: row.from_team_id,
    to_team_id: row.to_team_id,
    user_id: row.person_id,
    date: row.date,
  }
}

/** A write that met the pastor's other upcoming transfer at the unique index: the same 409. */
async function guardPastor<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw pastorConflict()
    throw error
  }
}

/** POST create-transfer: a new upcoming transfer, planned by the selected conference. */
export async function createTransfer(deps: Deps, viewer: Viewer, scope: TeamScope, input: CreateInput): Promise<{ data: { id: number } }> {
  const fields = { ...input, date: input.date ?? null }
  assertDateNotTooSoon(fields.date, deps.now())
  await checkTransferFields(deps.db, viewer, scope, fields)
  // A clear answer for the usual case; the unique index decides when two creates race.
  if (await hasUpcomingTransfer(deps.db, fields.user_id)) throw pastorConflict()
  const id = await guardPastor(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transfers)
        .values({
          from_conference_id: fields.from_conference_id,
          to_conference_id: fields.to_conference_id,
          from_team_id: fields.from_team_id,
          to_team_id: fields.to_team_id,
          person_id: fields.user_id,
          date: fields.date,
          created_by_id: viewer.personId,
        })
        .returning()
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'transfer',
        subjectId: row!.id,
        action: 'add',
        after: loggedFields(row!),
      })
      await notifyPastorOfPlan(tx, row!, deps.now(), viewer.personId)
      return row!.id
    }),
  )
  return { data: { id } }
}

/**
 * POST update-transfer/{id}: the whole form again. A date that changes must be 7 days ahead;
 * one left as it was may be nearer. A new from church or pastor clears the chosen contacts:
 * they were another pastor's, or assigned in another church.
 */
export async function updateTransfer(deps: Deps, viewer: Viewer, scope: TeamScope, transferId: number, input: UpdateInput) {
  const fields = { ...input, date: input.date ?? null }
  await checkTransferFields(deps.db, viewer, scope, fields)
  await guardPastor(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockPlannedTransfer(tx, scope, transferId)
      if (before.is_processed) throw processedConflict()
      if (fields.date !== before.date) assertDateNotTooSoon(fields.date, deps.now())
      if (fields.user_id !== before.person_id && (await hasUpcomingTransfer(tx, fields.user_id, transferId))) throw pastorConflict()
      const [after] = await tx
        .update(transfers)
        .set({
          to_conference_id: fields.to_conference_id,
          from_team_id: fields.from_team_id,
          to_team_id: fields.to_team_id,
          person_id: fields.user_id,
          date: fields.date,
          updated_at: deps.now(),
        })
        .where(eq(transfers.id, transferId))
        .returning()
      const selectionGone = fields.from_team_id !== before.from_team_id || fields.user_id !== before.person_id
      if (selectionGone) await tx.delete(transferContacts).where(eq(transferContacts.transfer_id, transferId))
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'transfer',
        subjectId: transferId,
        action: 'update',
        before: loggedFields(before),
        after: { ...loggedFields(after!), ...(selectionGone ? { contacts_cleared: true } : {}) },
      })
    }),
  )
  return done
}

/** POST delete-transfer: cancels an upcoming transfer and its chosen contacts; nothing else changes. */
export async function deleteTransfer(deps: Deps, viewer: Viewer, scope: TeamScope, transferId: number) {
  await deps.db.transaction(async (tx) => {
    const row = await lockPlannedTransfer(tx, scope, transferId)
    if (row.is_processed) throw processedConflict()
    // transfer_contacts go with it (on delete cascade).
    await tx.delete(transfers).where(eq(transfers.id, transferId))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'transfer',
      subjectId: transferId,
      action: 'delete',
      before: loggedFields(row),
    })
  })
  return done
}

/**
 * POST set-contacts-to-transfer/{id}: the pastor, in the from church (team_id), replaces the
 * whole selection. Every contact must be one the church holds (active) and assigned to them
 * there; otherwise a 400 names each contact refused and nothing changes. Another church's
 * transfer, or another pastor's in this church, is not found. Under the child data gate a
 * child is neither chosen (child_data_gate) nor dropped: one chosen before stays as it was.
 */
export async function setContactsToTransfer(deps: Deps, viewer: Viewer, scope: TeamScope, transferId: number, input: SelectionInput) {
  const chosen = Object.entries(input.contacts).map(([key, state]) => ({ key, contactId: Number(key), state }))
  const errors = new FieldRefusals()
  const notAssigned = (contactId: number) => fieldError('contact_not_assigned', { id: contactId })
  // The contract bounds the digits; an id past the int range is no contact at all.
  for (const entry of chosen) if (entry.contactId < 1 || entry.contactId > maxId) errors.set(`contacts.${entry.key}`, notAssigned(entry.contactId))
  const ids = chosen.filter((entry) => !errors.has(`contacts.${entry.key}`)).map((entry) => entry.contactId)
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.id, transferId), eq(transfers.from_team_id, scope.team.id), eq(transfers.person_id, viewer.personId)))
      .for('update')
    if (!row) throw new AppError('not_found')
    if (row.is_processed) throw processedConflict()
    const assigned =
      ids.length === 0
        ? []
        : await tx
            .select({ contact_id: assignments.contact_id })
            .from(assignments)
            .innerJoin(
              teamContacts,
              and(eq(teamContacts.team_id, assignments.team_id), eq(teamContacts.person_id, assignments.contact_id), eq(teamContacts.state, 'active')),
            )
            .where(and(eq(assignments.team_id, scope.team.id), eq(assignments.to_person_id, viewer.personId), inArray(assignments.contact_id, ids)))
    const mine = new Set(assigned.map((assignment) => assignment.contact_id))
    for (const entry of chosen) if (!mine.has(entry.contactId)) errors.add(`contacts.${entry.key}`, notAssigned(entry.contactId))
    const refused = Object.values(errors.errors)
    if (refused.length > 0) throw errors.toError('invalid_request', {}, refused[0])
    await assertMayTouch(tx, scope, ids, deps.now())

    // Only the choices the caller sees are replaced: a hidden child's stays as it was.
    const visible = personGate(scope, deps.now()).visibleTo()
    await tx
      .delete(transferContacts)
      .where(
        and(
          eq(transferContacts.transfer_id, transferId),
          visible && sql`exists (select 1 from ${people} where ${people.id} = ${transferContacts.contact_id} and ${visible})`,
        ),
      )
    await insertMany(
      tx,
      transferContacts,
      chosen.map((entry) => ({ transfer_id: transferId, contact_id: entry.contactId, state: entry.state })),
    )
    const counts = { move: chosen.filter((entry) => entry.state === 'move').length, share: chosen.filter((entry) => entry.state === 'share').length }
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'transfer',
      subjectId: transferId,
      action: 'update',
      after: { contacts: counts },
    })
    await tx.update(transfers).set({ updated_at: deps.now() }).where(eq(transfers.id, transferId))
  })
  return { success: true as const, success_message: 'Changes saved.' }
}
