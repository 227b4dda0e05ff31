import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { likePattern, type LookupItem, type LookupList, type Suggestion } from '@crm/domain'
import { lookupItems, memberships, people, teams } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { rerankMemberStatuses } from '../../platform/read-model'
import type { Executor } from '../../db/client'
import { lookupRows } from './lookup-lists'
import { refuseField } from '../../platform/field-refusals'

const suggestionLimit = 20

/** The active member statuses in their list's order, as one string to compare. */
async function memberStatusOrderOf(tx: Executor): Promise<string> {
  const rows = await tx
    .select({ value: lookupItems.value })
    .from(lookupItems)
    .where(and(eq(lookupItems.list, 'member-status-types'), eq(lookupItems.is_active, true)))
    .orderBy(asc(lookupItems.sort_order), asc(lookupItems.id))
  return rows.map((row) => row.value).join('\n')
}

/**
 * Brings the stored lookup lists in line with the versioned lists of lookup-lists.ts (every
 * start). The contacts' read model stores each member status's rank in the list's order for
 * the sort; when the order changes, the rows are re-ranked in the same transaction (a start
 * that changes nothing costs two small reads).
 */
export async function syncLookups(db: Executor): Promise<void> {
  const rows = lookupRows()
  await db.transaction(async (tx) => {
    const before = await memberStatusOrderOf(tx)
    await tx
      .insert(lookupItems)
      .values(rows.map((row) => ({ ...row, is_active: true })))
      .onConflictDoUpdate({
        target: [lookupItems.list, lookupItems.value],
        set: {
          title: sql`excluded.title`,
          translations: sql`excluded.translations`,
          parent_value: sql`excluded.parent_value`,
          is_other: sql`excluded.is_other`,
          sort_order: sql`excluded.sort_order`,
          is_active: sql`true`,
        },
      })
    const keep = rows.map((row) => `${row.list}/${row.value}`)
    await tx
      .update(lookupItems)
      .set({ is_active: false })
      .where(notInArray(sql`${lookupItems.list} || '/' || ${lookupItems.value}`, keep))
    if ((await memberStatusOrderOf(tx)) !== before) await rerankMemberStatuses(tx)
  })
}

/** GET lookups/{list} in the given locale. */
export async function listLookup(deps: Deps, list: LookupList, options: { parent?: string; locale: string }): Promise<LookupItem[]> {
  if (list === 'conferences') {
    const rows = await deps.db.select({ id: teams.id, title: teams.title }).from(teams).where(eq(teams.kind, 'conference')).orderBy(asc(teams.title))
    return rows
  }
  if (list === 'conference-teams') {
    if (!options.parent) throw refuseField('parent', 'required')
    return listConferenceTeams(deps, options.parent)
  }
  let condition: SQL | undefined
  if (list === 'bible-studies-for-parent') {
    if (!options.parent) throw refuseField('parent', 'required')
    condition = and(eq(lookupItems.list, 'bible-studies'), eq(lookupItems.parent_value, options.parent))
  } else {
    condition = eq(lookupItems.list, list)
  }
  const rows = await deps.db
    .select()
    .from(lookupItems)
    .where(and(condition, eq(lookupItems.is_active, true)))
    .orderBy(asc(lookupItems.sort_order), asc(lookupItems.id))
  return rows.map((row) => ({
    id: row.value,
    title: row.translations[options.locale] ?? row.title,
    ...(row.is_other ? { is_other: true } : {}),
    ...(row.parent_value ? { parent: row.parent_value } : {}),
  }))
}

/** The churches (teams, not groups) of a conference; sign-up lists them before sign-in. */
async function listConferenceTeams(deps: Deps, parent: string): Promise<LookupItem[]> {
  const conferenceId = Number(parent)
  if (!Number.isInteger(conferenceId) || conferenceId <= 0 || conferenceId > 2_147_483_647) return []
  const conference = alias(teams, 'conference')
  return deps.db
    .select({ id: teams.id, title: teams.title })
    .from(teams)
    .innerJoin(conference, and(eq(conference.id, teams.parent_id), eq(conference.kind, 'conference')))
    .where(and(eq(teams.parent_id, conferenceId), eq(teams.kind, 'team')))
    .orderBy(asc(teams.title), asc(teams.id))
}

const fullName = sql<string>`trim(${people.first_name} || ' ' || ${people.last_name})`

/**
 * input-suggestions/team-users: people with a place in the team (pending requests
 * excluded). Each member's person is looked up by id (the LIMIT keeps the lateral
 * subquery from being flattened into a scan of every person), so the search costs what the
 * team costs, whatever the size of the people table.
 */
export async function suggestTeamUsers(deps: Deps, teamId: number, search: string): Promise<Suggestion[]> {
  const pattern = likePattern(search)
  const person = deps.db
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name, email: people.email })
    .from(people)
    .where(eq(people.id, memberships.person_id))
    .limit(1)
    .as('person')
  const name = sql<string>`trim(${person.first_name} || ' ' || ${person.last_name})`
  return deps.db
    .select({ id: person.id, title: name })
    .from(memberships)
    .crossJoinLateral(person)
    .where(
      and(
        eq(memberships.team_id, teamId),
        inArray(memberships.role, ['entity_admin', 'owner', 'leader', 'member']),
        search ? or(ilike(name, pattern), ilike(person.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(person.first_name), asc(person.last_name))
    .limit(suggestionLimit)
}

/** input-suggestions/entity-teams: the conference's teams whose title matches. */
export async function suggestEntityTeams(deps: Deps, conferenceId: number, search: string): Promise<Suggestion[]> {
  return deps.db
    .select({ id: teams.id, title: teams.title })
    .from(teams)
    .where(and(eq(teams.parent_id, conferenceId), eq(teams.kind, 'team'), search ? ilike(teams.title, likePattern(search)) : undefined))
    .orderBy(asc(teams.title))
    .limit(suggestionLimit)
}

/** input-suggestions/entity-team-owners: owners of one team of the conference. */
export async function suggestEntityTeamOwners(deps: Deps, conferenceId: number, teamId: number, search: string): Promise<Suggestion[]> {
  const team = alias(teams, 'team')
  const [found] = await deps.db
    .select({ id: team.id })
    .from(team)
    .where(and(eq(team.id, teamId), eq(team.parent_id, conferenceId), eq(team.kind, 'team')))
  if (!found) throw new AppError('not_found')
  return deps.db
    .select({ id: people.id, title: fullName })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.person_id))
    .where(and(eq(memberships.team_id, teamId), eq(memberships.role, 'owner'), search ? ilike(fullName, likePattern(search)) : undefined))
    .orderBy(asc(people.first_name))
    .limit(suggestionLimit)
}
