import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { contactCalls } from '@crm/domain'
import type { Executor } from '../../db/client'
import { memberships, people } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { refreshContactReadModel } from '../../platform/read-model'
import { recordFormVerbalConsent } from '../consent/consent-records.service'
import { assertValid, formVerbalConsent, hasContactFields, resolveContactInput, type ContactInput, type PersonRow, type PersonValues } from './contact-input'

type UpdateUserInput = z.output<typeof contactCalls.updateUser.request>

/** The person row, locked for the rest of the transaction so two edits do not interleave. */
export async function lockPerson(tx: Executor, personId: number): Promise<PersonRow> {
  const [person] = await tx.select().from(people).where(eq(people.id, personId)).for('update')
  if (!person) throw new AppError('not_found')
  return person
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

/** The columns `values` changes of a person: each one's value before and after; empty when nothing changes. */
export function contactChangesOf(existing: PersonRow, values: PersonValues): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const old = existing[key as keyof PersonRow]
    if (same(old, value)) continue
    before[key] = old
    after[key] = value
  }
  if ('email' in after && existing.email_is_verified) {
    before.email_is_verified = true
    after.email_is_verified = false
  }
  return { before, after }
}

/**
 * Writes the given columns of a person and records only what changed (before and after).
 * A new email is not verified. Keeps the contacts read model in step. `logged` marks the
 * activity row (an import's row and id); answers what changed.
 */
export async function writeContactChanges(
  tx: Executor,
  now: Date,
  viewer: Pick<Viewer, 'personId'>,
  teamId: number,
  existing: PersonRow,
  values: PersonValues,
  logged: Record<string, unknown> = {},
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const { before, after } = contactChangesOf(existing, values)
  if (Object.keys(after).length === 0) return { before, after }
  await tx
    .update(people)
    .set(after as PersonValues)
    .where(eq(people.id, existing.id))
  await refreshContactReadModel(tx, existing.id, now)
  await recordActivity(tx, {
    authorId: viewer.personId,
    teamId,
    subjectType: 'user',
    subjectId: existing.id,
    contactId: existing.id,
    action: 'update',
    before,
    after: { ...after, ...logged },
  })
  return { before, after }
}

/**
 * Checks and writes a writer's fields onto an existing contact: the child data gate for a
 * contact who is or becomes a child, then the field rules (contact-input.ts).
 */
export async function applyContactFields(
  tx: Executor,
  deps: Pick<Deps, 'now'>,
  viewer: Viewer,
  scope: GroupScope,
  personId: number,
  fields: ContactInput,
): Promise<string[]> {
  if (!hasContactFields(fields)) return []
  const existing = await lockPerson(tx, personId)
  const resolved = await resolveContactInput(tx, fields, existing, { now: deps.now(), country: scope.settings.country })
  if (resolved.isChild && scope.childGate) throw new AppError('child_data_gate', { ...scope.childGate })
  assertValid(resolved.refusals)
  await writeContactChanges(tx, deps.now(), viewer, scope.team.id, existing, resolved.values)
  const verbal = formVerbalConsent(fields, resolved, existing)
  if (verbal) await recordFormVerbalConsent(tx, deps.now(), { authorId: viewer.personId, teamId: scope.team.id, contactId: personId }, verbal)
  return resolved.notKept
}

/**
 * update-user (spec 2 §2, §6): the team that owns the contact edits it, with
 * update_assigned_contact (assigned people) or more. A person who is a user of this team
 * keeps their own profile, so is not edited here.
 */
export async function updateContact(deps: Deps, viewer: Viewer, scope: ContactScope, input: UpdateUserInput) {
  const { team_id: _team, group_id: _group, user_id: _user, ...fields } = input
  const [membership] = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.person_id, scope.contact.id), eq(memberships.team_id, scope.team.id)))
  if (membership) throw new AppError('forbidden', { reason: 'member_of_team' }, 'A user of this team edits their own profile.')
  if (!scope.teamContact.is_owner) throw new AppError('forbidden', { reason: 'not_owner' }, 'Only a team that owns the contact edits it.')
  assertChildDataAllowed(scope)
  const notKept = await deps.db.transaction((tx) => applyContactFields(tx, deps, viewer, scope, scope.contact.id, fields))
  return notKept.length > 0 ? { success: true as const, fields_not_kept: notKept } : { success: true as const }
}
