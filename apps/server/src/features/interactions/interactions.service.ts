import { and, eq, inArray } from 'drizzle-orm'
import { pickedInteractionType } from '@crm/domain'
import type { z } from 'zod'
import type { addContactInteractionRequest, updateContactInteractionRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { interactionPeople, interactions, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivities, recordActivity } from '../../platform/activity'
import { assertMayTouch, personGate } from '../../platform/child-gate'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { lockInteractionReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { mayChange, notOnHiddenChild, ofPerson, seenByTeam } from './interaction-view'
import {
  checkActingUser,
  checkEventLink,
  checkFollowUpAllowed,
  checkOthersPresent,
  checkStudy,
  columnsOf,
  logged,
  type InteractionFields,
} from './interaction-rules'

type AddInput = z.output<typeof addContactInteractionRequest>
type UpdateInput = z.output<typeof updateContactInteractionRequest>

async function othersOf(tx: Executor, interactionId: number): Promise<number[]> {
  const rows = await tx.select({ person_id: interactionPeople.person_id }).from(interactionPeople).where(eq(interactionPeople.interaction_id, interactionId))
  return rows.map((row) => row.person_id).sort((a, b) => a - b)
}

/** An interaction checked by add-contact-interaction's rules, ready to be written. */
export interface NewInteraction {
  columns: ReturnType<typeof columnsOf>
  others: number[]
}

/**
 * add-contact-interaction's rules on the fields of a new interaction (the acting user, the
 * Bible-study lesson, the event link, the others present), read through `db`: a refused field
 * is a 400 naming it. The import checks each row with this too.
 */
export async function checkNewInteraction(db: Executor, now: Date, viewer: Viewer, scope: ContactScope, input: AddInput): Promise<NewInteraction> {
  const fields: InteractionFields = {
    type: input.type,
    prayer_type: input.prayer_type ?? null,
    type_other: input.type_other ?? null,
    by_user_id: input.by_user_id ?? viewer.personId,
    date: input.date,
    time: input.time ?? null,
    content: input.content ?? null,
    bible_study: input.bible_study ?? null,
    bible_study_other: input.bible_study_other ?? null,
    reaction: input.reaction ?? null,
    is_completed: input.is_completed,
    other_contacts: input.other_contacts,
    event_id: input.event_id ?? null,
    contact_event_id: input.contact_event_id ?? null,
  }
  await checkActingUser(db, viewer, scope, fields.by_user_id)
  await checkStudy(db, fields)
  await checkEventLink(db, scope, scope.contact.id, fields)
  const others = await checkOthersPresent(db, now, scope, scope.contact.id, fields.other_contacts)
  return { columns: columnsOf(fields, scope.settings.timeZone), others }
}

/**
 * Writes a checked interaction on the contact with its others present and its activity row,
 * in the caller's transaction, which has locked the read model of everyone on it and refreshes
 * it afterwards. `origin` marks an interaction a person did not log by hand (spec 2 §3 source)
 * and adds its own facts to the activity row.
 */
export async function insertInteraction(
  tx: Executor,
  now: Date,
  viewer: Viewer,
  scope: ContactScope,
  interaction: NewInteraction,
  origin?: { source: 'user_import'; logged: Record<string, unknown> },
): Promise<number> {
  const [id] = await insertInteractions(tx, now, viewer, [{ scope, interaction, ...(origin ? { origin } : {}) }])
  return id!
}

/**
 * insertInteraction for many at once (the contact import's prayer requests), in a few
 * statements however many. Answers their ids, in order.
 */
export async function insertInteractions(
  tx: Executor,
  now: Date,
  viewer: Viewer,
  items: ReadonlyArray<{ scope: ContactScope; interaction: NewInteraction; origin?: { source: 'user_import'; logged: Record<string, unknown> } }>,
): Promise<number[]> {
  if (items.length === 0) return []
  const contactIds = [...new Set(items.map((item) => item.scope.contact.id))]
  const subjects = await tx.select({ id: people.id, grow_phase: people.grow_phase }).from(people).where(inArray(people.id, contactIds))
  const growPhaseOf = new Map(subjects.map((subject) => [subject.id, subject.grow_phase]))
  // INSERT … RETURNING answers the rows in the order of VALUES.
  const rows = await tx
    .insert(interactions)
    .values(
      items.map(({ scope, interaction: { columns }, origin }) => ({
        ...columns,
        contact_id: scope.contact.id,
        team_id: scope.team.id,
        conference_id: scope.team.kind === 'conference' ? scope.team.id : scope.team.parent_id,
        author_id: viewer.personId,
        completed_at: columns.is_completed ? now : null,
        grow_phase: growPhaseOf.get(scope.contact.id) ?? null,
        source: origin?.source ?? null,
      })),
    )
    .returning({ id: interactions.id })
  const ids = rows.map((row) => row.id)
  const present = items.flatMap(({ interaction }, index) => interaction.others.map((personId) => ({ interaction_id: ids[index]!, person_id: personId })))
  if (present.length > 0) await tx.insert(interactionPeople).values(present)
  await recordActivities(
    tx,
    items.map(({ scope, interaction: { columns, others }, origin }, index) => ({
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'interaction' as const,
      subjectId: ids[index]!,
      contactId: scope.contact.id,
      action: 'add' as const,
      after: { ...logged(columns, others), ...(origin ? { source: origin.source, ...origin.logged } : {}) },
    })),
  )
  return ids
}

/**
 * add-contact-interaction: logs an interaction on the contact, past or upcoming, with the
 * others present, and refreshes the read model of everyone it belongs to in the same
 * transaction (spec 2 §4; issue 12 item 2).
 */
export async function addContactInteraction(deps: Deps, viewer: Viewer, scope: ContactScope, input: AddInput): Promise<{ id: number }> {
  await checkFollowUpAllowed(deps, scope)
  const now = deps.now()
  const interaction = await checkNewInteraction(deps.db, now, viewer, scope, input)
  return deps.db.transaction(async (tx) => {
    const everyone = [scope.contact.id, ...interaction.others]
    await lockInteractionReadModel(tx, everyone)
    const id = await insertInteraction(tx, now, viewer, scope, interaction)
    await refreshInteractionReadModel(tx, everyone, now)
    return { id }
  })
}

/** An interaction the caller sees on the contact in the selected team, or 404. */
async function loadVisible(tx: Executor, scope: ContactScope, interactionId: number, now: Date, lock = false) {
  const conditions = [eq(interactions.id, interactionId), ofPerson(scope.contact.id), seenByTeam(scope.team.id), notOnHiddenChild(personGate(scope, now))]
  const query = tx
    .select()
    .from(interactions)
    .where(and(...conditions))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('not_found')
  return row
}

function fieldsOf(row: typeof interactions.$inferSelect, others: number[]): InteractionFields {
  const picked = pickedInteractionType(row.type)
  return {
    type: picked.type,
    prayer_type: picked.prayer_type,
    type_other: row.type_other,
    by_user_id: row.by_person_id ?? row.author_id ?? 0,
    date: row.date,
    time: row.time,
    content: row.content,
    bible_study: row.bible_study,
    bible_study_other: row.bible_study_other,
    reaction: row.reaction,
    is_completed: row.is_completed,
    other_contacts: others,
    event_id: row.event_id,
    contact_event_id: row.contact_event_id,
  }
}

/**
 * update-contact-interaction: changes the fields sent (spec 2 §7.4); { id, is_completed:
 * true } marks it complete. The §6 rule decides who may; the read model follows in the
 * same transaction. An interaction a child hidden from the caller was present at is the
 * child's too: the caller changes nothing of it (the child data gate).
 */
export async function updateContactInteraction(deps: Deps, viewer: Viewer, scope: ContactScope, input: UpdateInput): Promise<{ success: true }> {
  const now = deps.now()
  const current = await loadVisible(deps.db, scope, input.id, now)
  if (!mayChange('update', current, viewer, scope)) throw new AppError('forbidden')
  assertChildDataAllowed(scope)
  const before = fieldsOf(current, await othersOf(deps.db, current.id))
  await assertMayTouch(deps.db, scope, before.other_contacts, now)
  const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<UpdateInput>
  const after: InteractionFields = {
    ...before,
    ...(defined as Partial<InteractionFields>),
    by_user_id: input.by_user_id ?? before.by_user_id,
    other_contacts: input.other_contacts ?? before.other_contacts,
  }
  // Linking to one kind of event replaces a link to the other kind.
  if (input.event_id && input.contact_event_id === undefined) after.contact_event_id = null
  if (input.contact_event_id && input.event_id === undefined) after.event_id = null
  // A type that changes to a prayer or away from one takes its prayer type from the request.
  if (after.type !== 'prayer') after.prayer_type = null
  if (after.by_user_id !== before.by_user_id) await checkActingUser(deps.db, viewer, scope, after.by_user_id)
  await checkStudy(deps.db, after)
  // A link made elsewhere (a sub-team's event seen from the conference) stays as it was.
  if (after.event_id !== before.event_id || after.contact_event_id !== before.contact_event_id) {
    await checkEventLink(deps.db, scope, current.contact_id, after)
  }
  const others =
    input.other_contacts === undefined ? before.other_contacts : await checkOthersPresent(deps.db, now, scope, current.contact_id, input.other_contacts)
  const columns = columnsOf(after, scope.settings.timeZone)
  await deps.db.transaction(async (tx) => {
    const everyone = [...new Set([current.contact_id, ...before.other_contacts, ...others])]
    await lockInteractionReadModel(tx, everyone)
    // Read again under the lock: another change may have completed it meanwhile.
    const locked = await loadVisible(tx, scope, input.id, now, true)
    const completedAt = !columns.is_completed ? null : locked.is_completed ? locked.completed_at : now
    await tx
      .update(interactions)
      .set({ ...columns, completed_at: completedAt, updated_at: now })
      .where(eq(interactions.id, locked.id))
    if (input.other_contacts !== undefined) {
      await tx.delete(interactionPeople).where(eq(interactionPeople.interaction_id, locked.id))
      if (others.length > 0) await tx.insert(interactionPeople).values(others.map((personId) => ({ interaction_id: locked.id, person_id: personId })))
    }
    await refreshInteractionReadModel(tx, everyone, now)
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'interaction',
      subjectId: locked.id,
      contactId: locked.contact_id,
      action: 'update',
      before: logged(columnsOf(fieldsOf(locked, before.other_contacts), scope.settings.timeZone), before.other_contacts),
      after: logged(columns, others),
    })
  })
  return { success: true }
}

/**
 * delete-contact-interaction: the §6 rule with the delete_ capabilities; the read model follows.
 * Not one a child hidden from the caller was present at (the child data gate).
 */
export async function deleteContactInteraction(deps: Deps, viewer: Viewer, scope: ContactScope, interactionId: number): Promise<{ success: true }> {
  const now = deps.now()
  const current = await loadVisible(deps.db, scope, interactionId, now)
  if (!mayChange('delete', current, viewer, scope)) throw new AppError('forbidden')
  assertChildDataAllowed(scope)
  await deps.db.transaction(async (tx) => {
    const others = await othersOf(tx, current.id)
    await assertMayTouch(tx, scope, others, now)
    const everyone = [current.contact_id, ...others]
    await lockInteractionReadModel(tx, everyone)
    const locked = await loadVisible(tx, scope, interactionId, now, true)
    await tx.delete(interactions).where(eq(interactions.id, locked.id))
    await refreshInteractionReadModel(tx, everyone, now)
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'interaction',
      subjectId: locked.id,
      contactId: locked.contact_id,
      action: 'delete',
      before: logged(columnsOf(fieldsOf(locked, others), scope.settings.timeZone), others),
    })
  })
  return { success: true }
}
