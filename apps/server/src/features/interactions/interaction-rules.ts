import { and, eq, inArray } from 'drizzle-orm'
import {
  hasCapability,
  interactionTypeErrors,
  otherBibleStudy,
  storedInteractionType,
  type InteractionType,
  type PrayerType,
  type Reaction,
  type StoredInteractionType,
  type FieldErrorCode,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactEvents, events, memberships, people, teamContacts } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { assertMayTouch } from '../../platform/child-gate'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { instantIn, loadInteractionLookups } from './interaction-view'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// The rules an interaction's fields must meet before add-contact-interaction,
// update-contact-interaction or an import writes it (spec 2 §3.6, §7.6), and the columns
// they become. The writes themselves are in interactions.service.ts.

/** The fields of an interaction as the person wrote them, after an add or a merged update. */
export interface InteractionFields {
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

function invalid(field: string, code: FieldErrorCode, message?: string): AppError {
  return refuseField(field, code, { message })
}

/**
 * The acting user (spec 2 §6): only a holder of read_dcrm_team_users in the group may log
 * for someone else, who must be a user of the team; everyone else acts as themselves.
 */
export async function checkActingUser(db: Executor, viewer: Viewer, scope: ContactScope, byUserId: number): Promise<void> {
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
  if (!member) throw invalid('by_user_id', 'user_of_team')
}

/**
 * Others present (spec 2 §3): other contacts the team holds, never the contact itself; anything
 * else names the field. A child hidden from the caller is refused with the child data gate.
 */
export async function checkOthersPresent(db: Executor, now: Date, scope: ContactScope, subjectId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (unique.includes(subjectId)) throw invalid('other_contacts', 'other_contact_is_subject')
  if (unique.length === 0) return unique
  const rows = await db
    .select({ id: teamContacts.person_id })
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.state, 'active'), inArray(teamContacts.person_id, unique)))
  if (rows.length !== unique.length) throw invalid('other_contacts', 'contacts_of_team')
  await assertMayTouch(db, scope, unique, now)
  return unique
}

/** A lesson of the Bible-study lookup (or 'other'); a type that is not a Bible study keeps none. */
export async function checkStudy(db: Executor, fields: InteractionFields): Promise<void> {
  // What the type asks for is a required field, in the type's own words.
  const errors = new FieldRefusals()
  for (const [field, message] of Object.entries(interactionTypeErrors(fields))) errors.set(field, 'required', message)
  errors.throwIfAny()
  if (fields.type !== 'bible-study' || !fields.bible_study || fields.bible_study === otherBibleStudy) return
  const lookups = await loadInteractionLookups(db, 'en')
  if (!lookups.exists('bible-studies', fields.bible_study)) throw invalid('bible_study', 'not_in_list', 'Choose a Bible study of the list.')
}

/**
 * The event link (spec 2 §3): an event of the selected team, or one of the contact's own
 * decisions and events that the team recorded. An id from elsewhere names its field.
 */
export async function checkEventLink(
  db: Executor,
  scope: ContactScope,
  contactId: number,
  fields: Pick<InteractionFields, 'event_id' | 'contact_event_id'>,
): Promise<void> {
  if (fields.event_id && fields.contact_event_id) throw invalid('event_id', 'one_event_link')
  if (fields.event_id) {
    const [event] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, fields.event_id), eq(events.team_id, scope.team.id)))
    if (!event) throw invalid('event_id', 'event_of_team')
  }
  if (fields.contact_event_id) {
    const [event] = await db
      .select({ id: contactEvents.id })
      .from(contactEvents)
      .where(and(eq(contactEvents.id, fields.contact_event_id), eq(contactEvents.contact_id, contactId), eq(contactEvents.team_id, scope.team.id)))
    if (!event) throw invalid('contact_event_id', 'contact_event_of_contact')
  }
}

/** The stored columns of the fields: what the type does not use is cleared. */
export function columnsOf(fields: InteractionFields, timeZone: string) {
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
export function logged(columns: ReturnType<typeof columnsOf>, otherContacts: number[]) {
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
    throw refuseField('user_id', 'minor_without_consent', { details: { reason: 'minor_without_consent' }, asMessage: true })
  }
}
