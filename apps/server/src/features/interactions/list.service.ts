import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  clampPage,
  interactionDateRange,
  maxPages,
  pageOffset,
  type InteractionDateFilter,
  type InteractionItem,
  type InteractionStudies,
  type ContactView,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactEvents, events, interactionPeople, interactions, people, teams } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordMinorRead } from '../../platform/activity'
import { personGate, type PersonGate } from '../../platform/child-gate'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { displayDate, fullName } from '../../platform/format'
import { interactionItemOf, interactionRowColumns, loadInteractionLookups, notOnHiddenChild, ofPerson, seenByTeam, todayIn } from './interaction-view'

/** Safeguarding (issue 12 item 5): reading a minor's interactions is recorded (recordMinorRead). */
function recordMinorInteractionsRead(deps: Deps, viewer: Viewer, scope: ContactScope, what: 'interactions' | 'studies') {
  return recordMinorRead(deps.db, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    contactId: scope.contact.id,
    isChild: scope.isChild,
    what,
  })
}

/** The interactions the caller reads on the contact in the selected team. */
function visibleTo(scope: ContactScope, gate: PersonGate): Array<SQL | undefined> {
  return [ofPerson(scope.contact.id), seenByTeam(scope.team.id), notOnHiddenChild(gate)]
}

function dateFilterCondition(filter: InteractionDateFilter, scope: ContactScope, now: Date): SQL | undefined {
  if (filter === 'scheduled') return gt(interactions.occurs_at, now)
  const range = interactionDateRange(filter, todayIn(now, scope.settings.timeZone))
  return range ? sql`${interactions.date} between ${range.from} and ${range.to}` : undefined
}

/**
 * contact-interactions/{id}: the contact's interactions (logged on them or with them present)
 * that the team sees, newest first by default (spec 2 §9), with the date filter. A caller
 * under the child data gate reads none of a child's, and no child among the others present.
 */
export async function listContactInteractions(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  query: { page: number; per_page: number; order_by?: 'date' | 'created' | undefined; order?: 'asc' | 'desc' | undefined; date_filter: InteractionDateFilter },
): Promise<{ items: InteractionItem[]; count: number; max_pages: number }> {
  assertChildDataAllowed(scope)
  const now = deps.now()
  const gate = personGate(scope, now)
  const where = and(...visibleTo(scope, gate), dateFilterCondition(query.date_filter, scope, now))
  const by = alias(people, 'by_person')
  const direction = query.order === 'asc' ? asc : desc
  const key = query.order_by === 'created' ? interactions.created_at : interactions.occurs_at
  // The count, the page and the titles at once: a page past the last is asked again below.
  const page = (pageNumber: number) =>
    deps.db
      .select({
        ...interactionRowColumns,
        team_title: teams.title,
        by_first: by.first_name,
        by_last: by.last_name,
        linked_event_title: events.title,
        linked_contact_event_type: contactEvents.type,
      })
      .from(interactions)
      .innerJoin(teams, eq(teams.id, interactions.team_id))
      .leftJoin(by, eq(by.id, interactions.by_person_id))
      .leftJoin(events, eq(events.id, interactions.event_id))
      .leftJoin(contactEvents, eq(contactEvents.id, interactions.contact_event_id))
      .where(where)
      .orderBy(direction(key), direction(interactions.id))
      .limit(query.per_page)
      .offset(pageOffset(pageNumber, query.per_page))
  const [[total], firstTry, lookups] = await Promise.all([
    deps.db.select({ n: count() }).from(interactions).where(where),
    page(query.page),
    loadInteractionLookups(deps.db, viewer.locale),
  ])
  const pages = maxPages(total?.n ?? 0, query.per_page)
  const clamped = clampPage(query.page, pages)
  const rows = clamped === query.page ? firstTry : await page(clamped)
  const present = rows.length
    ? await deps.db
        .select({
          id: interactionPeople.id,
          interaction_id: interactionPeople.interaction_id,
          user_id: people.id,
          first: people.first_name,
          last: people.last_name,
        })
        .from(interactionPeople)
        .innerJoin(people, eq(people.id, interactionPeople.person_id))
        .where(
          and(
            inArray(
              interactionPeople.interaction_id,
              rows.map((row) => row.id),
            ),
            gate.visibleTo(),
          ),
        )
        .orderBy(asc(interactionPeople.id))
    : []
  await recordMinorInteractionsRead(deps, viewer, scope, 'interactions')
  return {
    items: rows.map((row) =>
      interactionItemOf(row, {
        viewer,
        scope,
        lookups,
        locale: viewer.locale,
        now,
        othersPresent: present
          .filter((other) => other.interaction_id === row.id)
          .map((other) => ({ id: other.id, user_id: other.user_id, user_name: fullName(other.first, other.last) })),
      }),
    ),
    count: total?.n ?? 0,
    max_pages: pages,
  }
}

/**
 * contact-interactions-studies/{id}: the Bible-study lessons the contact has done (completed
 * interactions), each with its latest date and reaction, keyed by lesson; studies named
 * freely ('other') under items_other.
 */
export async function getInteractionStudies(deps: Deps, viewer: Viewer, scope: ContactScope): Promise<InteractionStudies> {
  assertChildDataAllowed(scope)
  const now = deps.now()
  const rows = await deps.db
    .select({
      bible_study: interactions.bible_study,
      bible_study_other: interactions.bible_study_other,
      date: interactions.date,
      reaction: interactions.reaction,
    })
    .from(interactions)
    .where(and(...visibleTo(scope, personGate(scope, now)), eq(interactions.type, 'bible-study'), eq(interactions.is_completed, true)))
    .orderBy(asc(interactions.occurs_at), asc(interactions.id))
  const items: InteractionStudies['items'] = {}
  const itemsOther: InteractionStudies['items_other'] = []
  for (const row of rows) {
    if (!row.bible_study) continue
    const done = { date: row.date, date_display: displayDate(row.date, viewer.locale, scope.settings.timeZone), reaction: row.reaction }
    // Oldest first: a lesson done again keeps its latest date and reaction.
    if (row.bible_study === 'other') itemsOther.push({ ...done, bible_study_other: row.bible_study_other ?? '' })
    else items[row.bible_study] = done
  }
  await recordMinorInteractionsRead(deps, viewer, scope, 'studies')
  return { items, items_other: itemsOther.reverse() }
}

/**
 * The contact's next upcoming interaction the team sees, not yet completed (the notes area's
 * 'Upcoming interaction', next_future_incomplete_interaction of spec 2 §3).
 */
export async function findUpcomingInteraction(
  db: Executor,
  contact: { id: number; teamId: number },
  context: { now: Date; locale: string; timeZone: string },
): Promise<ContactView['next_future_incomplete_interaction']> {
  const [row] = await db
    .select({
      type: interactions.type,
      type_other: interactions.type_other,
      date: interactions.date,
      bible_study: interactions.bible_study,
      content: interactions.content,
    })
    .from(interactions)
    .where(and(ofPerson(contact.id), seenByTeam(contact.teamId), eq(interactions.is_completed, false), gt(interactions.occurs_at, context.now)))
    .orderBy(asc(interactions.occurs_at), asc(interactions.id))
    .limit(1)
  if (!row) return null
  const lookups = await loadInteractionLookups(db, context.locale)
  return {
    date_display: displayDate(row.date, context.locale, context.timeZone),
    type_display: row.type === 'other' && row.type_other ? row.type_other : lookups.typeTitle(row.type),
    bible_study: row.bible_study,
    bible_study_display: lookups.lesson(row.bible_study).title,
    content: row.content,
  }
}
