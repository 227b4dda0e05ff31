import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  likePattern,
  pageOffset,
  zonedDate,
  zonedInstant,
  type addNotificationRequest,
  type ManagedNotification,
  type manageNotificationsRequest,
  type updateNotificationRequest,
} from '@crm/domain'
import { notificationReceipts, notifications } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { boundedPage } from '../../platform/bounded-page'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'
import { sanitizeRichText } from '../../platform/sanitize'
import { refuseField } from '../../platform/field-refusals'

// Notification management (spec 3 §2.7, §3 Notification, §5, §6, §7 Notifications, §9): a
// conference's notifications, and for site admins the global ones, with 'Seen by n'.

const n = notifications
type ListQuery = z.output<typeof manageNotificationsRequest>
type AddInput = z.output<typeof addNotificationRequest>
type UpdateInput = z.output<typeof updateNotificationRequest>

/** What the caller manages from this conference: its notifications, and the global ones for a site admin. */
function managedBy(viewer: Viewer, scope: TeamScope): SQL {
  const own = and(eq(n.level, 'conference'), eq(n.team_id, scope.team.id))!
  return viewer.isSiteAdmin ? or(own, eq(n.level, 'global'))! : own
}

// Each range: the unit PostgreSQL truncates to and how many units back it starts.
const ranges = {
  this_week: ['week', 0],
  last_week: ['week', 1],
  this_month: ['month', 0],
  last_month: ['month', 1],
  this_year: ['year', 0],
  last_year: ['year', 1],
} as const

/** The date filter (spec 3 §9): 'future' is scheduled and not shown yet; the others a range of `date` in the team's time zone. */
function dateFilter(filter: ListQuery['date_filter'], now: Date, timeZone: string): SQL | undefined {
  if (!filter) return undefined
  const at = sql`${now.toISOString()}::timestamptz`
  if (filter === 'future') return sql`${n.date} > ${at}`
  const [unit, back] = ranges[filter]
  const start = sql`(date_trunc(${unit}, ${at} at time zone ${timeZone}) - ${sql.raw(`interval '${back} ${unit}'`)})`
  const end = sql`(${start} + ${sql.raw(`interval '1 ${unit}'`)})`
  return sql`${n.date} >= (${start} at time zone ${timeZone}) and ${n.date} < (${end} at time zone ${timeZone})`
}

const importanceRank = sql`case ${n.importance} when 'high' then 3 when 'medium' then 2 else 1 end`

function orderOf(query: ListQuery): SQL[] {
  const by = query.order === 'asc' ? asc : desc
  if (query.order_by === 'date') return [by(n.date), by(n.id)]
  if (query.order_by === 'importance') return [by(importanceRank), desc(n.date), desc(n.id)]
  return [by(n.created_at), by(n.id)]
}

/** GET manage-notifications: one page, filtered and sorted, with 'Seen by n' from one grouped query. */
export async function listManagedNotifications(deps: Deps, viewer: Viewer, scope: TeamScope, query: ListQuery) {
  const { timeZone } = scope.settings
  const term = query.search?.trim()
  const where = and(
    managedBy(viewer, scope),
    query.importance ? eq(n.importance, query.importance) : undefined,
    dateFilter(query.date_filter, deps.now(), timeZone),
    // The words of the content, not its tags.
    term ? sql`regexp_replace(regexp_replace(${n.content}, '<[^>]*>', ' ', 'g'), '[[:space:]]+', ' ', 'g') ilike ${likePattern(term)}` : undefined,
  )!
  const readPage = (page: number) =>
    deps.db
      .select()
      .from(n)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.per_page)
      .offset(pageOffset(page, query.per_page))
  const { rows, counts } = await boundedPage(deps.db, { table: n, where, page: query.page, per_page: query.per_page }, readPage)
  const seenBy = await seenByCounts(
    deps,
    rows.map((row) => row.id),
  )
  const items = rows.map((row): ManagedNotification => ({
    id: row.id,
    content: row.content,
    link_url: row.link_url,
    link_text: row.link_text,
    importance: row.importance,
    is_scheduled: row.is_scheduled,
    date: row.is_scheduled ? zonedDate(row.date, timeZone) : null,
    date_timestamp: Math.floor(row.date.getTime() / 1000),
    level: row.level === 'global' ? 'global' : 'conference',
    is_seen_by_count: seenBy.get(row.id) ?? 0,
    created_display: displayDate(row.created_at, viewer.locale, timeZone),
  }))
  return { items, ...counts }
}

