import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  mergeActivityType,
  mergeUndoDays,
  type ContactMerge,
  type ContactMergePreview,
  type MergeFieldGroup,
  type MergeSide,
  type UndoableMerge,
} from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import {
  accounts,
  contactEvents,
  contactMerges,
  contactRelationships,
  eventAttendance,
  interactions,
  notes,
  people,
  teamContacts,
  teams,
  type MergeUndo,
} from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertMayTouch } from '../../platform/child-gate'
import { holdingTeams } from '../../platform/contact-access'
import { erasurePending } from '../contact-data/contact-erasure.service'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { lockInteractionReadModel, refreshContactReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { mergeableFieldsOf, fieldChangesOf, mergeChoicesOf, restoredFields, type PersonRow } from './merge-fields'
import { combineTeamRows, moveDismissals, movePersonRows, putPersonRowsBack, removeAddedDismissals, restoreTeamRows } from './merge-moves'
import { assertPairOfTeam, comparedTeams } from './possible-duplicates.service'

// Merging two records of one person (issue 40 §1). The kept record takes the other's rows in
// every table (merge-moves.ts) and, group by group, the other's fields where it has none or
// the person chose the other's; the other record stays as a tombstone (people.merged_into_id)
// whose old id opens the kept one. Everything undo needs is saved in the merge's row.

/** The two records, locked in id order so that two merges of them take turns. */
export async function lockPair(tx: Executor, keptId: number, otherId: number): Promise<{ kept: PersonRow; other: PersonRow }> {
  const rows = await tx
    .select()
    .from(people)
    .where(inArray(people.id, [keptId, otherId]))
    .orderBy(people.id)
    .for('update')
  const kept = rows.find((row) => row.id === keptId)
  const other = rows.find((row) => row.id === otherId)
  if (!kept || !other) throw new AppError('not_found')
  return { kept, other }
}

/**
 * The titles of the teams holding either record where the caller may not remove contacts:
 * a merge changes every team's record, so it needs the owners of all of them (a conference's
 * staff stand for its churches).
 */
export async function teamsNotActedFor(
  tx: Executor,
  viewer: Viewer,
  ids: readonly number[],
  agreed: ReadonlySet<number> = new Set(),
): Promise<Array<{ id: number; title: string }>> {
  const holding = await holdingTeams(tx, viewer, ids, 'delete_contact')
  const notActed = holding.filter((team) => !team.mayAct && !agreed.has(team.id))
  return [...new Map(notActed.map((team) => [team.id, { id: team.id, title: team.title }])).values()]
}

/** 409 merge_other_team naming the teams, when there are any. */
function assertActedFor(teams: ReadonlyArray<{ title: string }>): void {
  if (teams.length > 0) throw new AppError('merge_other_team', { teams: [...new Set(teams.map((team) => team.title))] })
}

async function signsIn(tx: Executor, personId: number): Promise<boolean> {
  const [row] = await tx.select({ id: accounts.person_id }).from(accounts).where(eq(accounts.person_id, personId))
  return row !== undefined
}

/** What moves with a record, counted in the teams of the call (another team's rows are not told); one statement. */
async function countsOf(tx: Executor, scope: TeamScope, personId: number): Promise<MergeSide['counts']> {
  const inTeams = sql`(select ${teams.id} from ${teams} where ${comparedTeams(scope)})`
  const [counts] = await tx
    .select({
      interactions: sql<number>`(select count(*)::int from ${interactions} where ${interactions.contact_id} = ${personId} and ${interactions.team_id} in ${inTeams})`,
      notes: sql<number>`(select count(*)::int from ${notes} where ${notes.contact_id} = ${personId} and ${notes.team_id} in ${inTeams})`,
      events: sql<number>`(select count(*)::int from ${contactEvents} where ${contactEvents.contact_id} = ${personId} and ${contactEvents.team_id} in ${inTeams})`,
      attendance: sql<number>`(select count(*)::int from ${eventAttendance} where ${eventAttendance.person_id} = ${personId} and ${eventAttendance.team_id} in ${inTeams})`,
      relationships: sql<number>`(select count(*)::int from ${contactRelationships}
        where (${contactRelationships.contact_id} = ${personId} or ${contactRelationships.related_id} = ${personId}) and ${contactRelationships.team_id} in ${inTeams})`,
    })
    .from(sql`(select 1) as one`)
  return counts!
}

async function sideOf(tx: Executor, scope: TeamScope, person: PersonRow): Promise<MergeSide> {
  return {
    id: person.id,
    name: fullName(person.first_name, person.last_name),
    has_account: await signsIn(tx, person.id),
    counts: await countsOf(tx, scope, person.id),
  }
}

/** GET contact-merge-preview: the two records side by side, and the groups to choose between. */
export async function previewContactMerge(deps: Deps, scope: TeamScope, input: { contact_id: number; other_contact_id: number }): Promise<ContactMergePreview> {
  const ids = [input.contact_id, input.other_contact_id] as const
  await assertPairOfTeam(deps.db, scope, ids, deps.now())
  const rows = await deps.db
    .select()
    .from(people)
    .where(inArray(people.id, [...ids]))
  const kept = rows.find((row) => row.id === input.contact_id)!
  const other = rows.find((row) => row.id === input.other_contact_id)!
  return {
    contact: await sideOf(deps.db, scope, kept),
    other_contact: await sideOf(deps.db, scope, other),
    choices: mergeChoicesOf(kept, other),
  }
}

function mergeAnswer(row: typeof contactMerges.$inferSelect): ContactMerge {
  return { id: row.id, contact_id: row.contact_id, other_contact_id: row.other_contact_id, undo_until: row.undo_until.toISOString() }
}

/**
 * POST merge-contacts: merges the other record into the kept one in one transaction. Asked
 * again once done, it answers the same merge; asked twice at once, the second waits for the
 * first and then answers it.
 */
export async function mergeContacts(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: { contact_id: number; other_contact_id: number; from_other: readonly MergeFieldGroup[] },
): Promise<ContactMerge> {
  if (input.contact_id === input.other_contact_id) throw new AppError('not_found')
  return deps.db.transaction(async (tx) => {
    const { kept, other } = await lockPair(tx, input.contact_id, input.other_contact_id)
    const done = await mergeDoneAlready(tx, scope, kept, other, deps.now())
    if (done) return mergeAnswer(done)
    await assertMergeable(tx, viewer, scope, kept, other, deps.now())
    assertActedFor(await teamsNotActedFor(tx, viewer, [kept.id, other.id]))
    return mergeAnswer(await mergeLockedPair(tx, viewer, scope, { kept, other }, input.from_other, deps.now()))
  })
}

/** The merge of the pair when it is done already (the same merge asked again), as the kept record's team sees it. */
async function mergeDoneAlready(tx: Executor, scope: TeamScope, kept: PersonRow, other: PersonRow, now: Date) {
  if (other.merged_into_id !== kept.id || kept.merged_into_id !== null) return undefined
  const [done] = await tx
    .select()
    .from(contactMerges)
    .where(and(eq(contactMerges.contact_id, kept.id), eq(contactMerges.other_contact_id, other.id), isNull(contactMerges.undone_at)))
  if (done) await assertKeptOfTeam(tx, scope, kept.id, now)
  return done
}

/**
 * The refusals of a merge but the other teams' (merge requests ask those): either record gone
 * or merged, not both the team's, a child the caller may not touch, a record that signs in
 * merged away, an erasure pending.
 */
export async function assertMergeable(tx: Executor, viewer: Viewer, scope: TeamScope, kept: PersonRow, other: PersonRow, now: Date): Promise<void> {
  if (kept.merged_into_id !== null || other.merged_into_id !== null) throw new AppError('not_found')
  await assertPairOfTeam(tx, scope, [kept.id, other.id], now)
  if (await signsIn(tx, other.id)) throw new AppError('merge_has_account', { name: fullName(other.first_name, other.last_name) })
  // A person to be erased is not merged into a record the erasure would then miss.
  if (await erasurePending(tx, [kept.id, other.id])) throw new AppError('contact_erasure_pending')
}

/**
 * Merges the pair, locked by lockPair and checked, in the caller's transaction: as `viewer` in
 * `scope` (for a merge request, its asker in the team it was asked in).
 */
export async function mergeLockedPair(
  tx: Executor,
  viewer: Viewer,
  scope: TeamScope,
  { kept, other }: { kept: PersonRow; other: PersonRow },
  fromOther: readonly MergeFieldGroup[],
  now: Date,
): Promise<typeof contactMerges.$inferSelect> {
  const keptId = kept.id
  const otherId = other.id
  const changes = fieldChangesOf(kept, other, fromOther)

  const teamRows = await combineTeamRows(tx, keptId, otherId)
  const dismissals = await moveDismissals(tx, keptId, otherId)
  const { moved, removed } = await movePersonRows(tx, keptId, otherId)
  if (dismissals.removed.length > 0) removed.push({ table: 'contact_duplicate_dismissals', rows: dismissals.removed })
  if (Object.keys(changes).length > 0) await tx.update(people).set(changes).where(eq(people.id, keptId))
  await tx.update(people).set({ merged_into_id: keptId }).where(eq(people.id, otherId))
  // A request to merge the record merged away ends: that pair is no more (merge-requests.service.ts
  // marks its own request merged after this).
  await tx.execute(sql`update contact_merge_requests set status = 'declined', decided_at = ${now.toISOString()}::timestamptz
    where status = 'pending' and (contact_id = ${otherId} or other_contact_id = ${otherId})`)

  const undo: MergeUndo = { kept_fields: mergeableFieldsOf(kept), kept_team_rows: teamRows, moved, removed, dismissals_added: dismissals.added }
  const [inserted] = await tx
    .insert(contactMerges)
    .values({
      contact_id: keptId,
      other_contact_id: otherId,
      team_id: scope.team.id,
      merged_by_id: viewer.personId,
      created_at: now,
      undo_until: new Date(now.getTime() + mergeUndoDays * 24 * 3600 * 1000),
      undo,
    })
    .returning()
  const merge = inserted!
  await refreshReadModels(tx, [keptId], now)
  await recordMergeActivity(tx, viewer, scope, merge, 'add', fullName(other.first_name, other.last_name))
  return merge
}

/**
 * The teams that took part in the request a merge was carried out by (merge-requests.service.ts):
 * the team that asked and every team that agreed. Each agreed to change the record, so each
 * counts as agreeing to put it back within the undo period: otherwise no church alone could.
 */
async function teamsOfMergeRequest(tx: Executor, mergeId: number): Promise<Set<number>> {
  const rows = rowsOf<{ team_id: number }>(
    await tx.execute(sql`select r.team_id from contact_merge_requests r where r.merge_id = ${mergeId}
      union select a.team_id from contact_merge_request_teams a join contact_merge_requests r on r.id = a.request_id where r.merge_id = ${mergeId}`),
  )
  return new Set(rows.map((row) => row.team_id))
}

/** The kept record's activity row of a merge ('add') or its undoing ('delete'), naming the other record. */
async function recordMergeActivity(
  tx: Executor,
  viewer: Viewer,
  scope: TeamScope,
  merge: Pick<typeof contactMerges.$inferSelect, 'id' | 'contact_id' | 'other_contact_id'>,
  action: 'add' | 'delete',
  otherName: string,
): Promise<void> {
  const values = { merge_id: merge.id, other_contact_id: merge.other_contact_id, other_name: otherName }
  await recordActivity(tx, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    subjectType: mergeActivityType,
    subjectId: merge.id,
    contactId: merge.contact_id,
    action,
    ...(action === 'add' ? { after: values } : { before: values }),
  })
}

