import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm'
import {
  activityTypesOfFilter,
  clampPage,
  hasCapability,
  likePattern,
  maxPages,
  pageOffset,
  type ActivityDateRange,
  type ActivityItem,
  type ActivityTypeFilter,
} from '@crm/domain'
import { activityLog, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { displayDateTime, fullName } from '../../platform/format'

const al = activityLog
const viewedByLimit = 20

// Each range: the unit PostgreSQL truncates to and how many units back it starts.
const ranges: Record<Exclude<ActivityDateRange, 'all'>, [unit: 'week' | 'month' | 'year', back: 0 | 1]> = {
  this_week: ['week', 0],
  last_week: ['week', 1],
  this_month: ['month', 0],
  last_month: ['month', 1],
  this_year: ['year', 0],
  last_year: ['year', 1],
}

/**
 * The rows of a date range in the team's time zone: PostgreSQL truncates the local time now
 * to the week (Monday), month or year, and the bounds go back to instants, so the
 * (contact, created_at) index serves the range.
 */
export function inDateRange(range: ActivityDateRange | undefined, now: Date, timeZone: string): SQL | undefined {
  if (!range || range === 'all') return undefined
  const [unit, back] = ranges[range]
  const start = sql`(date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${timeZone}) - ${sql.raw(`interval '${back} ${unit}'`)})`
  const end = sql`(${start} + ${sql.raw(`interval '1 ${unit}'`)})`
  return sql`${al.created_at} >= (${start} at time zone ${timeZone}) and ${al.created_at} < (${end} at time zone ${timeZone})`
}

/**
 * A private note never shows its content, whatever wrote the row: a value recorded with
 * is_encrypted loses its content here too.
 */
export function withoutPrivateContent(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value ?? null
  const record = value as Record<string, unknown>
  if (record['is_encrypted'] !== true) return record
  const { content: _content, ...rest } = record
  return rest
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((item) => asText(item) ?? '').join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The readable changes of a row: each field whose value differs, ids and the raw value of a
 * field that also has its _display form left out.
 */
export function changesOf(before: unknown, after: unknown): ActivityItem['computed_data']['changes'] {
  const record = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})
  const old = record(before)
  const current = record(after)
  const fields = [...new Set([...Object.keys(old), ...Object.keys(current)])]
  const shown = fields.filter((field) => !field.endsWith('_id') && field !== 'id' && !fields.includes(`${field}_display`))
  return shown
    .map((field) => ({ field: field.replace(/_display$/, ''), before: asText(old[field]), after: asText(current[field]) }))
    .filter((change) => change.before !== change.after)
}

/** A row of the log as read with its author's name (people joined on author_id). */
export interface ActivityRow {
  id: number
  type: string
  action: 'add' | 'update' | 'delete' | 'view'
  author_id: number | null
  first: string | null
  last: string | null
  created_at: Date
  subject_id: number | null
  before: unknown
  after: unknown
}

/** The columns of an ActivityRow; the query joins `people` on the author. */
export const activityRowColumns = {
  id: al.id,
  type: al.subject_type,
  action: al.action,
  author_id: al.author_id,
  first: people.first_name,
  last: people.last_name,
  created_at: al.created_at,
  subject_id: al.subject_id,
  before: al.before,
  after: al.after,
}

/** One item of a log as the wire carries it: a private note's content left out, the changes readable. */
export function activityItemOf(row: ActivityRow, viewer: Viewer, timeZone: string): ActivityItem {
  const before = withoutPrivateContent(row.before)
  const after = withoutPrivateContent(row.after)
  return {
    id: row.id,
    type: row.type,
    action: row.action === 'view' ? 'update' : row.action,
    author_id: row.author_id,
    author_name: row.first === null ? '' : fullName(row.first, row.last),
    created_at: row.created_at.toISOString(),
    created_display: displayDateTime(row.created_at, viewer.locale, timeZone),
    subject_id: row.subject_id,
    data: { before, after },
    computed_data: { changes: changesOf(before, after) },
  }
}