async function seenByCounts(deps: Deps, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await deps.db
    .select({ id: notificationReceipts.notification_id, n: sql<number>`count(*)::int` })
    .from(notificationReceipts)
    .where(inArray(notificationReceipts.notification_id, ids))
    .groupBy(notificationReceipts.notification_id)
  return new Map(rows.map((row) => [row.id, row.n]))
}

/** 'global' is for site admins only (spec 3 §6): anyone else is refused, and nothing is stored. */
function checkLevel(viewer: Viewer, level: 'global' | 'conference' | undefined): void {
  if (level === 'global' && !viewer.isSiteAdmin) throw refuseField('level', 'global_needs_site_admin', { code: 'forbidden' })
}

/** The moment a scheduled day begins in the team's time zone; a day already past is refused. */
function scheduledAt(date: string | null | undefined, now: Date, timeZone: string): Date {
  if (!date) throw refuseField('date', 'required', { message: 'Choose the date to show the notification' })
  if (date < zonedDate(now, timeZone)) throw refuseField('date', 'date_in_past')
  return zonedInstant(date, '00:00', timeZone)
}

/** POST add-notification: sanitized content; the date only when scheduled (spec 3 §5). */
export async function addNotification(deps: Deps, viewer: Viewer, scope: TeamScope, input: AddInput): Promise<{ id: number }> {
  checkLevel(viewer, input.level)
  const now = deps.now()
  const level = input.level ?? 'conference'
  const [row] = await deps.db
    .insert(n)
    .values({
      level,
      team_id: level === 'global' ? null : scope.team.id,
      created_by: viewer.personId,
      content: cleanContent(input.content),
      link_url: input.link_url ?? null,
      link_text: input.link_text || null,
      importance: input.importance,
      is_scheduled: input.is_scheduled,
      date: input.is_scheduled ? scheduledAt(input.date, now, scope.settings.timeZone) : now,
    })
    .returning({ id: n.id })
  return { id: row!.id }
}

/** Stored content: sanitized, and not empty once sanitized (a lone <script> is nothing). */
function cleanContent(content: string): string {
  const clean = sanitizeRichText(content, { webLinksOnly: true }).trim()
  if (!clean) throw refuseField('content', 'required', { message: 'Write the notification' })
  return clean
}

/** The notification the caller manages from this conference, else 404. */
async function managedNotification(deps: Deps, viewer: Viewer, scope: TeamScope, id: number) {
  const [row] = await deps.db
    .select()
    .from(n)
    .where(and(eq(n.id, id), managedBy(viewer, scope)))
  if (!row) throw new AppError('not_found')
  return row
}

/** POST update-notification: the fields sent change; a date stays the scheduled one unless a new one is sent. */
export async function updateNotification(deps: Deps, viewer: Viewer, scope: TeamScope, input: UpdateInput): Promise<{ success: true }> {
  checkLevel(viewer, input.level)
  const row = await managedNotification(deps, viewer, scope, input.id)
  const now = deps.now()
  const isScheduled = input.is_scheduled ?? row.is_scheduled
  let date = row.date
  const { timeZone } = scope.settings
  // The form sends the date back as it was: only a new day is checked (and must not be past).
  const sameDay = row.is_scheduled && input.date === zonedDate(row.date, timeZone)
  if (isScheduled && !sameDay && (input.date || !row.is_scheduled)) date = scheduledAt(input.date, now, timeZone)
  // No longer scheduled: it shows from now.
  if (!isScheduled && row.is_scheduled) date = now
  const level = input.level ?? (row.level === 'global' ? 'global' : 'conference')
  await deps.db
    .update(n)
    .set({
      level,
      team_id: level === 'global' ? null : scope.team.id,
      ...(input.content === undefined ? {} : { content: cleanContent(input.content) }),
      ...(input.link_url === undefined ? {} : { link_url: input.link_url }),
      ...(input.link_text === undefined ? {} : { link_text: input.link_text || null }),
      ...(input.importance === undefined ? {} : { importance: input.importance }),
      is_scheduled: isScheduled,
      date,
      updated_at: now,
    })
    .where(eq(n.id, row.id))
  return { success: true }
}

/** POST delete-notification: its receipts go with it (cascade). */
export async function deleteNotification(deps: Deps, viewer: Viewer, scope: TeamScope, id: number): Promise<{ success: true }> {
  const row = await managedNotification(deps, viewer, scope, id)
  await deps.db.delete(n).where(eq(n.id, row.id))
  return { success: true }
}
