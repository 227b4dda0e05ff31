import { and, eq, inArray, ne, or } from 'drizzle-orm'
import type { z } from 'zod'
import { earliestTransferDate, transferFieldMessages as messages, type transferFieldsSchema, fieldError, transferMinDaysAhead } from '@crm/domain'
import type { Executor } from '../../db/client'
import { memberships, teams, transfers } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { AppError } from '../../platform/errors'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// What the transfer services share: the messages, the checks of the form's fields (spec 3
// §5) and the locked row of a transfer the selected conference plans.

export const processedMessage = 'This transfer has been processed.'
export const pastorHasTransferMessage = 'This pastor already has an upcoming transfer.'
export const hasDateMessage = 'This transfer is processed on its date. Clear the date to process it now.'

export type TransferRow = typeof transfers.$inferSelect

/** What processing a transfer did. */
export interface ProcessOutcome {
  moved: number
  shared: number
  /** The pastor's assignments in the from-church that ended (contacts left behind). */
  stayed: number
}

/** The refusal of a processed transfer: it is history and cannot change (spec 3 §4). */
export function processedConflict(): AppError {
  return new AppError('conflict', { reason: 'transfer_processed' }, processedMessage)
}

/** A second upcoming transfer of one pastor (transfers_one_upcoming_per_pastor_key). */
export function pastorConflict(): AppError {
  return refuseField('user_id', 'pastor_has_transfer', {
    code: 'conflict',
    details: { reason: 'pastor_has_upcoming_transfer' },
    message: pastorHasTransferMessage,
    asMessage: true,
  })
}

/** The fields after the contract's parsing: the date is a YYYY-MM-DD or null. */
export type CheckedFields = Omit<z.output<typeof transferFieldsSchema>, 'date'> & { date: string | null }

/**
 * The rules the contract cannot check (spec 3 §5; docs/decisions.md "Transfers"): the from
 * conference is the selected one; the to conference is it or another the caller is entity
 * admin of (a site admin may pick any); each church is a church of its conference; the
 * churches differ; the pastor is an owner of the from church. A 400 names every field wrong.
 */
export async function checkTransferFields(db: Executor, viewer: Viewer, scope: TeamScope, fields: CheckedFields): Promise<void> {
  const errors = new FieldRefusals()
  if (fields.from_conference_id !== scope.team.id) errors.set('from_conference_id', 'own_conference', messages.ownConference)
  const [toConference] = await db
    .select({ id: teams.id, role: memberships.role })
    .from(teams)
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .where(and(eq(teams.id, fields.to_conference_id), eq(teams.kind, 'conference')))
  const administers = viewer.isSiteAdmin || fields.to_conference_id === scope.team.id || toConference?.role === 'entity_admin'
  if (!toConference || !administers) errors.set('to_conference_id', 'not_your_conference', messages.notYourConference)
  const churches = await db
    .select({ id: teams.id, parent_id: teams.parent_id })
    .from(teams)
    .where(and(inArray(teams.id, [fields.from_team_id, fields.to_team_id]), eq(teams.kind, 'team')))
  const parentOf = new Map(churches.map((church) => [church.id, church.parent_id]))
  if (parentOf.get(fields.from_team_id) !== fields.from_conference_id) errors.set('from_team_id', 'church_of_conference', messages.churchOfConference)
  if (parentOf.get(fields.to_team_id) !== fields.to_conference_id) errors.set('to_team_id', 'church_of_conference', messages.churchOfConference)
  else if (fields.to_team_id === fields.from_team_id) errors.set('to_team_id', 'same_church', messages.sameChurch)
  const [owner] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.team_id, fields.from_team_id), eq(memberships.person_id, fields.user_id), eq(memberships.role, 'owner')))
  if (!owner) errors.set('user_id', 'not_an_owner', messages.notAnOwner)
  errors.throwIfAny()
}

/** A date, when set, is at least 7 days from now (spec 3 §5), in the contract's words. */
export function assertDateNotTooSoon(date: string | null, now: Date): void {
  if (date !== null && date < earliestTransferDate(now)) {
    throw refuseField('date', fieldError('transfer_date_too_soon', { days: transferMinDaysAhead }), { asMessage: true })
  }
}

/** Another upcoming transfer of the pastor, besides `exceptId`. */
export async function hasUpcomingTransfer(db: Executor, personId: number, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.person_id, personId), eq(transfers.is_processed, false), exceptId ? ne(transfers.id, exceptId) : undefined))
    .limit(1)
  return row !== undefined
}

/**
 * A transfer the selected conference plans (its from conference), locked until the
 * transaction ends, so an edit, a cancel, a selection and the processing take turns. One the
 * conference only receives is the planner's to change (403); any other is not found (404).
 */
export async function lockPlannedTransfer(tx: Executor, scope: TeamScope, transferId: number): Promise<TransferRow> {
  const [row] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.id, transferId), or(eq(transfers.from_conference_id, scope.team.id), eq(transfers.to_conference_id, scope.team.id))))
    .for('update')
  if (!row) throw new AppError('not_found')
  if (row.from_conference_id !== scope.team.id) throw new AppError('forbidden', { reason: 'not_planning_conference' })
  return row
}