async function refreshReadModels(tx: Executor, personIds: readonly number[], now: Date): Promise<void> {
  await lockInteractionReadModel(tx, personIds)
  for (const personId of personIds) await refreshContactReadModel(tx, personId, now)
  await refreshInteractionReadModel(tx, personIds, now)
}

/** The kept record is the team's (or its churches'); 404 otherwise. */
async function assertKeptOfTeam(tx: Executor, scope: TeamScope, keptId: number, now: Date): Promise<void> {
  const [found] = await tx
    .select({ id: teamContacts.person_id })
    .from(teamContacts)
    .innerJoin(teams, eq(teams.id, teamContacts.team_id))
    .where(and(comparedTeams(scope), eq(teamContacts.state, 'active'), eq(teamContacts.person_id, keptId)))
    .limit(1)
  if (!found) throw new AppError('not_found')
  await assertMayTouch(tx, scope, [keptId], now)
}

/**
 * POST undo-contact-merge: within mergeUndoDays, both records as they were: the other's rows
 * and fields back, the kept record's fields and team standing as before the merge. What was
 * added to the kept record since stays with it. Asked again once undone, it answers the same.
 */
export async function undoContactMerge(deps: Deps, viewer: Viewer, scope: TeamScope, input: { merge_id: number }): Promise<ContactMerge> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [merge] = await tx.select().from(contactMerges).where(eq(contactMerges.id, input.merge_id)).for('update')
    if (!merge) throw new AppError('not_found')
    const { contact_id: keptId, other_contact_id: otherId } = merge
    if (merge.undone_at) {
      await assertKeptOfTeam(tx, scope, keptId, now)
      return mergeAnswer(merge)
    }
    await lockPair(tx, keptId, otherId)
    await assertKeptOfTeam(tx, scope, keptId, now)
    const { undo } = merge
    if (merge.undo_until <= now || !undo) throw new AppError('expired')
    assertActedFor(await teamsNotActedFor(tx, viewer, [keptId], await teamsOfMergeRequest(tx, merge.id)))

    await putPersonRowsBack(tx, undo, keptId, otherId)
    await removeAddedDismissals(tx, undo.dismissals_added)
    await restoreTeamRows(tx, undo.kept_team_rows)
    await tx.update(people).set(restoredFields(undo.kept_fields)).where(eq(people.id, keptId))
    await tx.update(people).set({ merged_into_id: null }).where(eq(people.id, otherId))
    const [undone] = await tx.update(contactMerges).set({ undone_at: now, undone_by_id: viewer.personId }).where(eq(contactMerges.id, merge.id)).returning()
    await refreshReadModels(tx, [keptId, otherId], now)
    const [other] = await tx.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, otherId))
    await recordMergeActivity(tx, viewer, scope, merge, 'delete', other ? fullName(other.first_name, other.last_name) : '')
    return mergeAnswer(undone!)
  })
}

/** GET contact-merges: the merges into the contact that can still be undone, newest first. */
export async function listUndoableMerges(deps: Deps, scope: TeamScope, input: { contact_id: number }): Promise<{ data: UndoableMerge[] }> {
  const now = deps.now()
  await assertKeptOfTeam(deps.db, scope, input.contact_id, now)
  const other = alias(people, 'other')
  const rows = await deps.db
    .select({ merge: contactMerges, first_name: other.first_name, last_name: other.last_name })
    .from(contactMerges)
    .innerJoin(other, eq(other.id, contactMerges.other_contact_id))
    .where(and(eq(contactMerges.contact_id, input.contact_id), isNull(contactMerges.undone_at), gt(contactMerges.undo_until, now)))
    .orderBy(desc(contactMerges.created_at), desc(contactMerges.id))
  return {
    data: rows.map((row) => ({
      ...mergeAnswer(row.merge),
      other_name: fullName(row.first_name, row.last_name),
      created_at: row.merge.created_at.toISOString(),
    })),
  }
}
