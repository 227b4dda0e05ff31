import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  birthMonthRange,
  dobOf,
  formatInternational,
  genders,
  hasCapability,
  boundedListCount,
  countBound,
  maxPages,
  pageOffset,
  pageSlice,
  resolveContactSort,
  type ContactListKind,
  type ContactListItem,
  type contactListQuerySchema,
} from '@crm/domain'
import { assignments, groupContacts, people, teamContactCounts, teamContacts, transfers } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { loadGroupScope, type GroupScope, type Viewer } from '../../platform/access'
import { AppError } from '../../platform/errors'
import { displayDate, elapsed, fullName, oneOf } from '../../platform/format'
import { ageOf, growPhaseOf, loadContactLookups } from './contact-view'
import { contactSearch, contactWalkSearch, firstWordPattern, notChildRow, searchNeedle } from './list-search'
import { maxWalkedWords, orderTerms, pageSource, sortKey, wordWalk } from './list-pages'

// The scope comes from the platform (team_id and group_id, or transfer_team_id alone).
type ListQuery = Omit<z.output<typeof contactListQuerySchema>, 'team_id' | 'group_id'>

const tc = teamContacts

function assignedTo(teamId: number, personId: number): SQL {
  return sql`exists (select 1 from ${assignments} where ${assignments.team_id} = ${teamId} and ${assignments.contact_id} = ${tc.person_id} and ${assignments.to_person_id} = ${personId})`
}

/**
 * The assigned list: the caller's assignments in the team, looked up by the assignments
 * index and then by person, so the list costs what the caller is assigned, not what the
 * team holds.
 */
function assignedToCaller(teamId: number, personId: number): SQL {
  return sql`${tc.person_id} = any(array(select ${assignments.contact_id} from ${assignments} where ${assignments.team_id} = ${teamId} and ${assignments.to_person_id} = ${personId}))`
}

function monthsAgo(now: Date, months: number): Date {
  const date = new Date(now)
  date.setMonth(date.getMonth() - months)
  return date
}

/** Which rows a list holds, before search and filters. */
function listRows(kind: ContactListKind, viewer: Viewer, scope: GroupScope): SQL[] {
  const conditions: SQL[] = [eq(tc.team_id, scope.team.id), eq(tc.state, 'active')]
  conditions.push(kind === 'archived' ? isNotNull(tc.archived_at) : isNull(tc.archived_at))
  if (scope.group.id !== scope.team.id) {
    conditions.push(
      sql`exists (select 1 from ${groupContacts} where ${groupContacts.group_id} = ${scope.group.id} and ${groupContacts.person_id} = ${tc.person_id})`,
    )
  }
  if (kind === 'assigned') conditions.push(assignedToCaller(scope.team.id, viewer.personId))
  if (kind === 'archived' && !hasCapability(scope.groupRole, 'read_contact')) {
    // Without read_contact: the archived contacts the caller could read (assigned or added by them).
    conditions.push(
      or(
        assignedTo(scope.team.id, viewer.personId),
        eq(tc.added_by_id, viewer.personId),
        sql`exists (select 1 from ${people} where ${people.id} = ${tc.person_id} and ${people.created_by_id} = ${viewer.personId})`,
      )!,
    )
  }
  return conditions
}

/** The filters of the query (spec 2 §9). A gated caller's detail filters never match a child. */
function listFilters(query: ListQuery, gated: boolean, now: Date): SQL[] {
  const conditions: SQL[] = []
  if (query.age) {
    const { from, to } = birthMonthRange(query.age, now)
    conditions.push(sql`${tc.birth_month} between ${from} and ${to}`)
  }
  if (query.member_status) conditions.push(eq(tc.member_status, query.member_status))
  if (query.grow_phase) conditions.push(eq(tc.grow_phase, query.grow_phase))
  if (query.source) conditions.push(eq(tc.source, query.source))
  if (query.gender) conditions.push(eq(tc.gender, query.gender))
  switch (query.interaction) {
    case 'missed':
      conditions.push(eq(tc.has_overdue_interaction, true))
      break
    case 'none':
      conditions.push(isNull(tc.last_interaction_at), isNull(tc.next_interaction_at))
      break
    case '1':
    case '3':
    case '6':
      conditions.push(or(isNull(tc.last_interaction_at), lt(tc.last_interaction_at, monthsAgo(now, Number(query.interaction))))!)
      break
    case 'unvisited':
      conditions.push(isNull(tc.last_visit_at))
      break
    case undefined:
      break
  }
  if (gated && conditions.length > 0) conditions.push(notChildRow(now))
  return conditions
}

/**
 * The rows of a contacts list under the query's filters and search, as the list reads them:
 * GET contacts-for-map asks "the same query" (spec 2 §7) through this.
 */
export function contactListWhere(kind: ContactListKind, viewer: Viewer, scope: GroupScope, query: ListQuery, now: Date): SQL | undefined {
  const gated = scope.childGate !== null
  return and(...listRows(kind, viewer, scope), ...listFilters(query, gated, now), contactSearch(query.search, gated, now))
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: T[] }).rows
}

