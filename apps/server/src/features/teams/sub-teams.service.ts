import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { likePattern, pageOffset, type ManageTeamsQuery, type SubTeamListItem } from '@crm/domain'
import { accounts, memberships, people, teamContacts, teams } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { boundedPage } from '../../platform/bounded-page'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'

// A conference's sub-teams (churches, chaplaincies): the list of spec 3 §2.4 Manage sub-teams
// with the owner and member activity of spec 1 §6, and their removal.

type ListQuery = Omit<ManageTeamsQuery, 'page' | 'per_page'> & { page: number; per_page: number }

function whereOf(scope: TeamScope, search: string | undefined): SQL {
  const term = search?.trim()
  // A conference has hundreds of sub-teams at most: teams_parent_idx narrows to them, the
  // search filters those few rows.
  return and(
    eq(teams.parent_id, scope.team.id),
    eq(teams.kind, 'team'),
    term
      ? or(sql`lower(${teams.title}) like lower(${likePattern(term)})`, sql`lower(coalesce(${teams.acms_id}, '')) like lower(${likePattern(term)})`)
      : undefined,
  )!
}

function orderOf(query: ListQuery): SQL[] {
  const orderBy = query.order_by ?? 'created'
  const by = (query.order ?? (orderBy === 'created' ? 'desc' : 'asc')) === 'asc' ? asc : desc
  return orderBy === 'title' ? [by(sql`lower(${teams.title})`), by(teams.id)] : [by(teams.created_at), by(teams.id)]
}

/** The owners, users and last sign-ins of the page's sub-teams: one grouped query. */
async function activityOf(deps: Deps, teamIds: number[]) {
  const byTeam = new Map<
    number,
    { users_count: number; has_owner: boolean; owner_name: string | null; owner_last_login: Date | null; any_member_last_login: Date | null }
  >()
  if (teamIds.length === 0) return byTeam
  const isOwner = sql`${memberships.role} = 'owner'`
  const rows = await deps.db
    .select({
      team_id: memberships.team_id,
      users_count: sql<number>`count(*) filter (where ${memberships.role} <> 'member_request')::int`,
      has_owner: sql<boolean>`coalesce(bool_or(${isOwner}), false)`,
      owner_name: sql<
        string | null
      >`(array_agg(trim(${people.first_name} || ' ' || ${people.last_name}) order by ${memberships.id}) filter (where ${isOwner}))[1]`,
      owner_last_login: sql<string | null>`max(${accounts.last_login_at}) filter (where ${isOwner})`,
      any_member_last_login: sql<string | null>`max(${accounts.last_login_at}) filter (where ${memberships.role} not in ('owner', 'member_request'))`,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.person_id))
    .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(inArray(memberships.team_id, teamIds))
    .groupBy(memberships.team_id)
  const asDate = (value: string | Date | null) => (value === null ? null : new Date(value))
  for (const row of rows) {
    byTeam.set(row.team_id, {
      users_count: row.users_count,
      has_owner: row.has_owner,
      owner_name: row.owner_name,
      owner_last_login: asDate(row.owner_last_login),
      any_member_last_login: asDate(row.any_member_last_login),
    })
  }
  return byTeam
}

/** GET manage-teams: one page of the conference's sub-teams with a bounded count. */
export async function listSubTeams(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  query: ListQuery,
): Promise<{ items: SubTeamListItem[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  const where = whereOf(scope, query.search)
  const readPage = (page: number) =>
    deps.db
      .select({ id: teams.id, title: teams.title, address_formatted: teams.address_formatted, acms_id: teams.acms_id, created_at: teams.created_at })
      .from(teams)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.per_page)
      .offset(pageOffset(page, query.per_page))
  const { rows, counts } = await boundedPage(deps.db, { table: teams, where, page: query.page, per_page: query.per_page }, readPage)
  const activity = await activityOf(
    deps,
    rows.map((row) => row.id),
  )
  const items = rows.map(({ created_at, ...row }) => {
    const found = activity.get(row.id)
    return {
      ...row,
      has_owner: found?.has_owner ?? false,
      owner_name: found?.owner_name ?? null,
      owner_last_login: found?.owner_last_login?.toISOString() ?? null,
      any_member_last_login: found?.any_member_last_login?.toISOString() ?? null,
      users_count: found?.users_count ?? 0,
      created_display: displayDate(created_at, viewer.locale, scope.settings.timeZone),
    }
  })
  return { items, ...counts }
}

/**
 * manage-teams/delete and remove-sub-team: the sub-team goes with its groups, memberships,
 * invites and events (cascade). It is refused (409) while it still owns contacts: those are
 * people's pastoral records, moved by a transfer or deleted one by one first, never lost by
 * one click. The sub-team's row is locked, so two removals at once remove it once.
 */
export async function removeSubTeam(deps: Deps, viewer: Viewer, scope: TeamScope, subTeamId: number): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const [subTeam] = await tx
      .select({ id: teams.id, title: teams.title, acms_id: teams.acms_id })
      .from(teams)
      .where(and(eq(teams.id, subTeamId), eq(teams.parent_id, scope.team.id), eq(teams.kind, 'team')))
      .for('update')
    // Another conference's sub-team, or no sub-team at all: invisible.
    if (!subTeam) throw new AppError('not_found')
    const [owned] = await tx
      .select({ id: teamContacts.id })
      .from(teamContacts)
      .where(and(eq(teamContacts.team_id, subTeamId), eq(teamContacts.is_owner, true)))
      .limit(1)
    if (owned) {
      throw new AppError('conflict', { reason: 'sub_team_has_contacts' }, 'This sub-team still owns contacts. Transfer or delete them first.')
    }
    await tx.delete(teams).where(eq(teams.id, subTeamId))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'team',
      subjectId: subTeamId,
      action: 'delete',
      before: { title: subTeam.title, acms_id: subTeam.acms_id },
    })
    return { success: true as const }
  })
}
