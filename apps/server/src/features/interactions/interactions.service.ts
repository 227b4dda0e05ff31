import { and, eq, inArray } from 'drizzle-orm'
import {
  hasCapability,
  interactionTypeErrors,
  otherBibleStudy,
  pickedInteractionType,
  storedInteractionType,
  type InteractionType,
  type PrayerType,
  type Reaction,
  type StoredInteractionType,
  oneEventLinkMessage,
} from '@crm/domain'
import type { z } from 'zod'
import type { addContactInteractionRequest, updateContactInteractionRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactEvents, events, interactionPeople, interactions, memberships, people, teamContacts } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivities, recordActivity } from '../../platform/activity'
import { assertMayTouch, personGate } from '../../platform/child-gate'
import { assertChildDataAllowed, minorWithoutConsentMessage, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { lockInteractionReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { instantIn, loadInteractionLookups, mayChange, notOnHiddenChild, ofPerson, seenByTeam } from './interaction-view'

type AddInput = z.output<typeof addContactInteractionRequest>
type UpdateInput = z.output<typeof updateContactInteractionRequest>

/** The fields of an interaction as the person wrote them, after an add or a merged update. */
interface InteractionFields {
  type: InteractionType
  prayer_type: PrayerType | null
  type_other: string | null
  by_user_id: number
  date: string
  time: string | null
  content: string | null
  bible_study: string | null
  bible_study_other: string | null
  reaction: Reaction | null
  is_completed: boolean
  other_contacts: number[]
  event_id: number | null
  contact_event_id: number | null
}

function invalid(errors: Record<string, string>): AppError {
  return new AppError('invalid_request', { errors })
}

/**
 * The acting user (spec 2 §6): only a holder of read_dcrm_team_users in the group may log
 * for someone else, who must be a user of the team; everyone else acts as themselves.
 */
async function checkActingUser(db: Executor, viewer: Viewer, scope: ContactScope, byUserId: number): Promise<void> {
  if (byUserId === viewer.personId) return
  if (!hasCapability(scope.groupRole, 'read_dcrm_team_users')) throw new AppError('forbidden')
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.team_id, scope.team.id),
        eq(memberships.person_id, byUserId),
        inArray(memberships.role, ['entity_admin', 'owner', 'leader', 'member']),
      ),
    )
  if (!member) throw invalid({ by_user_id: 'Choose a user of this team.' })
}

/**
 * Others present (spec 2 §3): other contacts the team holds, never the contact itself; anything
 * else names the field. A child hidden from the caller is refused with the child data gate.
 */
async function checkOthersPresent(db: Executor, now: Date, scope: ContactScope, subjectId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (unique.includes(subjectId)) throw invalid({ other_contacts: 'The contact is already the one this interaction is with.' })
  if (unique.length === 0) return unique
  const rows = await db
    .select({ id: teamContacts.person_id })
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.state, 'active'), inArray(teamContacts.person_id, unique)))
  if (rows.length !== unique.length) throw invalid({ other_contacts: 'Choose contacts of this team.' })
  await assertMayTouch(db, scope, unique, now)
  return unique
}

/** A lesson of the Bible-study lookup (or 'other'); a type that is not a Bible study keeps none. */
async function checkStudy(db: Executor, fields: InteractionFields): Promise<void> {
  const errors = interactionTypeErrors(fields)
  if (Object.keys(errors).length > 0) throw invalid(errors)
  if (fields.type !== 'bible-study' || !fields.bible_study || fields.bible_study === otherBibleStudy) return
  const lookups = await loadInteractionLookups(db, 'en')
  if (!lookups.exists('bible-studies', fields.bible_study)) throw invalid({ bible_study: 'Choose a Bible study of the list.' })
}

/**
 * The event link (spec 2 §3): an event of the selected team, or one of the contact's own
 * decisions and events that the team recorded. An id from elsewhere names its field.
 */
async function checkEventLink(
  db: Executor,
  scope: ContactScope,
  contactId: number,
  fields: Pick<InteractionFields, 'event_id' | 'contact_event_id'>,
): Promise<void> {
  if (fields.event_id && fields.contact_event_id) throw invalid({ event_id: oneEventLinkMessage })
  if (fields.event_id) {
    const [event] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, fields.event_id), eq(events.team_id, scope.team.id)))
    if (!event) throw invalid({ event_id: 'Choose an event of this team.' })
  }
  if (fields.contact_event_id) {
    const [event] = await db
      .select({ id: contactEvents.id })
      .from(contactEvents)
      .where(and(eq(contactEvents.id, fields.contact_event_id), eq(contactEvents.contact_id, contactId), eq(contactEvents.team_id, scope.team.id)))
    if (!event) throw invalid({ contact_event_id: 'Choose one of this contact’s decisions or events.' })
  }
}

/** The stored columns of the fields: what the type does not use is cleared. */
function columnsOf(fields: InteractionFields, timeZone: string) {
  const isStudy = fields.type === 'bible-study'
  return {
    type: storedInteractionType(fields.type, fields.prayer_type) as StoredInteractionType,
    type_other: fields.type === 'other' ? fields.type_other : null,
    by_person_id: fields.by_user_id,
    date: fields.date,
    time: fields.time,
    occurs_at: instantIn(fields.date, fields.time, timeZone),
    content: fields.content || null,
    bible_study: isStudy ? fields.bible_study : null,
    bible_study_other: isStudy && fields.bible_study === otherBibleStudy ? fields.bible_study_other : null,
    reaction: isStudy ? fields.reaction : null,
    is_completed: fields.is_completed,
    event_id: fields.event_id,
    contact_event_id: fields.contact_event_id,
  }
}

/** What the activity log shows of an interaction, before or after a change. */
function logged(columns: ReturnType<typeof columnsOf>, otherContacts: number[]) {
  const { occurs_at: _moment, by_person_id: byUserId, ...readable } = columns
  return { ...readable, by_user_id: byUserId, other_contacts: otherContacts }
}

/**
 * The contact may take an interaction from this caller: not a child under the child data gate,
 * and a child without consent on record is followed up by no one (spec 1 §1, spec 2 §4).
 */
export async function checkFollowUpAllowed(deps: Deps, scope: ContactScope): Promise<void> {
  assertChildDataAllowed(scope)
  if (!scope.isChild) return
  const [person] = await deps.db.select({ consent_type: people.consent_type }).from(people).where(eq(people.id, scope.contact.id))
  if (!person?.consent_type) {
    throw new AppError('invalid_request', { reason: 'minor_without_consent', errors: { user_id: minorWithoutConsentMessage } }, minorWithoutConsentMessage)
  }
}

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