/** The search of a log: the author by name. */
export function authorSearch(search: string | undefined): SQL | undefined {
  return search ? ilike(sql`${people.first_name} || ' ' || ${people.last_name}`, likePattern(search)) : undefined
}

export interface ActivityQuery {
  page: number
  per_page: number
  search?: string | undefined
  order?: 'asc' | 'desc' | undefined
  date_range?: ActivityDateRange | undefined
  type?: ActivityTypeFilter | undefined
  user_id?: number | undefined
}

/**
 * activity-log-for-contact/{id}: what was done on the contact in this team, newest first.
 * With read_activity_log every author's rows; otherwise only the caller's own. Safeguarding reads ('view') are not changes: the team's owners see them apart,
 * as "Viewed by".
 */
export async function listContactActivity(deps: Deps, viewer: Viewer, scope: ContactScope, query: ActivityQuery) {
  // A child's log holds the child's data: closed as the record is (spec 2 §5, issue 33).
  assertChildDataAllowed(scope)
  const readsAll = hasCapability(scope.contactRole, 'read_activity_log')
  // Without read_activity_log the user filter narrows the caller's own rows: another
  // person's id finds nothing (spec 2 §6: the filter is the team's, for read_activity_log).
  const ownOnly = readsAll ? undefined : eq(al.author_id, viewer.personId)
  const { timeZone } = scope.settings
  const where = and(
    eq(al.contact_id, scope.contact.id),
    eq(al.team_id, scope.team.id),
    ne(al.action, 'view'),
    ownOnly,
    query.user_id === undefined ? undefined : eq(al.author_id, query.user_id),
    query.type ? inArray(al.subject_type, [...activityTypesOfFilter[query.type]]) : undefined,
    inDateRange(query.date_range, deps.now(), timeZone),
    // The search finds the author by name.
    authorSearch(query.search),
  )
  const [total] = await deps.db.select({ n: count() }).from(al).leftJoin(people, eq(people.id, al.author_id)).where(where)
  const pages = maxPages(total?.n ?? 0, query.per_page)
  const direction = query.order === 'asc' ? asc : desc
  const rows = await deps.db
    .select(activityRowColumns)
    .from(al)
    .leftJoin(people, eq(people.id, al.author_id))
    .where(where)
    .orderBy(direction(al.created_at), direction(al.id))
    .limit(query.per_page)
    .offset(pageOffset(clampPage(query.page, pages), query.per_page))
  return {
    items: rows.map((row) => activityItemOf(row, viewer, timeZone)),
    count: total?.n ?? 0,
    max_pages: pages,
    viewed_by: readsAll ? await viewedBy(deps, viewer, scope) : [],
  }
}

/** The latest safeguarding reads of the contact in this team (a minor's record, notes, interactions). */
async function viewedBy(deps: Deps, viewer: Viewer, scope: ContactScope) {
  const rows = await deps.db
    .select({ author_id: al.author_id, first: people.first_name, last: people.last_name, created_at: al.created_at, type: al.subject_type, after: al.after })
    .from(al)
    .leftJoin(people, eq(people.id, al.author_id))
    .where(and(eq(al.contact_id, scope.contact.id), eq(al.team_id, scope.team.id), eq(al.action, 'view')))
    .orderBy(desc(al.created_at), desc(al.id))
    .limit(viewedByLimit)
  return rows.map((row) => {
    const list = row.after && typeof row.after === 'object' ? (row.after as { list?: unknown }).list : undefined
    return {
      author_id: row.author_id,
      author_name: row.first === null ? '' : fullName(row.first, row.last),
      created_display: displayDateTime(row.created_at, viewer.locale, scope.settings.timeZone),
      what: typeof list === 'string' ? list : row.type === 'user' ? 'record' : row.type,
    }
  })
}
