import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { activityTypesOfFilter, hasCapability, likePattern, pageOffset, type RecentActivityItem, type TeamRole } from '@crm/domain'
import { activityLog, groupContacts, memberships, people, teamContacts } from '../../db/schema/index'
import type { GroupScope, TeamScope, Viewer } from '../../platform/access'
import { boundedPage } from '../../platform/bounded-page'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { fullName } from '../../platform/format'
import { activityItemOf, activityRowColumns, inDateRange, type ActivityQuery } from './activity.service'

const al = activityLog

interface RecentActivityScope {
  scope: TeamScope
  /** The caller's role where the log is read: the team's, or the group's. */
  role: TeamRole
  /** The rows of a group among the team's; none for the whole team. */
  rows?: SQL
}

/**
 * The group's rows among its team's: about a contact of the group, about the group itself
 * (add-group, update-group, remove-group: subject 'group' or 'team'), or a team-administration
 * row that names the group as the team it acted in (team_id or group_id in its before or
 * after: an invite to the group, a change of someone's role in it).
 */
function rowsOfGroup(groupId: number): SQL {
  const named = String(groupId)
  return or(
    inArray(al.contact_id, sql`(select ${groupContacts.person_id} from ${groupContacts} where ${groupContacts.group_id} = ${groupId})`),
    and(inArray(al.subject_type, ['group', 'team']), eq(al.subject_id, groupId)),
    sql`${al.after} ->> 'team_id' = ${named}`,
    sql`${al.before} ->> 'team_id' = ${named}`,
    sql`${al.after} ->> 'group_id' = ${named}`,
    sql`${al.before} ->> 'group_id' = ${named}`,
  )!
}

/**
 * The search finds the author by name among the people of the team (and of its conference,
 * whose entity admins act in it), read apart: a set of a team's size, one person at a time
 * (a lateral lookup), where matching the name of every author of a million rows read the
 * whole people table.
 */
async function authorsNamed(deps: Deps, team: TeamScope['team'], search: string): Promise<number[]> {
  const teamsOf = team.parent_id === null ? [team.id] : [team.id, team.parent_id]
  const person = deps.db
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name })
    .from(people)
    .where(eq(people.id, memberships.person_id))
    .limit(1)
    .as('person')
  const rows = await deps.db
    .selectDistinct({ id: person.id })
    .from(memberships)
    .crossJoinLateral(person)
    .where(and(inArray(memberships.team_id, teamsOf), ilike(sql`${person.first_name} || ' ' || ${person.last_name}`, likePattern(search))))
  return rows.map((row) => row.id)
}

/** GET team-recent-activity: what was done in the team, newest first. */
export function listTeamActivity(deps: Deps, viewer: Viewer, scope: TeamScope, query: ActivityQuery) {
  return listRecentActivity(deps, viewer, { scope, role: scope.role }, query)
}

/** GET group-recent-activity: what was done on the group and its contacts; the primary group is the team. */
export function listGroupActivity(deps: Deps, viewer: Viewer, scope: GroupScope, query: ActivityQuery) {
  const rows = scope.group.id === scope.team.id ? undefined : rowsOfGroup(scope.group.id)
  return listRecentActivity(deps, viewer, { scope, role: scope.groupRole, ...(rows ? { rows } : {}) }, query)
}

/**
 * One page of a team's (or group's) log, newest first, with the count up to a bound
 * (countBound): counting a million rows costs what the team holds. Without
 * read_activity_log only the caller's own rows. Safeguarding reads ('view') are not changes
 * and stay out, as in a contact's log.
 */
async function listRecentActivity(
  deps: Deps,
  viewer: Viewer,
  { scope, role, rows: ofGroup }: RecentActivityScope,
  query: ActivityQuery,
): Promise<{ items: RecentActivityItem[]; count: number; max_pages: number; count_is_lower_bound?: true }> {
  const readsAll = hasCapability(role, 'read_activity_log')
  const { timeZone } = scope.settings
  const now = deps.now()
  const authors = query.search ? await authorsNamed(deps, scope.team, query.search) : undefined
  if (authors?.length === 0) return { items: [], count: 0, max_pages: 1 }
  const where = and(
    eq(al.team_id, scope.team.id),
    ne(al.action, 'view'),
    ofGroup,
    // Without read_activity_log the user filter only narrows the caller's own rows.
    readsAll ? undefined : eq(al.author_id, viewer.personId),
    query.user_id === undefined ? undefined : eq(al.author_id, query.user_id),
    query.type ? inArray(al.subject_type, [...activityTypesOfFilter[query.type]]) : undefined,
    inDateRange(query.date_range, now, timeZone),
    authors ? inArray(al.author_id, authors) : undefined,
  )
  const direction = query.order === 'asc' ? asc : desc
  const readPage = (page: number) =>
    deps.db
      .select({ ...activityRowColumns, contactId: al.contact_id })
      .from(al)
      .leftJoin(people, eq(people.id, al.author_id))
      .where(where)
      .orderBy(direction(al.created_at), direction(al.id))
      .limit(query.per_page)
      .offset(pageOffset(page, query.per_page))
  const { rows, counts } = await boundedPage(deps.db, { table: al, where, page: query.page, per_page: query.per_page }, readPage)

  const contacts = await contactsOf(deps, scope.team.id, rows)
  const gate = personGate(scope, now)
  const items = rows.map((row): RecentActivityItem => {
    const item = activityItemOf(row, viewer, timeZone)
    const contact = row.contactId === null ? undefined : contacts.get(row.contactId)
    // The child gate (spec 2 §5): a row about a minor names no one and shows nothing of them.
    if (gate.hides(contact)) {
      return { ...item, subject_id: null, contact_id: null, contact_name: null, data: { before: null, after: null }, computed_data: { changes: [] } }
    }
    return { ...item, contact_id: contact ? contact.id : null, contact_name: contact ? contact.name : null }
  })
  return { items, ...counts }
}

/**
 * The contacts the rows are about, by id: only those the team holds, so a row of a contact
 * that has left the team (or was never the team's) names no one.
 */
async function contactsOf(deps: Deps, teamId: number, rows: Array<{ contactId: number | null }>) {
  const ids = [...new Set(rows.flatMap((row) => (row.contactId === null ? [] : [row.contactId])))]
  if (ids.length === 0) return new Map<number, { id: number; name: string; dob_year: number | null; dob_month: number | null }>()
  const found = await deps.db
    .select({ id: people.id, first: people.first_name, last: people.last_name, dob_year: people.dob_year, dob_month: people.dob_month })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(and(eq(teamContacts.team_id, teamId), inArray(teamContacts.person_id, ids)))
  return new Map(found.map((row) => [row.id, { id: row.id, name: fullName(row.first, row.last), dob_year: row.dob_year, dob_month: row.dob_month }]))
}