/**
 * The count of a list the team's counts row holds exactly (team_contact_counts, kept by
 * triggers): the team's whole contacts or archived list, no search, no filter. Other lists
 * count up to a bound. Null when the list is not one of these.
 */
function countedList(kind: ContactListKind, scope: GroupScope, query: ListQuery, filtered: boolean): 'active' | 'archived' | null {
  if (filtered || searchNeedle(query.search) || scope.group.id !== scope.team.id) return null
  if (kind === 'contacts') return 'active'
  // Without read_contact the archived list holds only some of the team's archived contacts.
  if (kind === 'archived' && hasCapability(scope.groupRole, 'read_contact')) return 'archived'
  return null
}

/**
 * GET contacts, assigned-contacts and archived-contacts: one query for the page, one for
 * the count, the lookups once. The page is found on team_contacts alone (an index-only
 * scan of the list index for the default sorts, from the nearer end of the list), then
 * joined to the people of that page only. The count is the team's counts row for a whole
 * list, else the matches up to a bound (issue 11; docs/benchmarks.md).
 */
export async function listContacts(
  deps: Deps,
  viewer: Viewer,
  selected: GroupScope,
  kind: ContactListKind,
  query: ListQuery,
): Promise<{ items: ContactListItem[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  const scope = kind === 'assigned' && query.transfer_team_id !== undefined ? await transferScope(deps, viewer, query.transfer_team_id) : selected
  const now = deps.now()
  const locale = viewer.locale
  const { timeZone } = scope.settings
  const gated = scope.childGate !== null
  const filters = listFilters(query, gated, now)
  const listed = and(...listRows(kind, viewer, scope))!
  // The filters and the search.
  const matching = and(...filters, contactSearch(query.search, gated, now))
  const where = and(listed, matching)
  const { order_by: orderBy, order } = resolveContactSort(kind, query)
  const sort = sortKey(orderBy, order, gated, now)
  // The same, as a walk of a list index sorted otherwise than by name checks it: a one-word name
  // by its words, so no contact row is read when the filters are in the index. By name, the
  // walk reads dense matches from the start of the names, where the row is read anyway.
  const walkMatching = orderBy === 'name' ? matching : and(...filters, contactWalkSearch(query.search, gated, now, scope.team.id))
  const needle = searchNeedle(query.search)
  const pattern = needle ? firstWordPattern(needle) : null
  // A row a word walk reads has a word that starts with the search's first word: a one-word
  // name needs no other check of it, and the rest is read from an index (issue 39).
  const oneWord = needle?.kind === 'words' && needle.text === needle.first
  const wordWhere = oneWord ? and(listed, ...filters, gated ? notChildRow(now) : undefined) : where
  const inGroup = scope.group.id !== scope.team.id

  // The count: one row of team_contact_counts for a whole list; for any other, the matches
  // up to a bound (countBound), so neither costs what the team holds (issue 11).
  const counted = countedList(kind, scope, query, filters.length > 0)
  const readCount = async (): Promise<{ count: number; max_pages: number; count_is_lower_bound?: true }> => {
    if (counted) {
      const [row] = await deps.db.select({ n: teamContactCounts[counted] }).from(teamContactCounts).where(eq(teamContactCounts.team_id, scope.team.id))
      const n = row?.n ?? 0
      return { count: n, max_pages: maxPages(n, query.per_page) }
    }
    const bound = countBound(query.page, query.per_page)
    const everyMatch = sql`select 1 from ${tc} where ${where} limit ${bound + 1}`
    let counting: SQL
    if (pattern) {
      // A name search: the walk of its words, up to the bound; for a start more words share,
      // the trigram index's matches.
      counting = sql`with ${wordWalk(scope.team.id, pattern, wordWhere, 'asc', bound + 1)}
        select case when (select count(*) from words) <= ${maxWalkedWords} then (select count(*) from (select 1 from walked limit ${bound + 1}) w)
          else (select count(*) from (${everyMatch}) m) end as n`
    } else if (inGroup && !needle && filters.length === 0) {
      // A group's whole list from its memberships, each looked up in the team: PostgreSQL
      // otherwise merged the group with the whole team by person (76 ms at 1,000,000).
      counting = sql`select count(*) as n from (select 1 from ${groupContacts} g
        cross join lateral (${sql`select 1 from ${tc} where ${tc.team_id} = ${scope.team.id} and ${tc.person_id} = g.person_id and ${where} offset 0`}) x
        where g.group_id = ${scope.group.id} limit ${bound + 1}) m`
    } else {
      counting = sql`select count(*) as n from (${everyMatch}) m`
    }
    const [row] = rowsOf<{ n: number | string }>(await deps.db.execute(counting))
    return boundedListCount(Number(row?.n ?? 0), bound, query.per_page)
  }
  // A deep page of a whole list is read from its nearer end, which needs the count first;
  // page 1 and the other lists read the page and the count side by side.
  const countFirst = counted !== null && query.page > 1 ? await readCount() : null
  const slice = countFirst
    ? pageSlice(query.page, query.per_page, countFirst.count)
    : { offset: pageOffset(query.page, query.per_page), limit: query.per_page, fromEnd: false }

  const pageRows = pageSource({ kind, orderBy, sort, needle, pattern, teamId: scope.team.id, rows: listed, matching: walkMatching, where, wordWhere, slice })
  const page = sql`(${pageRows}) as "page"`
  // Named in full: the page is a subquery of SQL of its own.
  const pageId = sql<number>`"page"."person_id"`
  const pageKey = sql`"page"."k"`
  const row = tc
  const rowsQuery = deps.db
    .select({
      person: {
        id: people.id,
        first_name: people.first_name,
        last_name: people.last_name,
        gender: people.gender,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
        email: people.email,
        phone: people.phone,
        member_status: people.member_status,
        grow_phase: people.grow_phase,
        source: people.source,
      },
      teamContact: {
        state: row.state,
        archived_at: row.archived_at,
        created_at: row.created_at,
        last_interaction_at: row.last_interaction_at,
        next_interaction_at: row.next_interaction_at,
        has_overdue_interaction: row.has_overdue_interaction,
      },
      isAssigned: sql<boolean>`exists (select 1 from ${assignments} where ${assignments.team_id} = ${scope.team.id} and ${assignments.contact_id} = ${pageId} and ${assignments.to_person_id} = ${viewer.personId})`,
    })
    .from(page)
    .innerJoin(row, and(eq(row.team_id, scope.team.id), eq(row.person_id, pageId)))
    .innerJoin(people, eq(people.id, pageId))
    .orderBy(...orderTerms(pageKey, pageId, sort))
  // The lookups, the page and the count side by side: three round trips in the time of one.
  const [lookups, rows, counts] = await Promise.all([loadContactLookups(deps.db, locale), rowsQuery, countFirst ?? readCount()])

  // Each item is one object literal: on Node 20 every property written after a spread
  // (`{ ...base, gender, ... }`) takes a slow path, ~1 µs each, 2 ms for a page of 100 rows.
  const items = rows.map(({ person, teamContact, isAssigned }): ContactListItem => {
    const { age, is_child } = ageOf(person, now)
    const name = fullName(person.first_name, person.last_name)
    const status = teamContact.archived_at ? ('archive' as const) : ('active' as const)
    if (is_child && gated) return restrictedItem(person.id, status)
    const growPhase = growPhaseOf(person.grow_phase, locale)
    return {
      id: person.id,
      name,
      first_name: person.first_name,
      last_name: person.last_name,
      is_child,
      status,
      gender: oneOf(genders, person.gender),
      dob: dobOf(person.dob_year, person.dob_month),
      age,
      is_restricted: false,
      email: person.email,
      phone: person.phone ? formatInternational(person.phone) : null,
      member_status: person.member_status,
      member_status_display: lookups.title('member-status-types', person.member_status),
      grow_phase: growPhase.grow_phase,
      grow_phase_display: growPhase.grow_phase_display,
      source_display: lookups.title('contact-source-types', person.source),
      is_assigned: Boolean(isAssigned),
      is_awaiting_approval: teamContact.state === 'awaiting_approval',
      has_incomplete_interaction: teamContact.next_interaction_at !== null || teamContact.has_overdue_interaction,
      last_interaction_days_ago: teamContact.last_interaction_at ? elapsed(teamContact.last_interaction_at, now).days_ago : null,
      created_display: displayDate(teamContact.created_at, locale, timeZone),
      archived_display: teamContact.archived_at ? displayDate(teamContact.archived_at, locale, timeZone) : null,
    }
  })
  return { items, ...counts }
}

/**
 * transfer_team_id (spec 2 §7 transferTeamId; issue 18): the pastor of an upcoming transfer
 * lists the contacts assigned to them in its from-church, to choose which go with them. The
 * church is read as the pastor's own (their role there, its settings and child gate). Any
 * other church, or a caller with no upcoming transfer from it, is not found.
 */
async function transferScope(deps: Deps, viewer: Viewer, churchId: number): Promise<GroupScope> {
  const [upcoming] = await deps.db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.person_id, viewer.personId), eq(transfers.from_team_id, churchId), eq(transfers.is_processed, false)))
    .limit(1)
  if (!upcoming) throw new AppError('not_found')
  const scope = await loadGroupScope(deps.db, viewer, churchId, churchId)
  if (!hasCapability(scope.groupRole, 'read_assigned_contact')) throw new AppError('forbidden')
  return scope
}

/**
 * A child's row for a caller under the child data gate: neutral, the id (its page says what
 * is missing and whom to ask) and nothing that names the child (spec 2 §5, issue 33); the
 * list's count keeps it, so the count stays honest.
 */
function restrictedItem(id: number, status: ContactListItem['status']): ContactListItem {
  return {
    id,
    name: '',
    first_name: '',
    last_name: '',
    is_child: true,
    status,
    is_restricted: true,
    gender: null,
    dob: null,
    age: null,
    email: null,
    phone: null,
    member_status: null,
    member_status_display: null,
    grow_phase: null,
    grow_phase_display: null,
    source_display: null,
    is_assigned: false,
    is_awaiting_approval: false,
    has_incomplete_interaction: false,
    last_interaction_days_ago: null,
    created_display: '',
    archived_display: null,
  }
}
