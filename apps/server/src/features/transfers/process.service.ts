import { and, eq, sql, type SQL } from 'drizzle-orm'
import { roleRank, type MembershipRole } from '@crm/domain'
import { affectedRows, type Executor } from '../../db/client'
import { memberships, teams, transfers } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivities, type ActivityEntry } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { lockInteractionReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { lockContactsOfConference } from '../contacts/duplicates.service'
import { notifyTransferProcessed } from './process-notify'
import { hasDateMessage, lockPlannedTransfer, processedConflict, type ProcessOutcome, type TransferRow } from './transfer-records'

// Processing a transfer (spec 3 §2.2, §4; issue 18 item 3), in the caller's transaction: the
// pastor joins the to-church with their role and leaves the from-church; the contacts chosen
// to move go with everything the from-church kept on them; those chosen to share are held by
// both churches; the pastor's other assignments there end. Every statement is set-based: the
// cost is a fixed number of statements, whatever the number of contacts (docs/benchmarks.md).

/** ids as ONE parameter (a thousand contacts are one value, not a thousand). */
function intArray(ids: readonly number[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::int[]`
}

type Row = Record<string, unknown>
const rowsOf = <T extends Row>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * The contacts the pastor chose that are still theirs to take: held by the from-church and
 * assigned to them there. A contact unassigned since, or gone from the church, stays behind.
 */
async function chosenContacts(tx: Executor, transfer: TransferRow) {
  const rows = rowsOf<{ contact_id: number; state: 'move' | 'share' }>(
    await tx.execute(sql`
      select x.contact_id, x.state from transfer_contacts x
      where x.transfer_id = ${transfer.id}
        and exists (select 1 from team_contacts f where f.team_id = ${transfer.from_team_id} and f.person_id = x.contact_id)
        and exists (select 1 from assignments a where a.team_id = ${transfer.from_team_id} and a.contact_id = x.contact_id and a.to_person_id = ${transfer.person_id})
      order by x.contact_id`),
  )
  return {
    moving: rows.filter((row) => row.state === 'move').map((row) => row.contact_id),
    sharing: rows.filter((row) => row.state === 'share').map((row) => row.contact_id),
  }
}

/** The records a church keeps on a contact, re-homed with a moved contact. */
const teamScopedRecords = ['notes', 'contact_events', 'parental_consents'] as const

/**
 * The moved contacts: the from-church's team_contacts row becomes the to-church's (keeping its
 * ownership; merged into the to-church's own row where it already held the contact); notes,
 * decisions, interactions and consent records follow; the from-church's group places go.
 */
async function moveContacts(tx: Executor, transfer: TransferRow, ids: number[], now: Date, log: ActivityEntry[], authorId: number | null) {
  const records: Record<string, number> = {}
  if (ids.length === 0) return records
  const from = transfer.from_team_id
  const to = transfer.to_team_id
  const contacts = intArray(ids)
  const merged = rowsOf<{ id: number; person_id: number; from_id: number; is_owner: boolean }>(
    await tx.execute(sql`
      update team_contacts t set is_owner = t.is_owner or f.is_owner, state = 'active', requested_by_id = null, updated_at = ${now.toISOString()}::timestamptz
      from team_contacts f
      where t.team_id = ${to} and t.person_id = any(${contacts}) and f.team_id = ${from} and f.person_id = t.person_id
      returning t.id, t.person_id, f.id as from_id, t.is_owner`),
  )
  if (merged.length > 0) {
    await tx.execute(sql`delete from team_contacts where team_id = ${from} and person_id = any(${intArray(merged.map((row) => row.person_id))})`)
  }
  const moved = rowsOf<{ id: number; person_id: number; is_owner: boolean }>(
    await tx.execute(sql`
      update team_contacts set team_id = ${to}, updated_at = ${now.toISOString()}::timestamptz
      where team_id = ${from} and person_id = any(${contacts})
      returning id, person_id, is_owner`),
  )
  for (const row of [...merged, ...moved]) {
    log.push({
      authorId,
      teamId: to,
      subjectType: 'team_contacts',
      subjectId: row.id,
      contactId: row.person_id,
      action: 'update',
      before: { team_id: from },
      after: { team_id: to, is_owner: row.is_owner, transfer_id: transfer.id, state: 'move' },
    })
  }
  records.group_places = affectedRows(
    await tx.execute(sql`
      delete from group_contacts where person_id = any(${contacts})
        and group_id in (select id from teams where id = ${from} or (parent_id = ${from} and kind = 'group'))`),
  )
  for (const table of teamScopedRecords) {
    records[table] = affectedRows(
      await tx.execute(sql`update ${sql.identifier(table)} set team_id = ${to} where team_id = ${from} and contact_id = any(${contacts})`),
    )
  }
  records.interactions = affectedRows(
    await tx.execute(sql`
      update interactions set team_id = ${to}, conference_id = ${transfer.to_conference_id}
      where team_id = ${from} and contact_id = any(${contacts})`),
  )
  records.consent_requests = affectedRows(
    await tx.execute(sql`
      update consent_requests set team_id = ${to}, group_id = case when group_id = ${from} then ${to}::int end
      where team_id = ${from} and contact_id = any(${contacts})`),
  )
  return records
}

/** The shared contacts: the to-church holds them too, active and not owner, with the from-church's read model. */
async function shareContacts(tx: Executor, transfer: TransferRow, ids: number[], now: Date, log: ActivityEntry[], authorId: number | null) {
  if (ids.length === 0) return
  const to = transfer.to_team_id
  const contacts = intArray(ids)
  const at = sql`${now.toISOString()}::timestamptz`
  const added = rowsOf<{ id: number; person_id: number }>(
    await tx.execute(sql`
      insert into team_contacts (team_id, person_id, is_owner, state, added_by_id, access_from, created_at, updated_at,
        sort_name, name_words, search_text, member_status, member_status_rank, grow_phase, grow_phase_rank, source, gender, birth_month)
      select ${to}, f.person_id, false, 'active', ${transfer.person_id}, ${at}, ${at}, ${at},
        f.sort_name, f.name_words, f.search_text, f.member_status, f.member_status_rank, f.grow_phase, f.grow_phase_rank, f.source, f.gender, f.birth_month
      from team_contacts f where f.team_id = ${transfer.from_team_id} and f.person_id = any(${contacts})
      on conflict (team_id, person_id) do nothing
      returning id, person_id`),
  )
  // A to-church that had asked to use the contact: the conference's transfer approves it.
  const approved = rowsOf<{ id: number; person_id: number }>(
    await tx.execute(sql`
      update team_contacts set state = 'active', requested_by_id = null, updated_at = ${at}
      where team_id = ${to} and person_id = any(${contacts}) and state = 'awaiting_approval'
      returning id, person_id`),
  )
  for (const row of added) {
    log.push({
      authorId,
      teamId: to,
      subjectType: 'team_contacts',
      subjectId: row.id,
      contactId: row.person_id,
      action: 'add',
      after: { team_id: to, is_owner: false, from_team_id: transfer.from_team_id, transfer_id: transfer.id, state: 'share' },
    })
  }
  for (const row of approved) {
    log.push({
      authorId,
      teamId: to,
      subjectType: 'team_contacts',
      subjectId: row.id,
      contactId: row.person_id,
      action: 'update',
      before: { state: 'awaiting_approval' },
      after: { state: 'active', transfer_id: transfer.id },
    })
  }
}

/**
 * The assignments: the pastor's on every contact taken are the to-church's now; in the
 * from-church the pastor's assignments all end (the contacts left behind are no longer
 * theirs), and so do everyone's on a moved contact (the church no longer holds it).
 */
async function moveAssignments(
  tx: Executor,
  transfer: TransferRow,
  taken: number[],
  moving: number[],
  log: ActivityEntry[],
  authorId: number | null,
): Promise<number> {
  const from = transfer.from_team_id
  const to = transfer.to_team_id
  const pastor = transfer.person_id
  const added = rowsOf<{ id: number; contact_id: number; by_person_id: number | null }>(
    await tx.execute(sql`
      insert into assignments (team_id, contact_id, to_person_id, by_person_id)
      select ${to}, contact_id, to_person_id, by_person_id from assignments
      where team_id = ${from} and to_person_id = ${pastor} and contact_id = any(${intArray(taken)})
      on conflict (team_id, contact_id, to_person_id) do nothing
      returning id, contact_id, by_person_id`),
  )
  const ended = rowsOf<{ id: number; contact_id: number; to_person_id: number; by_person_id: number | null }>(
    await tx.execute(sql`
      delete from assignments where team_id = ${from} and (to_person_id = ${pastor} or contact_id = any(${intArray(moving)}))
      returning id, contact_id, to_person_id, by_person_id`),
  )
  const takenSet = new Set(taken)
  for (const row of added) {
    log.push({
      authorId,
      teamId: to,
      subjectType: 'user_assignment',
      subjectId: row.id,
      contactId: row.contact_id,
      action: 'add',
      after: { to_user_id: pastor, by_user_id: row.by_person_id, transfer_id: transfer.id },
    })
  }
  let stayed = 0
  for (const row of ended) {
    const reason = takenSet.has(row.contact_id) ? (row.to_person_id === pastor ? 'taken' : 'moved') : 'stayed'
    if (reason === 'stayed') stayed += 1
    log.push({
      authorId,
      teamId: from,
      subjectType: 'user_assignment',
      subjectId: row.id,
      contactId: row.contact_id,
      action: 'delete',
      before: { to_user_id: row.to_person_id, by_user_id: row.by_person_id },
      after: { transfer_id: transfer.id, reason },
    })
  }
  return stayed
}

/**
 * The pastor joins the to-church with the role they held in the from-church (an owner, as
 * planned, when they hold none there now; a stronger role they already hold there stays) and
 * becomes its primary owner if it has none; they leave the from-church and its groups, and
 * stop being the primary owner there: the church keeps working, without a pastor, under its
 * conference's entity admins.
 */
async function movePastor(tx: Executor, transfer: TransferRow, now: Date, log: ActivityEntry[], authorId: number | null) {
  const pastor = transfer.person_id
  const from = transfer.from_team_id
  const to = transfer.to_team_id
  const [held] = await tx
    .select({ role: memberships.role, has_wwcc: memberships.has_wwcc, has_adsafe: memberships.has_adsafe })
    .from(memberships)
    .where(and(eq(memberships.person_id, pastor), eq(memberships.team_id, from)))
  const role: MembershipRole = held && held.role !== 'member_request' ? held.role : 'owner'
  const left = await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.person_id, pastor),
        sql`${memberships.team_id} in (select id from teams where id = ${from} or (parent_id = ${from} and kind = 'group'))`,
      ),
    )
    .returning({ id: memberships.id, team_id: memberships.team_id, role: memberships.role })
  for (const row of left) {
    log.push({
      authorId,
      teamId: from,
      subjectType: 'membership',
      subjectId: row.id,
      action: 'delete',
      before: { person_id: pastor, team_id: row.team_id, role: row.role },
      after: { transfer_id: transfer.id },
    })
  }
  const [there] = await tx
    .select({ id: memberships.id, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.person_id, pastor), eq(memberships.team_id, to)))
  if (!there) {
    const [joined] = await tx
      .insert(memberships)
      .values({ person_id: pastor, team_id: to, role, has_wwcc: held?.has_wwcc ?? false, has_adsafe: held?.has_adsafe ?? false })
      .returning({ id: memberships.id })
    log.push({
      authorId,
      teamId: to,
      subjectType: 'membership',
      subjectId: joined!.id,
      action: 'add',
      after: { person_id: pastor, team_id: to, role, transfer_id: transfer.id },
    })
  } else if (roleRank[there.role] < roleRank[role]) {
    await tx.update(memberships).set({ role, updated_at: now }).where(eq(memberships.id, there.id))
    log.push({
      authorId,
      teamId: to,
      subjectType: 'membership',
      subjectId: there.id,
      action: 'update',
      before: { role: there.role },
      after: { role, transfer_id: transfer.id },
    })
  }
  const released = await tx
    .update(teams)
    .set({ owner_id: null, updated_at: now })
    .where(and(eq(teams.owner_id, pastor), sql`(${teams.id} = ${from} or (${teams.parent_id} = ${from} and ${teams.kind} = 'group'))`))
    .returning({ id: teams.id })
  for (const row of released)
    log.push({
      authorId,
      teamId: from,
      subjectType: 'team',
      subjectId: row.id,
      action: 'update',
      before: { owner_id: pastor },
      after: { owner_id: null, transfer_id: transfer.id },
    })
  if (role === 'owner') {
    const taken = await tx
      .update(teams)
      .set({ owner_id: pastor, updated_at: now })
      .where(and(eq(teams.id, to), sql`${teams.owner_id} is null`))
      .returning({ id: teams.id })
    for (const row of taken)
      log.push({
        authorId,
        teamId: to,
        subjectType: 'team',
        subjectId: row.id,
        action: 'update',
        before: { owner_id: null },
        after: { owner_id: pastor, transfer_id: transfer.id },
      })
  }
}

/**
 * Carries out an upcoming transfer, locked by the caller, in the caller's transaction. `by`
 * is the person processing it by hand, null for the transfers job.
 */
export async function carryOutTransfer(tx: Executor, transfer: TransferRow, by: { personId: number | null; now: Date }): Promise<ProcessOutcome> {
  const { now, personId: authorId } = by
  // Contacts change teams: the duplicate checks and imports of both conferences wait (in one order).
  for (const conferenceId of [...new Set([transfer.from_conference_id, transfer.to_conference_id])].sort((a, b) => a - b)) {
    await lockContactsOfConference(tx, { id: conferenceId, kind: 'conference', parent_id: null })
  }
  const { moving, sharing } = await chosenContacts(tx, transfer)
  const taken = [...moving, ...sharing]
  await lockInteractionReadModel(tx, taken)
  const log: ActivityEntry[] = []
  await shareContacts(tx, transfer, sharing, now, log, authorId)
  const records = await moveContacts(tx, transfer, moving, now, log, authorId)
  const stayed = await moveAssignments(tx, transfer, taken, moving, log, authorId)
  // Interactions moved: the last and next interaction each church sees are read again.
  await refreshInteractionReadModel(tx, taken, now)
  await movePastor(tx, transfer, now, log, authorId)
  await tx.update(transfers).set({ is_processed: true, processed_at: now, processed_by_id: authorId, updated_at: now }).where(eq(transfers.id, transfer.id))
  const outcome = { moved: moving.length, shared: sharing.length, stayed }
  log.unshift({
    authorId,
    teamId: transfer.from_conference_id,
    subjectType: 'transfer',
    subjectId: transfer.id,
    action: 'update',
    before: { is_processed: false },
    after: { is_processed: true, by_hand: authorId !== null, ...outcome, records },
  })
  await recordActivities(tx, log)
  await notifyTransferProcessed(tx, transfer, outcome, now, authorId)
  return outcome
}

/**
 * POST process-transfer/{id}: the planning conference carries out an upcoming transfer with
 * no date now. A dated one waits for its date (409): the pastor may still be choosing, and
 * the date is what everyone was told; clear the date first to process it now.
 */
export async function processTransferByHand(deps: Deps, viewer: Viewer, scope: TeamScope, transferId: number) {
  await deps.db.transaction(async (tx) => {
    const row = await lockPlannedTransfer(tx, scope, transferId)
    if (row.is_processed) throw processedConflict()
    if (row.date !== null) throw new AppError('conflict', { reason: 'transfer_has_date' }, hasDateMessage)
    await carryOutTransfer(tx, row, { personId: viewer.personId, now: deps.now() })
  })
  return { success: true as const, success_message: 'Saved' }
}

/**
 * Processes one transfer now, whatever its date, in a transaction of its own; an already
 * processed one is left as it is (null). For the benchmark (docs/benchmarks.md) and scripts.
 */
export async function processTransferNow(deps: Pick<Deps, 'db' | 'now'>, transferId: number, byPersonId: number | null = null): Promise<ProcessOutcome | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(transfers).where(eq(transfers.id, transferId)).for('update')
    if (!row || row.is_processed) return null
    return carryOutTransfer(tx, row, { personId: byPersonId, now: deps.now() })
  })
}
