import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  hasCapability,
  likePattern,
  pageOffset,
  type TransferContact,
  type TransferItemResponse,
  type TransferListItem,
  type TransfersQuery,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, people, teams, transferContacts, transfers } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { boundedPage } from '../../platform/bounded-page'
import { personGate } from '../../platform/child-gate'
import { notDeIdentified } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate, fullName } from '../../platform/format'
import { addressLines } from '../contacts/contact-view'

// The transfers as people read them (spec 3 §2.2, §3 Transfer, §7 Transfers; spec 1 §2.8): a
// conference's list and one transfer (the dashboard's upcoming ones are dashboard.service.ts's). A conference sees the
// transfers it plans and those into its churches; a church sees those from or to it.

type ListQuery = Omit<TransfersQuery, 'page' | 'per_page' | 'processed'> & { page: number; per_page: number; processed: number }

const fromConference = alias(teams, 'from_conference')
const toConference = alias(teams, 'to_conference')
const fromTeam = alias(teams, 'from_team')
const toTeam = alias(teams, 'to_team')

/** The transfers a team sees: a conference its planned and incoming ones, a church those from or to it. */
export function seenBy(scope: TeamScope): SQL {
  return scope.isConference
    ? or(eq(transfers.from_conference_id, scope.team.id), eq(transfers.to_conference_id, scope.team.id))!
    : or(eq(transfers.from_team_id, scope.team.id), eq(transfers.to_team_id, scope.team.id))!
}

/** Transfers with their pastor's name and both churches' titles: the rows of the list and of the dashboard. */
export function selectTransferRows(db: Executor) {
  return db
    .select({
      id: transfers.id,
      user_id: transfers.person_id,
      first_name: people.first_name,
      last_name: people.last_name,
      from_team_name: fromTeam.title,
      to_team_name: toTeam.title,
      date: transfers.date,
      created_at: transfers.created_at,
      is_processed: transfers.is_processed,
    })
    .from(transfers)
    .innerJoin(people, eq(people.id, transfers.person_id))
    .innerJoin(fromTeam, eq(fromTeam.id, transfers.from_team_id))
    .innerJoin(toTeam, eq(toTeam.id, transfers.to_team_id))
}

/** The search: the pastor's name or either church's name (a conference has a few hundred transfers at most). */
function searchOf(search: string | undefined): SQL | undefined {
  const term = search?.trim()
  if (!term) return undefined
  const pattern = likePattern(term.toLowerCase())
  return sql`(exists (select 1 from ${people} where ${people.id} = ${transfers.person_id} and lower(${people.first_name} || ' ' || ${people.last_name}) like ${pattern})
    or exists (select 1 from ${teams} where ${teams.id} in (${transfers.from_team_id}, ${transfers.to_team_id}) and lower(${teams.title}) like ${pattern}))`
}

function orderOf(query: ListQuery): SQL[] {
  const orderBy = query.order_by ?? 'created'
  const direction = query.order ?? (orderBy === 'created' ? 'desc' : 'asc')
  const by = direction === 'asc' ? asc : desc
  if (orderBy === 'date') return [sql`${transfers.date} ${sql.raw(direction)} nulls last`, by(transfers.id)]
  if (orderBy === 'user_name')
    return [
      by(sql`(select lower(${people.first_name} || ' ' || ${people.last_name}) from ${people} where ${people.id} = ${transfers.person_id})`),
      by(transfers.id),
    ]
  return [by(transfers.created_at), by(transfers.id)]
}

/** How many contacts each transfer takes, moved and shared: one grouped query. */
async function selectionCounts(db: Executor, transferIds: number[]): Promise<Map<number, { move: number; share: number }>> {
  const counts = new Map<number, { move: number; share: number }>()
  if (transferIds.length === 0) return counts
  const rows = await db
    .select({
      transfer_id: transferContacts.transfer_id,
      move: sql<number>`count(*) filter (where ${transferContacts.state} = 'move')::int`,
      share: sql<number>`count(*) filter (where ${transferContacts.state} = 'share')::int`,
    })
    .from(transferContacts)
    .where(inArray(transferContacts.transfer_id, transferIds))
    .groupBy(transferContacts.transfer_id)
  for (const row of rows) counts.set(row.transfer_id, { move: row.move, share: row.share })
  return counts
}

/**
 * GET transfers: one page of the conference's upcoming (processed=0) or processed transfers,
 * newest first by default, with a bounded count. The conference's two indexes
 * (transfers_from_conference_idx, transfers_to_conference_idx) find its rows.
 */
export async function listTransfers(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  query: ListQuery,
): Promise<{ items: TransferListItem[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  const where = and(seenBy(scope), eq(transfers.is_processed, query.processed === 1), searchOf(query.search))
  const readPage = (page: number) =>
    selectTransferRows(deps.db)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.per_page)
      .offset(pageOffset(page, query.per_page))
  const { rows, counts } = await boundedPage(deps.db, { table: transfers, where, page: query.page, per_page: query.per_page }, readPage)
  const selections = await selectionCounts(
    deps.db,
    rows.map((row) => row.id),
  )
  const { timeZone } = scope.settings
  const items = rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    user_name: fullName(row.first_name, row.last_name),
    from_team_name: row.from_team_name,
    to_team_name: row.to_team_name,
    date: row.date,
    date_display: row.date ? displayDate(row.date, viewer.locale, timeZone) : null,
    created_display: displayDate(row.created_at, viewer.locale, timeZone),
    is_processed: row.is_processed,
    move_count: selections.get(row.id)?.move ?? 0,
    share_count: selections.get(row.id)?.share ?? 0,
  }))
  return { items, ...counts }
}

