import { inArray, sql, type SQL } from 'drizzle-orm'
import {
  defaultLocale,
  hasCapability,
  mayChangeInteraction,
  supportedLocales,
  pickedInteractionType,
  type Capability,
  type InteractionItem,
  type Locale,
  type StoredInteractionType,
  zonedDate,
  zonedInstant,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { interactions, lookupItems, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import type { PersonGate } from '../../platform/child-gate'
import type { ContactScope } from '../../platform/contact-access'
import { displayDate, displayDateTime, oneOf } from '../../platform/format'

// What the interaction reads and writes share: moments where the team lives, which
// interactions a team sees, and an interaction as the wire shows it.

/** The moment of a date and time (HH:MM; midnight without one) where the team lives. */
export function instantIn(date: string, time: string | null | undefined, timeZone: string): Date {
  return zonedInstant(date, time ?? '00:00', timeZone)
}

/** Today's date (YYYY-MM-DD) where the team lives. */
export function todayIn(now: Date, timeZone: string): string {
  return zonedDate(now, timeZone)
}

/** The interactions a team sees: its own, and its sub-teams' when it is their conference. */
export function seenByTeam(teamId: number): SQL {
  return sql`(${interactions.team_id} = ${teamId} or ${interactions.conference_id} = ${teamId})`
}

/** The interactions of a person: logged on them, or with them present. */
export function ofPerson(personId: number): SQL {
  return sql`${interactions.id} in (select own.id from interactions own where own.contact_id = ${personId} union all select ip.interaction_id from interaction_people ip where ip.person_id = ${personId})`
}

/**
 * Under the child data gate, no interaction logged on a child hidden from the caller (spec 2
 * §5), wherever it is listed; undefined when nothing is hidden.
 */
export function notOnHiddenChild(gate: PersonGate): SQL | undefined {
  // The subquery's own people shadow any the outer query joins.
  const visible = gate.visibleTo()
  return visible && sql`exists (select 1 from ${people} where ${people.id} = ${interactions.contact_id} and ${visible})`
}

/** The titles of the interaction types and Bible-study lessons, with each lesson's study. */
export interface InteractionLookups {
  typeTitle(type: string): string
  lesson(value: string | null): { title: string | null; parent: string | null }
  exists(list: 'bible-studies', value: string): boolean
  /** The title of a contact's decision or event type (user-event-types). */
  eventTypeTitle(value: string): string
}

export const prayerTitles: Record<Locale, Record<'request' | 'answer', string>> = {
  en: { request: 'Prayer request', answer: 'Answered prayer' },
  es: { request: 'Petición de oración', answer: 'Oración contestada' },
}

export async function loadInteractionLookups(db: Executor, requestedLocale: string): Promise<InteractionLookups> {
  const locale = oneOf(supportedLocales, requestedLocale) ?? defaultLocale
  const rows = await db
    .select({
      list: lookupItems.list,
      value: lookupItems.value,
      title: lookupItems.title,
      translations: lookupItems.translations,
      parent: lookupItems.parent_value,
    })
    .from(lookupItems)
    .where(inArray(lookupItems.list, ['interaction-types', 'bible-studies', 'user-event-types']))
  const byKey = new Map(rows.map((row) => [`${row.list}/${row.value}`, { title: row.translations[locale] ?? row.title, parent: row.parent }]))
  return {
    typeTitle: (type) => {
      const picked = pickedInteractionType(type as StoredInteractionType)
      if (picked.prayer_type) return prayerTitles[locale][picked.prayer_type]
      return byKey.get(`interaction-types/${type}`)?.title ?? type
    },
    lesson: (value) => {
      if (!value) return { title: null, parent: null }
      const item = byKey.get(`bible-studies/${value}`)
      return { title: item?.title ?? value, parent: item?.parent ?? null }
    },
    exists: (list, value) => byKey.has(`${list}/${value}`),
    eventTypeTitle: (value) => byKey.get(`user-event-types/${value}`)?.title ?? value,
  }
}

/** An interaction row with what its view needs. */
export interface InteractionRow {
  id: number
  contact_id: number
  team_id: number
  team_title: string
  conference_id: number | null
  author_id: number | null
  by_person_id: number | null
  by_first: string | null
  by_last: string | null
  type: StoredInteractionType
  type_other: string | null
  date: string
  time: string | null
  occurs_at: Date
  content: string | null
  is_completed: boolean
  grow_phase: string | null
  source: 'user_import' | 'hopeva' | null
  bible_study: string | null
  bible_study_other: string | null
  reaction: 'unhappy' | 'neutral' | 'happy' | null
  event_id: number | null
  contact_event_id: number | null
  /** The linked team event's title, or the linked contact event's type (joined by the list). */
  linked_event_title: string | null
  linked_contact_event_type: string | null
}

/** What the list needs of an interaction row. */
export const interactionRowColumns = {
  id: interactions.id,
  contact_id: interactions.contact_id,
  team_id: interactions.team_id,
  conference_id: interactions.conference_id,
  author_id: interactions.author_id,
  by_person_id: interactions.by_person_id,
  type: interactions.type,
  type_other: interactions.type_other,
  date: interactions.date,
  time: interactions.time,
  occurs_at: interactions.occurs_at,
  content: interactions.content,
  is_completed: interactions.is_completed,
  grow_phase: interactions.grow_phase,
  source: interactions.source,
  bible_study: interactions.bible_study,
  bible_study_other: interactions.bible_study_other,
  reaction: interactions.reaction,
  event_id: interactions.event_id,
  contact_event_id: interactions.contact_event_id,
}

/** Whether the caller may change an interaction (spec 2 §6), with the capabilities of their role on the contact. */
export function mayChange(
  action: 'update' | 'delete',
  row: Pick<InteractionRow, 'author_id' | 'by_person_id' | 'team_id' | 'conference_id'>,
  viewer: Viewer,
  scope: ContactScope,
): boolean {
  return mayChangeInteraction(
    action,
    { author_id: row.author_id, by_user_id: row.by_person_id, team_id: row.team_id, conference_id: row.conference_id },
    { personId: viewer.personId, teamId: scope.team.id },
    (capability: Capability) => hasCapability(scope.contactRole, capability),
  )
}

export function interactionItemOf(
  row: InteractionRow,
  context: {
    viewer: Viewer
    scope: ContactScope
    lookups: InteractionLookups
    locale: string
    now: Date
    othersPresent: InteractionItem['others_present']
  },
): InteractionItem {
  const { viewer, scope, lookups } = context
  const picked = pickedInteractionType(row.type)
  const lesson = lookups.lesson(row.bible_study)
  return {
    id: row.id,
    contact_id: row.contact_id,
    type: row.type,
    type_display: row.type === 'other' && row.type_other ? row.type_other : lookups.typeTitle(row.type),
    prayer_type: picked.prayer_type,
    type_other: row.type_other,
    date: row.date,
    date_display: displayDate(row.date, context.locale, scope.settings.timeZone),
    time: row.time,
    // occurs_at is the date and time where the team lives: shown in its zone, it reads them back.
    date_time_display: row.time
      ? displayDateTime(row.occurs_at, context.locale, scope.settings.timeZone)
      : displayDate(row.date, context.locale, scope.settings.timeZone),
    is_future: row.occurs_at.getTime() > context.now.getTime(),
    by_user_id: row.by_person_id,
    by_user_name: row.by_first === null ? '' : `${row.by_first} ${row.by_last ?? ''}`.trim(),
    author_id: row.author_id,
    content: row.content,
    is_completed: row.is_completed,
    grow_phase: row.grow_phase,
    source: row.source,
    team_id: row.team_id,
    conference_id: row.conference_id,
    other_team_name: row.team_id === scope.team.id ? null : row.team_title,
    bible_study: row.bible_study,
    bible_study_display: lesson.title,
    bible_study_parent: lesson.parent,
    bible_study_other: row.bible_study_other,
    reaction: row.reaction,
    event_id: row.event_id,
    contact_event_id: row.contact_event_id,
    event_title: row.linked_contact_event_type ? lookups.eventTypeTitle(row.linked_contact_event_type) : row.linked_event_title,
    is_user_event: row.contact_event_id !== null,
    others_present: context.othersPresent,
    can_update: mayChange('update', row, viewer, scope),
    can_delete: mayChange('delete', row, viewer, scope),
  }
}
