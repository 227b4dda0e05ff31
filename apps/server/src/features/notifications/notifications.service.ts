import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { affectedRows, rowsOf } from '../../db/client'
import { systemNotificationSchema, type Notification, type NotificationList } from '@crm/domain'
import { assignments, notificationReceipts, notifications, people, teamContacts } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { canReadContact, contactRoleOf } from '../../platform/contact-access'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'

// The notifications panel (spec 1 §2.10, §3 Notification, §7): what the caller sees in the
// selected team, marking one or all of them seen.

const n = notifications
const r = notificationReceipts

interface PanelQuery {
  filter?: 'unread' | 'read' | undefined
  page: number
  per_page: number
}

/**
 * The notifications the caller sees in the selected team, one condition per branch: the
 * global ones, those of the team's conference (the team itself, or its parent), and the
 * team ones addressed to the caller. Each branch is served by one index (level, team or
 * recipient, each with date).
 */
function branchesInTeam(viewer: Viewer, scope: GroupScope): SQL[] {
  const conferenceId = scope.isConference ? scope.team.id : scope.team.parent_id
  return [
    sql`n.level = 'global'`,
    ...(conferenceId === null ? [] : [sql`n.level = 'conference' and n.team_id = ${conferenceId}::int`]),
    sql`n.level = 'team' and n.recipient_user_id = ${viewer.personId}::int and n.team_id = ${scope.team.id}::int`,
  ]
}

/**
 * The notifications the caller sees through any of their teams (not a pending membership),
 * shown by now: what seen-notification and seen-all-notifications may mark. A site admin
 * sees every conference's.
 */
function visibleToCaller(viewer: Viewer, now: Date): SQL {
  const me = viewer.personId
  const conferences = viewer.isSiteAdmin
    ? sql`${n.level} = 'conference'`
    : sql`${n.level} = 'conference' and ${n.team_id} in (
        select case when t.kind = 'conference' then t.id else t.parent_id end
        from memberships m join teams t on t.id = m.team_id
        where m.person_id = ${me} and m.role <> 'member_request' and t.kind in ('conference', 'team'))`
  const own = sql`${n.level} = 'team' and ${n.recipient_user_id} = ${me} and ${n.team_id} in (
      select m.team_id from memberships m where m.person_id = ${me} and m.role <> 'member_request')`
  return sql`(${n.level} = 'global' or (${conferences}) or (${own})) and ${n.date} <= ${now.toISOString()}::timestamptz`
}

/**
 * GET notifications: a page, newest first, with the count under the filter and the unread
 * count. The page is found branch by branch (each an index scan in date order that stops
 * after offset + limit matches), merged, then read in full; the counts come from one scan
 * joined to the caller's receipts (a hash join, not a lookup per notification).
 */
export async function listNotifications(deps: Deps, viewer: Viewer, scope: GroupScope, query: PanelQuery): Promise<NotificationList> {
  const now = sql`${deps.now().toISOString()}::timestamptz`
  const me = viewer.personId
  const branches = branchesInTeam(viewer, scope)
  const seen = (id: SQL) => sql`exists (select 1 from notification_receipts r where r.notification_id = ${id} and r.user_id = ${me}::int)`
  const filter = query.filter === 'unread' ? sql`and not ${seen(sql`n.id`)}` : query.filter === 'read' ? sql`and ${seen(sql`n.id`)}` : sql``
  const offset = (query.page - 1) * query.per_page
  const reach = offset + query.per_page
  const pageOf = sql.join(
    branches.map(
      (branch) =>
        sql`(select n.id, n.date from notifications n where ${branch} and n.date <= ${now} ${filter} order by n.date desc, n.id desc limit ${reach}::int)`,
    ),
    sql` union all `,
  )
  const visible = sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` or `,
  )
  const [pageResult, countResult] = await Promise.all([
    deps.db.execute(sql`
      select n.id, ${seen(sql`n.id`)} as is_seen, n.importance, n.date, n.content, n.kind, n.params, n.link_url, n.link_text, n.associated_person_id
      from (select id, date from (${pageOf}) merged order by date desc, id desc limit ${query.per_page}::int offset ${offset}::int) page
      join notifications n on n.id = page.id
      order by n.date desc, n.id desc`),
    deps.db.execute(sql`
      select count(*)::int as total, count(r.notification_id)::int as seen
      from notifications n left join notification_receipts r on r.notification_id = n.id and r.user_id = ${me}::int
      where (${visible}) and n.date <= ${now}`),
  ])
  const rows = rowsOf<{
    id: number
    is_seen: boolean
    importance: Notification['importance']
    date: Date | string
    content: string
    link_url: string | null
    link_text: string | null
    kind: string | null
    params: unknown
    associated_person_id: number | null
  }>(pageResult)
  const [counts] = rowsOf<{ total: number; seen: number }>(countResult)
  const total = Number(counts?.total ?? 0)
  const seenCount = Number(counts?.seen ?? 0)
  const readable = await readableContacts(
    deps,
    viewer,
    scope,
    rows.map((row) => row.associated_person_id),
  )
  const items = rows.map(({ associated_person_id, date, kind, params, ...row }): Notification => ({
    ...row,
    system: systemOf(kind, params),
    date_timestamp: Math.floor(new Date(date).getTime() / 1000),
    associated_user: associated_person_id === null ? null : (readable.get(associated_person_id) ?? null),
  }))
  const count = query.filter === 'unread' ? total - seenCount : query.filter === 'read' ? seenCount : total
  return { items, count, count_unread: total - seenCount }
}