/**
 * The chosen contacts by name; a child hidden from the caller is left out (spec 2 §5; the
 * pastor's save keeps them), and so is a contact de-identified since (issue 40 §2: the
 * transfer's counts keep them).
 */
async function chosenContacts(db: Executor, scope: TeamScope, transferId: number, now: Date): Promise<TransferContact[]> {
  const rows = await db
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name, state: transferContacts.state })
    .from(transferContacts)
    .innerJoin(people, eq(people.id, transferContacts.contact_id))
    .where(and(eq(transferContacts.transfer_id, transferId), personGate(scope, now).visibleTo(), notDeIdentified(people.id)))
    .orderBy(asc(sql`lower(${people.first_name} || ' ' || ${people.last_name})`), asc(people.id))
  return rows.map((row) => ({ id: row.id, name: fullName(row.first_name, row.last_name), transfer_state: row.state }))
}

/**
 * GET transfer/{id}: for a conference that plans or receives it (read_transfer there), or for
 * a church it leaves or joins (its owners, the pastor among them). Any other is not found.
 * The chosen contacts are shown to the staff (update_transfer) and to the pastor.
 */
export async function readTransfer(deps: Deps, viewer: Viewer, scope: TeamScope, transferId: number): Promise<TransferItemResponse> {
  const [row] = await deps.db
    .select({
      transfer: transfers,
      first_name: people.first_name,
      last_name: people.last_name,
      email: sql<string>`coalesce(${accounts.email}, ${people.email}, '')`,
      from_conference_name: fromConference.title,
      to_conference_name: toConference.title,
      fromTeam,
      toTeam,
    })
    .from(transfers)
    .innerJoin(people, eq(people.id, transfers.person_id))
    .leftJoin(accounts, eq(accounts.person_id, transfers.person_id))
    .innerJoin(fromConference, eq(fromConference.id, transfers.from_conference_id))
    .innerJoin(toConference, eq(toConference.id, transfers.to_conference_id))
    .innerJoin(fromTeam, eq(fromTeam.id, transfers.from_team_id))
    .innerJoin(toTeam, eq(toTeam.id, transfers.to_team_id))
    .where(and(eq(transfers.id, transferId), seenBy(scope)))
  if (!row) throw new AppError('not_found')
  const transfer = row.transfer
  const now = deps.now()
  const { timeZone } = scope.settings
  const isPastor = transfer.person_id === viewer.personId
  const plans = scope.isConference && transfer.from_conference_id === scope.team.id && hasCapability(scope.role, 'create_transfer')
  const canReadContacts = hasCapability(scope.role, 'update_transfer')
  const contacts = canReadContacts || isPastor ? await chosenContacts(deps.db, scope, transferId, now) : []
  const userName = fullName(row.first_name, row.last_name)
  const open = !transfer.is_processed
  return {
    data_view: {
      id: transfer.id,
      user_id: transfer.person_id,
      user_name: userName,
      user_email: row.email,
      from_conference_id: transfer.from_conference_id,
      from_conference_name: row.from_conference_name,
      from_team_id: transfer.from_team_id,
      from_team_name: row.fromTeam.title,
      from_team_address_formatted_break: addressLines(row.fromTeam),
      to_conference_id: transfer.to_conference_id,
      to_conference_name: row.to_conference_name,
      to_team_id: transfer.to_team_id,
      to_team_name: row.toTeam.title,
      to_team_address_formatted_break: addressLines(row.toTeam),
      date: transfer.date,
      date_display: transfer.date ? displayDate(transfer.date, viewer.locale, timeZone) : null,
      created: transfer.created_at.toISOString(),
      created_display: displayDate(transfer.created_at, viewer.locale, timeZone),
      is_processed: transfer.is_processed,
      processed_display: transfer.processed_at ? displayDate(transfer.processed_at, viewer.locale, timeZone) : null,
      move_contact_ids: contacts.filter((contact) => contact.transfer_state === 'move').map((contact) => contact.id),
      share_contact_ids: contacts.filter((contact) => contact.transfer_state === 'share').map((contact) => contact.id),
      contacts,
    },
    data_edit:
      plans && open
        ? {
            from_conference_id: transfer.from_conference_id,
            from_conference_name: row.from_conference_name,
            to_conference_id: transfer.to_conference_id,
            to_conference_name: row.to_conference_name,
            from_team_id: transfer.from_team_id,
            from_team_name: row.fromTeam.title,
            to_team_id: transfer.to_team_id,
            to_team_name: row.toTeam.title,
            user_id: transfer.person_id,
            user_name: userName,
            date: transfer.date,
          }
        : null,
    can_update: plans && open,
    can_select_contacts: isPastor && open && scope.team.id === transfer.from_team_id,
    can_read_contacts: canReadContacts,
    can_process: plans && open && transfer.date === null,
  }
}
