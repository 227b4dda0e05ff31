import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { maxUpcomingItems, otherBibleStudy, type UpcomingInteraction, type UpcomingTransfer } from '@crm/domain'
import { interactions, people, teamContacts, transfers } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { displayDate, displayDateTime, fullName } from '../../platform/format'
import { loadInteractionLookups } from '../interactions/interaction-view'
import { seenBy, selectTransferRows } from '../transfers/transfer-read.service'

// The dashboard's upcoming interactions and transfers (spec 1 §2.8, §3 Dashboard items, §7).

/**
 * GET upcoming-interactions-for-current-user: the caller's own interactions (by_user_id) in
 * the team still to come and not yet completed, soonest first, at most maxUpcomingItems. Only
 * contacts the team still holds are listed (the item links to the contact's view). Under the
 * child data gate a minor is not named and their Bible study is not shown (spec 2 §5).
 * One query for the rows, served by interactions_by_person_idx, beside the lookup titles.
 */
export async function listUpcomingInteractions(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ items: UpcomingInteraction[] }> {
  const now = deps.now()
  const [rows, lookups] = await Promise.all([
    deps.db
      .select({
        user_id: interactions.contact_id,
        first_name: people.first_name,
        last_name: people.last_name,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
        type: interactions.type,
        type_other: interactions.type_other,
        date: interactions.date,
        time: interactions.time,
        occurs_at: interactions.occurs_at,
        bible_study: interactions.bible_study,
        bible_study_other: interactions.bible_study_other,
      })
      .from(interactions)
      .innerJoin(people, eq(people.id, interactions.contact_id))
      .innerJoin(teamContacts, and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.person_id, interactions.contact_id)))
      .where(
        and(
          eq(interactions.by_person_id, viewer.personId),
          eq(interactions.team_id, scope.team.id),
          eq(interactions.is_completed, false),
          gt(interactions.occurs_at, now),
        ),
      )
      .orderBy(asc(interactions.occurs_at), asc(interactions.id))
      .limit(maxUpcomingItems),
    loadInteractionLookups(deps.db, viewer.locale),
  ])
  const { timeZone } = scope.settings
  const gate = personGate(scope, now)
  return {
    items: rows.map((row) => {
      const hidden = gate.hides(row)
      const study = hidden ? null : row.bible_study
      return {
        user_id: row.user_id,
        user_name: hidden ? '' : fullName(row.first_name, row.last_name),
        // With a time, the moment where the team lives; without, the day as typed.
        date_display: row.time ? displayDateTime(row.occurs_at, viewer.locale, timeZone) : displayDate(row.date, viewer.locale, timeZone),
        type_display: row.type === 'other' && row.type_other ? row.type_other : lookups.typeTitle(row.type),
        bible_study: study,
        bible_study_display:
          study === null ? null : study === otherBibleStudy ? (row.bible_study_other ?? lookups.lesson(study).title) : lookups.lesson(study).title,
      }
    }),
  }
}

/** What an upcoming transfer without a date shows for its date. */
const noDateTexts: Record<string, string> = { en: 'No date (processed by hand)', es: 'Sin fecha (se procesa a mano)' }

/**
 * GET upcoming-transfers-for-current-user (conference teams only; the route refuses a church
 * with 403): the conference's upcoming transfers, those it plans and those into its churches,
 * soonest first and those without a date (processed by hand) last, at most maxUpcomingItems.
 * The conference's transfer indexes find them; a conference has a few at a time.
 */
export async function listUpcomingTransfers(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ items: UpcomingTransfer[] }> {
  const rows = await selectTransferRows(deps.db)
    .where(and(seenBy(scope), eq(transfers.is_processed, false)))
    .orderBy(sql`${transfers.date} asc nulls last`, asc(transfers.created_at), asc(transfers.id))
    .limit(maxUpcomingItems)
  return {
    items: rows.map((row) => ({
      id: row.id,
      user_name: fullName(row.first_name, row.last_name),
      date: row.date,
      date_display: row.date ? displayDate(row.date, viewer.locale, scope.settings.timeZone) : (noDateTexts[viewer.locale] ?? noDateTexts.en!),
      from_team_name: row.from_team_name,
      to_team_name: row.to_team_name,
    })),
  }
}
