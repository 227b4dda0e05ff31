import { and, asc, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import {
  formatInternational,
  likePattern,
  maxUserImportRows,
  pageOffset,
  type ProcessedUserImportUser,
  type UserImport,
  type UserImportListItem,
  type userImportAllQuery,
  type userImportQuery,
  type userImportsQuery,
  type UserImportUser,
} from '@crm/domain'
import { people, teamContacts, teams, userImportRows, userImports } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { isChildSql, personGate, type PersonGate } from '../../platform/child-gate'
import { boundedPage } from '../../platform/bounded-page'
import type { CsvTable } from '../../platform/csv'
import { onReadReplica, type Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'
import { needleMatch, searchNeedle } from '../contacts/list-search'
import { churchesOf, shownDetails } from './records'

// The reads of import-and-share (spec 2 §2.4, §3 "Import-and-share record", §7): the
// conference's imports, not processed or processed; one import with a page of its people;
// every processed person; and the CSV of the last two.

type ListQuery = z.output<typeof userImportsQuery>
type ImportQuery = z.output<typeof userImportQuery>
type AllQuery = z.output<typeof userImportAllQuery>

const ui = userImports
const r = userImportRows

/** The most rows GET user-import/all?export=1 writes: its first ones in the list's order. */
export const maxProcessedExportRows = 50_000

// ---- The lists of imports ----

const hasPeople = sql`exists (select 1 from ${r} where ${r.import_id} = ${ui.id})`
const hasOpenPeople = sql`exists (select 1 from ${r} where ${r.import_id} = ${ui.id} and not ${r.is_processed})`

function importOrder(query: ListQuery): SQL[] {
  const by = (query.order ?? (query.order_by === 'title' ? 'asc' : 'desc')) === 'asc' ? asc : desc
  if (query.order_by === 'title') return [by(sql`lower(${ui.title})`), by(ui.id)]
  if (query.order_by === 'date') return [sql`${ui.date} ${sql.raw(by === asc ? 'asc' : 'desc')} nulls last`, by(ui.id)]
  return [by(ui.created_at), by(ui.id)]
}

/**
 * GET user-imports: a page of the conference's imports. Not processed: at least one person
 * waits (or it has none); processed: every person has been processed. Each import's counts
 * come from one grouped query of the page's imports.
 */
export async function listUserImports(primary: Deps, viewer: Viewer, scope: TeamScope, query: ListQuery) {
  const deps = onReadReplica(primary)
  const term = query.search?.trim()
  const where = and(
    eq(ui.team_id, scope.team.id),
    query.type === 'processed' ? and(hasPeople, not(hasOpenPeople)) : or(not(hasPeople), hasOpenPeople),
    term ? sql`lower(${ui.title}) like lower(${likePattern(term)})` : undefined,
  )!
  const author = alias(people, 'author')
  const readPage = (page: number) =>
    deps.db
      .select({ record: ui, author_first: author.first_name, author_last: author.last_name })
      .from(ui)
      .leftJoin(author, eq(author.id, ui.created_by))
      .where(where)
      .orderBy(...importOrder(query))
      .limit(query.per_page)
      .offset(pageOffset(page, query.per_page))
  const { rows, counts } = await boundedPage(deps.db, { table: ui, where, page: query.page, per_page: query.per_page }, readPage)
  const peopleCounts = await countPeople(
    deps,
    rows.map((row) => row.record.id),
  )
  const items = rows.map((row) => listItemOf(row.record, authorName(row.author_first, row.author_last), peopleCounts.get(row.record.id), viewer, scope))
  return { items, ...counts }
}

function authorName(first: string | null, last: string | null): string | null {
  return first === null ? null : `${first} ${last ?? ''}`.trim()
}

async function countPeople(deps: Deps, importIds: number[]): Promise<Map<number, { users: number; processed: number }>> {
  if (importIds.length === 0) return new Map()
  const rows = await deps.db
    .select({
      import_id: r.import_id,
      users: sql<number>`count(*)::int`,
      processed: sql<number>`count(*) filter (where ${r.is_processed})::int`,
    })
    .from(r)
    .where(inArray(r.import_id, importIds))
    .groupBy(r.import_id)
  return new Map(rows.map((row) => [row.import_id, { users: row.users, processed: row.processed }]))
}

function listItemOf(
  record: typeof ui.$inferSelect,
  author: string | null,
  counted: { users: number; processed: number } | undefined,
  viewer: Viewer,
  scope: TeamScope,
): UserImportListItem {
  const users = counted?.users ?? 0
  const processed = counted?.processed ?? 0
  return {
    id: record.id,
    title: record.title,
    date: record.date,
    content: record.content,
    created_display: displayDate(record.created_at, viewer.locale, scope.settings.timeZone),
    author_name: author,
    count_users: users,
    count_processed: processed,
    is_processed: users > 0 && processed === users,
  }
}

// ---- The people of an import, and every processed person ----

/**
 * The search over name, email and phone: the contacts lists' search (searchNeedle, needleMatch)
 * on the row's search text and name words. A caller under the child data gate finds a child by no detail:
 * a child's details are withheld.
 */
function personSearch(search: string | undefined, gated: boolean, now: Date): SQL | undefined {
  const needle = searchNeedle(search)
  if (!needle) return undefined
  const matches = needleMatch({ searchText: r.search_text, nameWords: r.name_words }, needle)
  return gated ? and(matches, sql`exists (select 1 from ${people} where ${people.id} = ${r.person_id} and not ${isChildSql(people, now)})`) : matches
}

type PeopleOrder = ImportQuery['order_by']

/**
 * The order of a list of people. By name it is the row's sort_name, the person's name kept
 * current on the row, so that every processed person of a conference pages through an index
 * (user_import_rows_processed_name_idx), the id breaking ties in the same direction.
 */
function peopleOrder(orderBy: PeopleOrder, order: 'asc' | 'desc' | undefined, gated: boolean, now: Date): SQL[] {
  const direction = sql.raw(order ?? 'asc')
  // A gated caller's sort by name must not place a child by its name.
  const name = gated ? sql`case when ${isChildSql(people, now)} then null else ${r.sort_name} end` : sql`${r.sort_name}`
  if (orderBy === 'created') return [sql`${r.id} ${direction}`]
  if (orderBy === 'is_processed') return [sql`${r.is_processed} ${direction}`, sql`${name} asc nulls last`, asc(r.id)]
  return gated ? [sql`${name} ${direction} nulls last`, asc(r.id)] : [sql`${name} ${direction}`, sql`${r.id} ${direction}`]
}

/** The columns of a person of an import, with the titles of the conference's teams that own them. */
function personColumns(conferenceId: number) {
  const processedTeam = alias(teams, 'processed_team')
  const owners = sql<string>`coalesce((
    select string_agg(${teams.title}, ', ' order by lower(${teams.title}), ${teams.id})
    from ${teamContacts} join ${teams} on ${teams.id} = ${teamContacts.team_id}
    where ${teamContacts.person_id} = ${r.person_id} and ${teamContacts.is_owner}
      and (${teams.id} = ${conferenceId} or ${teams.parent_id} = ${conferenceId})), '')`
  return {
    processedTeam,
    columns: {
      id: r.person_id,
      row: r.row,
      is_new: r.is_new,
      is_processed: r.is_processed,
      team_id: r.team_id,
      processed_team_title: processedTeam.title,
      team_owners_csv: owners,
      first_name: people.first_name,
      last_name: people.last_name,
      email: people.email,
      phone: people.phone,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
    },
  }
}

interface PersonRow {
  id: number
  row: number
  is_new: boolean
  is_processed: boolean
  team_id: number | null
  processed_team_title: string | null
  team_owners_csv: string
  first_name: string
  last_name: string
  email: string | null
  phone: string | null
  dob_year: number | null
  dob_month: number | null
  import_id: number
  import_title: string
}

function userOf(row: PersonRow, gate: PersonGate): UserImportUser {
  const shown = shownDetails(row, gate)
  // One literal, no spread: see docs/decisions.md, "Per-row objects are one literal".
  return {
    id: row.id,
    first_name: shown.first_name,
    last_name: shown.last_name,
    email: shown.email,
    phone: shown.phone ? formatInternational(shown.phone) : null,
    row: row.row,
    is_new: row.is_new,
    is_processed: row.is_processed,
    team_owners_csv: row.team_owners_csv,
    team_id: row.team_id,
    processed_team_title: row.processed_team_title,
  }
}

/**
 * People under `where` in `order`, from `offset` on, joined to their details and their import.
 * The page's rows are chosen first from the rows alone (through the index of their order; the
 * people only when the child gate orders by age), then joined: a deep page does not join
 * every row it skips.
 */
async function readPeople(
  deps: Deps,
  scope: TeamScope,
  where: SQL,
  order: SQL[],
  slice: { limit: number; offset: number },
  gated: boolean,
): Promise<PersonRow[]> {
  const { processedTeam, columns } = personColumns(scope.team.id)
  const rows = deps.db.select({ id: r.id }).from(r)
  const page = (gated ? rows.innerJoin(people, eq(people.id, r.person_id)) : rows)
    .where(where)
    .orderBy(...order)
    .limit(slice.limit)
    .offset(slice.offset)
  return deps.db
    .select({ ...columns, import_id: r.import_id, import_title: ui.title })
    .from(r)
    .innerJoin(people, eq(people.id, r.person_id))
    .innerJoin(ui, eq(ui.id, r.import_id))
    .leftJoin(processedTeam, eq(processedTeam.id, r.processed_team_id))
    .where(inArray(r.id, page))
    .orderBy(...order)
}

async function loadImport(deps: Deps, scope: TeamScope, importId: number) {
  const author = alias(people, 'author')
  const [row] = await deps.db
    .select({ record: ui, author_first: author.first_name, author_last: author.last_name })
    .from(ui)
    .leftJoin(author, eq(author.id, ui.created_by))
    .where(and(eq(ui.id, importId), eq(ui.team_id, scope.team.id)))
  // Another conference's import, or none: not found.
  if (!row) throw new AppError('not_found')
  return row
}

function importPeopleWhere(importId: number, query: ImportQuery, gated: boolean, now: Date): SQL {
  return and(
    eq(r.import_id, importId),
    query.is_processed === undefined ? undefined : eq(r.is_processed, query.is_processed),
    personSearch(query.search, gated, now),
  )!
}

/**
 * GET user-import/{id}: the import, a page of its people (by name ascending unless asked
 * otherwise), the church chosen for each of its people and the conference's churches.
 */
export async function getUserImport(deps: Deps, viewer: Viewer, scope: TeamScope, importId: number, query: ImportQuery): Promise<UserImport> {
  const now = deps.now()
  const gate = personGate(scope, now)
  const gated = gate.gated
  const found = await loadImport(deps, scope, importId)
  const where = importPeopleWhere(importId, query, gated, now)
  const order = peopleOrder(query.order_by, query.order, gated, now)
  const readPage = (page: number) => readPeople(deps, scope, where, order, { limit: query.per_page, offset: pageOffset(page, query.per_page) }, gated)
  const [{ rows, counts }, peopleCounts, choices, churches] = await Promise.all([
    boundedPage(deps.db, { table: r, where, page: query.page, per_page: query.per_page }, readPage),
    countPeople(deps, [importId]),
    deps.db
      .select({ person_id: r.person_id, team_id: r.team_id })
      .from(r)
      .where(and(eq(r.import_id, importId), sql`${r.team_id} is not null`)),
    churchesOf(deps.db, scope.team.id),
  ])
  return {
    ...listItemOf(found.record, authorName(found.author_first, found.author_last), peopleCounts.get(importId), viewer, scope),
    users: rows.map((row) => userOf(row, gate)),
    count: counts.count,
    max_pages: counts.max_pages,
    team_id_by_user: Object.fromEntries(choices.map((choice) => [String(choice.person_id), choice.team_id!])),
    teams: churches,
  }
}

const processedOfConference = (scope: TeamScope) => and(eq(r.conference_id, scope.team.id), eq(r.is_processed, true))!

/** GET user-import/all: a page of every processed person of the conference's imports. */
export async function listProcessedPeople(primary: Deps, viewer: Viewer, scope: TeamScope, query: AllQuery) {
  const deps = onReadReplica(primary)
  const now = deps.now()
  const gate = personGate(scope, now)
  const gated = gate.gated
  const where = and(processedOfConference(scope), personSearch(query.search, gated, now))!
  // Every person here is processed: 'is_processed' is the order by name.
  const order = peopleOrder(query.order_by === 'is_processed' ? 'name' : query.order_by, query.order, gated, now)
  const readPage = (page: number) => readPeople(deps, scope, where, order, { limit: query.per_page, offset: pageOffset(page, query.per_page) }, gated)
  const { rows, counts } = await boundedPage(deps.db, { table: r, where, page: query.page, per_page: query.per_page }, readPage)
  const items = rows.map((row): ProcessedUserImportUser => ({ ...userOf(row, gate), import_id: row.import_id, import_title: row.import_title }))
  return { items, ...counts }
}

// ---- CSV ----

const csvHeaders = {
  en: ['Row', 'First name', 'Last name', 'Email', 'Phone', 'New', 'Processed', 'Owning teams', 'Chosen church', 'Processed church'],
  es: ['Fila', 'Nombre', 'Apellido', 'Correo electrónico', 'Teléfono', 'Nuevo', 'Procesado', 'Equipos propietarios', 'Iglesia elegida', 'Iglesia procesada'],
}
const importHeader = { en: 'Import', es: 'Importación' }
const yesNo = { en: ['Yes', 'No'], es: ['Sí', 'No'] }

function localeOf(viewer: Viewer): 'en' | 'es' {
  return viewer.locale === 'es' ? 'es' : 'en'
}

function csvRowOf(user: UserImportUser, churchTitles: Map<number, string>, locale: 'en' | 'es') {
  const [yes, no] = yesNo[locale]
  return [
    user.row,
    user.first_name,
    user.last_name,
    user.email,
    user.phone,
    user.is_new ? yes : no,
    user.is_processed ? yes : no,
    user.team_owners_csv,
    user.team_id === null ? '' : (churchTitles.get(user.team_id) ?? ''),
    user.processed_team_title,
  ]
}

/** GET user-import/{id}?export=1: every person of the import (under the query's filters), no paging. */
export async function exportUserImport(primary: Deps, viewer: Viewer, scope: TeamScope, importId: number, query: ImportQuery): Promise<CsvTable> {
  const deps = onReadReplica(primary)
  const now = deps.now()
  const gate = personGate(scope, now)
  const gated = gate.gated
  const found = await loadImport(deps, scope, importId)
  const where = importPeopleWhere(importId, query, gated, now)
  const [rows, churches] = await Promise.all([
    readPeople(deps, scope, where, peopleOrder(query.order_by, query.order, gated, now), { limit: maxUserImportRows, offset: 0 }, gated),
    churchesOf(deps.db, scope.team.id),
  ])
  const locale = localeOf(viewer)
  const titles = new Map(churches.map((church) => [church.id, church.title]))
  return {
    fileName: `import-${found.record.id}-${found.record.title}`,
    header: csvHeaders[locale],
    rows: rows.map((row) => csvRowOf(userOf(row, gate), titles, locale)),
  }
}

/** GET user-import/all?export=1: the processed people of the conference's imports, at most maxProcessedExportRows. */
export async function exportProcessedPeople(primary: Deps, viewer: Viewer, scope: TeamScope, query: AllQuery): Promise<CsvTable> {
  const deps = onReadReplica(primary)
  const now = deps.now()
  const gate = personGate(scope, now)
  const gated = gate.gated
  const where = and(processedOfConference(scope), personSearch(query.search, gated, now))!
  const [rows, churches] = await Promise.all([
    readPeople(
      deps,
      scope,
      where,
      peopleOrder(query.order_by === 'is_processed' ? 'name' : query.order_by, query.order, gated, now),
      { limit: maxProcessedExportRows, offset: 0 },
      gated,
    ),
    churchesOf(deps.db, scope.team.id),
  ])
  const locale = localeOf(viewer)
  const titles = new Map(churches.map((church) => [church.id, church.title]))
  return {
    fileName: `processed-contacts-${scope.team.title}`,
    header: [importHeader[locale], ...csvHeaders[locale]],
    rows: rows.map((row) => [row.import_title, ...csvRowOf(userOf(row, gate), titles, locale)]),
  }
}
