import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  contactAddressFields,
  contactFlagFields,
  hasCapability,
  mergeActivityType,
  mergeFieldGroupFields,
  mergeFieldGroups,
  mergeUndoDays,
  type ContactMerge,
  type ContactMergePreview,
  type MergeFieldGroup,
  type MergeSide,
  type MergeValues,
  type UndoableMerge,
} from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import {
  accounts,
  contactDuplicateDismissals,
  contactEvents,
  contactMerges,
  contactRelationships,
  eventAttendance,
  interactions,
  memberships,
  notes,
  people,
  teamContacts,
  teams,
  type MergeUndo,
} from '../../db/schema/index'
import { resolveTeamRole, type TeamScope, type Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertMayTouch } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { removeFiles } from '../../platform/files'
import { fullName } from '../../platform/format'
import { lockInteractionReadModel, refreshContactReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { movePersonRows, putPersonRowsBack } from './merge-moves'
import { assertPairOfTeam, comparedTeams } from './possible-duplicates.service'

// Merging two records of one person (issue 40 §1). The kept record takes the other's rows in
// every table (merge-moves.ts) and, group by group, the other's fields where it has none or
// the person chose the other's; the other record stays as a tombstone (people.merged_into_id)
// whose old id opens the kept one. Everything undo needs is saved in the merge's row.

type PersonRow = typeof people.$inferSelect

/** The columns each field group writes (the preview shows mergeFieldGroupFields of them). */
const groupColumns = {
  name: ['first_name', 'last_name'],
  gender: ['gender'],
  birth: ['dob_year', 'dob_month'],
  email: ['email', 'email_is_verified'],
  phone: ['phone'],
  photo: ['avatar_file_id'],
  address: contactAddressFields,
  religion: ['religion', 'religion_other'],
  marital_status: ['marital_status'],
  member_status: ['member_status'],
  source: ['source', 'source_other'],
  grow_phase: ['grow_phase'],
  social: ['social'],
  parent_carer: ['parent_carer_first_name', 'parent_carer_last_name', 'parent_carer_relationship', 'parent_carer_email', 'parent_carer_phone'],
  consent: [
    'consent_type',
    'consent_date',
    'consent_content',
    'consent_photo_file_id',
    'consent_declined',
    'parental_consent_declined',
    'consent_url_sent_at',
    'consent_url_sent_to',
    'consent_url_viewed_at',
    'consent_url_submitted_at',
  ],
} as const satisfies Record<MergeFieldGroup, readonly (keyof PersonRow)[]>

/** The contact's ticks are true of the person when true of either record: a follow-up expected stays expected. */
const eitherFlags = contactFlagFields

const filled = (value: unknown) => value !== null && value !== undefined && value !== ''

/** A group's values as the preview shows them: social's links one by one, the rest as stored. */
function valuesOf(person: PersonRow, group: MergeFieldGroup): MergeValues {
  const values: MergeValues = {}
  for (const field of mergeFieldGroupFields[group]) {
    const value = group === 'social' ? person.social[field as keyof PersonRow['social']] : person[field as keyof PersonRow]
    values[field] = value === undefined ? null : (value as MergeValues[string])
  }
  return values
}

/** The record has something in the group: a consent on record, an address, a name… */
function hasValue(person: PersonRow, group: MergeFieldGroup): boolean {
  if (group === 'consent') return filled(person.consent_type)
  return Object.values(valuesOf(person, group)).some(filled)
}

function differs(kept: PersonRow, other: PersonRow, group: MergeFieldGroup): boolean {
  return JSON.stringify(valuesOf(kept, group)) !== JSON.stringify(valuesOf(other, group))
}

/** Which groups the kept record takes from the other: where it has none, or the person chose the other's. */
function groupsFromOther(kept: PersonRow, other: PersonRow, chosen: readonly MergeFieldGroup[]): MergeFieldGroup[] {
  return mergeFieldGroups.filter((group) => hasValue(other, group) && (!hasValue(kept, group) || (chosen.includes(group) && differs(kept, other, group))))
}

/** The two records, locked in id order so that two merges of them take turns. */
async function lockPair(tx: Executor, keptId: number, otherId: number): Promise<{ kept: PersonRow; other: PersonRow }> {
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
async function teamsNotActedFor(tx: Executor, viewer: Viewer, ids: readonly number[]): Promise<string[]> {
  const parent = alias(memberships, 'parent_membership')
  const rows = await tx
    .selectDistinct({ id: teams.id, title: teams.title, role: memberships.role, parentRole: parent.role })
    .from(teamContacts)
    .innerJoin(teams, eq(teams.id, teamContacts.team_id))
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .leftJoin(parent, and(eq(parent.team_id, teams.parent_id), eq(parent.person_id, viewer.personId)))
    .where(inArray(teamContacts.person_id, [...ids]))
  return rows
    .filter((row) => {
      const role = resolveTeamRole({ isSiteAdmin: viewer.isSiteAdmin, role: row.role, parentRole: row.parentRole })
      return !role || !hasCapability(role, 'delete_contact')
    })
    .map((row) => row.title)
    .sort((a, b) => a.localeCompare(b))
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
    choices: mergeFieldGroups
      .filter((group) => hasValue(kept, group) && hasValue(other, group) && differs(kept, other, group))
      .map((group) => ({ group, contact: valuesOf(kept, group), other_contact: valuesOf(other, group) })),
  }
}

function mergeAnswer(row: typeof contactMerges.$inferSelect): ContactMerge {
  return { id: row.id, contact_id: row.contact_id, other_contact_id: row.other_contact_id, undo_until: row.undo_until.toISOString() }
}

/**
 * The kept record's rows in the teams both records are in take the other's standing (owner,
 * active, not archived, the widest access); the other's rows in teams of its own are no longer
 * an owner's where the kept record has an owning team. Answers the rows as they were.
 */
async function combineTeamRows(tx: Executor, keptId: number, otherId: number): Promise<Record<string, unknown>[]> {
  const before = await tx.execute(sql`select to_jsonb(k.*) as row from team_contacts k
    where (k.person_id = ${keptId} and exists (select 1 from team_contacts o where o.person_id = ${otherId} and o.team_id = k.team_id))
      or (k.person_id = ${otherId} and k.is_owner
        and not exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.team_id = k.team_id)
        and exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.is_owner))`)
  await tx.execute(sql`update team_contacts k set
      is_owner = k.is_owner or o.is_owner,
      state = case when k.state = 'active' or o.state = 'active' then 'active' else k.state end,
      archived_at = case when k.archived_at is null or o.archived_at is null then null else least(k.archived_at, o.archived_at) end,
      access_from = least(k.access_from, o.access_from),
      access_to = case when k.access_to is null or o.access_to is null then null else greatest(k.access_to, o.access_to) end
    from team_contacts o
    where k.person_id = ${keptId} and o.person_id = ${otherId} and o.team_id = k.team_id`)
  await tx.execute(sql`update team_contacts o set is_owner = false
    where o.person_id = ${otherId} and o.is_owner
      and not exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.team_id = o.team_id)
      and exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.is_owner)`)
  return rowsOf<{ row: Record<string, unknown> }>(before).map((row) => row.row)
}

async function restoreTeamRows(tx: Executor, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return
  await tx.execute(sql`update team_contacts t set is_owner = s.is_owner, state = s.state, archived_at = s.archived_at,
      access_from = s.access_from, access_to = s.access_to
    from jsonb_populate_recordset(null::team_contacts, ${JSON.stringify(rows)}::jsonb) as s
    where t.id = s.id`)
}

/**
 * "Not the same person" said of the other record and a third is said of the kept one too;
 * answers the pairs removed (for undo) and the pairs added.
 */
async function moveDismissals(
  tx: Executor,
  keptId: number,
  otherId: number,
): Promise<{ removed: Record<string, unknown>[]; added: MergeUndo['dismissals_added'] }> {
  const removed = rowsOf<{ row: Record<string, unknown> }>(
    await tx.execute(sql`delete from contact_duplicate_dismissals
      where contact_id = ${otherId} or other_contact_id = ${otherId} returning to_jsonb(contact_duplicate_dismissals.*) as row`),
  ).map(({ row }) => row)
  const thirds = removed.map((row) => (row.contact_id === otherId ? row.other_contact_id : row.contact_id) as number).filter((third) => third !== keptId)
  const added: MergeUndo['dismissals_added'] = []
  for (const third of thirds) {
    const pair = { contact_id: Math.min(keptId, third), other_contact_id: Math.max(keptId, third) }
    const inserted = await tx
      .insert(contactDuplicateDismissals)
      .values(pair)
      .onConflictDoNothing()
      .returning({ contact_id: contactDuplicateDismissals.contact_id })
    if (inserted.length > 0) added.push(pair)
  }
  return { removed, added }
}

/** The kept record's fields that a merge may change, as they are now. */
function fieldsOf(person: PersonRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const group of mergeFieldGroups) for (const column of groupColumns[group]) fields[column] = person[column]
  for (const flag of eitherFlags) fields[flag] = person[flag]
  return fields
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
  const now = deps.now()
  const keptId = input.contact_id
  const otherId = input.other_contact_id
  if (keptId === otherId) throw new AppError('not_found')
  return deps.db.transaction(async (tx) => {
    const { kept, other } = await lockPair(tx, keptId, otherId)
    if (other.merged_into_id === keptId && kept.merged_into_id === null) {
      const [done] = await tx
        .select()
        .from(contactMerges)
        .where(and(eq(contactMerges.contact_id, keptId), eq(contactMerges.other_contact_id, otherId), isNull(contactMerges.undone_at)))
      if (done) {
        await assertKeptOfTeam(tx, scope, keptId, now)
        return mergeAnswer(done)
      }
    }
    if (kept.merged_into_id !== null || other.merged_into_id !== null) throw new AppError('not_found')
    await assertPairOfTeam(tx, scope, [keptId, otherId], now)
    if (await signsIn(tx, otherId)) throw new AppError('merge_has_account', { name: fullName(other.first_name, other.last_name) })
    const notActedFor = await teamsNotActedFor(tx, viewer, [keptId, otherId])
    if (notActedFor.length > 0) throw new AppError('merge_other_team', { teams: notActedFor })

    const fromOther = groupsFromOther(kept, other, input.from_other)
    const changes: Record<string, unknown> = {}
    for (const group of fromOther) for (const column of groupColumns[group]) changes[column] = other[column]
    for (const flag of eitherFlags) if (other[flag] && !kept[flag]) changes[flag] = true

    const teamRows = await combineTeamRows(tx, keptId, otherId)
    const dismissals = await moveDismissals(tx, keptId, otherId)
    const { moved, removed } = await movePersonRows(tx, keptId, otherId)
    if (dismissals.removed.length > 0) removed.push({ table: 'contact_duplicate_dismissals', rows: dismissals.removed })
    if (Object.keys(changes).length > 0) await tx.update(people).set(changes).where(eq(people.id, keptId))
    await tx.update(people).set({ merged_into_id: keptId }).where(eq(people.id, otherId))

    const undo: MergeUndo = { kept_fields: fieldsOf(kept), kept_team_rows: teamRows, moved, removed, dismissals_added: dismissals.added }
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
    return mergeAnswer(merge)
  })
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
    const notActedFor = await teamsNotActedFor(tx, viewer, [keptId])
    if (notActedFor.length > 0) throw new AppError('merge_other_team', { teams: notActedFor })

    await putPersonRowsBack(tx, undo, keptId, otherId)
    for (const pair of undo.dismissals_added) {
      await tx
        .delete(contactDuplicateDismissals)
        .where(and(eq(contactDuplicateDismissals.contact_id, pair.contact_id), eq(contactDuplicateDismissals.other_contact_id, pair.other_contact_id)))
    }
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

/** The saved fields as drizzle writes them: JSON turned timestamps into text. */
function restoredFields(saved: Record<string, unknown>): Partial<PersonRow> {
  const fields: Record<string, unknown> = { ...saved }
  for (const column of ['consent_url_sent_at', 'consent_url_viewed_at', 'consent_url_submitted_at'] as const) {
    if (typeof fields[column] === 'string') fields[column] = new Date(fields[column] as string)
  }
  return fields as Partial<PersonRow>
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

/**
 * What a tombstone keeps once its merge can no longer be undone: its id and where it points,
 * nothing about the person (issue 40 §2: what is no longer needed is not kept).
 */
function clearedTombstone(): Partial<PersonRow> {
  const cleared: Record<string, unknown> = {}
  for (const group of mergeFieldGroups) for (const column of groupColumns[group]) cleared[column] = null
  for (const flag of eitherFlags) cleared[flag] = false
  return {
    ...cleared,
    first_name: '',
    last_name: '',
    email_is_verified: false,
    address_manual_input: false,
    social: {},
    consent_declined: false,
    parental_consent_declined: false,
  }
}

/**
 * The daily clearing of merges whose undo has ended: the merge forgets what undo needed (the
 * kept record's old fields, the rows set aside), and the tombstone its details and the files
 * only it still names; its id keeps opening the kept record. Idempotent, in batches; rows
 * another process holds are its to clear.
 */
export async function clearEndedMerges(deps: Pick<Deps, 'db' | 'config' | 'now'>, batchSize = 200): Promise<string | void> {
  let cleared = 0
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: contactMerges.id, otherId: contactMerges.other_contact_id })
        .from(contactMerges)
        .where(and(isNull(contactMerges.undone_at), sql`${contactMerges.undo} is not null`, sql`${contactMerges.undo_until} <= ${deps.now()}`))
        .orderBy(contactMerges.id)
        .limit(batchSize)
        .for('update', { skipLocked: true })
      for (const merge of due) {
        const [tombstone] = await tx
          .select({ avatar: people.avatar_file_id, consentPhoto: people.consent_photo_file_id })
          .from(people)
          .where(eq(people.id, merge.otherId))
        await tx.update(people).set(clearedTombstone()).where(eq(people.id, merge.otherId))
        const fileIds = [tombstone?.avatar, tombstone?.consentPhoto].filter((id): id is number => typeof id === 'number')
        // A file the kept record took stays with it.
        const stillNamed = fileIds.length
          ? await tx
              .select({ id: people.id, avatar: people.avatar_file_id, consentPhoto: people.consent_photo_file_id })
              .from(people)
              .where(or(inArray(people.avatar_file_id, fileIds), inArray(people.consent_photo_file_id, fileIds)))
          : []
        const named = new Set(stillNamed.flatMap((row) => [row.avatar, row.consentPhoto]))
        await removeFiles(
          deps,
          tx,
          [...new Set(fileIds)].filter((id) => !named.has(id)),
        )
        await tx.update(contactMerges).set({ undo: null }).where(eq(contactMerges.id, merge.id))
      }
      return due.length
    })
    cleared += count
    if (count < batchSize) break
  }
  if (cleared > 0) return `cleared ${cleared} ended ${cleared === 1 ? 'merge' : 'merges'}`
}