/**
 * A stored code and its parameters as the wire carries them; a row a person wrote, or one the
 * contract no longer reads, has none and its reader is shown its content.
 */
function systemOf(kind: string | null, params: unknown): Notification['system'] {
  if (kind === null) return null
  const parsed = systemNotificationSchema.safeParse({ kind, params: typeof params === 'string' ? JSON.parse(params) : params })
  return parsed.success ? parsed.data : null
}

/**
 * The contacts a page's notifications are about that the caller may read in the team (the
 * rules of loadContactScope: the team holds them and the caller reads them), by id. The
 * child gate names no minor to a caller without the checks.
 */
async function readableContacts(deps: Deps, viewer: Viewer, scope: GroupScope, ids: Array<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  const found = new Map<number, { id: number; name: string }>()
  if (wanted.length === 0) return found
  const rows = await deps.db
    .select({
      id: people.id,
      first_name: people.first_name,
      last_name: people.last_name,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
      created_by_id: people.created_by_id,
      added_by_id: teamContacts.added_by_id,
      assignment_id: assignments.id,
    })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .leftJoin(assignments, and(eq(assignments.contact_id, people.id), eq(assignments.team_id, scope.team.id), eq(assignments.to_person_id, viewer.personId)))
    .where(and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.state, 'active'), inArray(teamContacts.person_id, wanted)))
  const gate = personGate(scope, deps.now())
  for (const row of rows) {
    const isAssigned = row.assignment_id !== null
    const addedByCaller = row.added_by_id === viewer.personId || row.created_by_id === viewer.personId
    if (!canReadContact(contactRoleOf(scope.role, isAssigned), isAssigned, addedByCaller)) continue
    if (gate.hides(row)) continue
    found.set(row.id, { id: row.id, name: `${row.first_name} ${row.last_name}`.trim() })
  }
  return found
}

/** POST seen-notification/{id}: a notification the caller sees, else 404; again is fine. */
export async function markNotificationSeen(deps: Deps, viewer: Viewer, id: number): Promise<{ success: true }> {
  const result = await deps.db.execute(sql`
    insert into ${r} (notification_id, user_id)
    select ${n.id}, ${viewer.personId}::int from ${n}
    where ${n.id} = ${id}::int and ${visibleToCaller(viewer, deps.now())}
    on conflict do nothing
    returning notification_id`)
  const inserted = affectedRows(result)
  if (inserted === 0) {
    // Nothing written: already seen (fine), or not the caller's to see (404).
    const [visible] = await deps.db
      .select({ id: n.id })
      .from(n)
      .where(and(eq(n.id, id), visibleToCaller(viewer, deps.now())))
    if (!visible) throw new AppError('not_found')
  }
  return { success: true }
}

/** POST seen-all-notifications: every notification the caller sees, in one statement. */
export async function markAllNotificationsSeen(deps: Deps, viewer: Viewer): Promise<{ success: true }> {
  await deps.db.execute(sql`
    insert into ${r} (notification_id, user_id)
    select ${n.id}, ${viewer.personId}::int from ${n}
    where ${visibleToCaller(viewer, deps.now())}
    on conflict do nothing`)
  return { success: true }
}
