import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Suggestion } from '@crm/domain'
import { groupContacts, people, teamContacts, teams } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { childGateOfCaller, contactSearch } from './lists.service'

const suggestionLimit = 20

/**
 * input-suggestions/team-contacts: the team's active contacts whose name, email or phone
 * matches (the trigram index of the read model), leaving out the contacts already in
 * `exclude_group_id` (a group of this team) and the contact `exclude_id` (spec 2 §5).
 */
export async function suggestTeamContacts(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  input: { search: string; exclude_group_id?: number | undefined; exclude_id?: number | undefined },
): Promise<Suggestion[]> {
  const gate = await childGateOfCaller(deps, viewer, scope)
  const tc = teamContacts
  const excludedGroup = input.exclude_group_id
    ? sql`not exists (select 1 from ${groupContacts} join ${teams} on ${teams.id} = ${groupContacts.group_id}
          where ${groupContacts.group_id} = ${input.exclude_group_id} and ${teams.parent_id} = ${scope.team.id}
            and ${groupContacts.person_id} = ${tc.person_id})`
    : undefined
  return deps.db
    .select({ id: people.id, title: sql<string>`trim(${people.first_name} || ' ' || ${people.last_name})` })
    .from(tc)
    .innerJoin(people, eq(people.id, tc.person_id))
    .where(
      and(
        eq(tc.team_id, scope.team.id),
        eq(tc.state, 'active'),
        isNull(tc.archived_at),
        contactSearch(input.search, gate !== null, deps.now()),
        excludedGroup,
        input.exclude_id ? ne(tc.person_id, input.exclude_id) : undefined,
      ),
    )
    .orderBy(asc(tc.sort_name), asc(tc.person_id))
    .limit(suggestionLimit)
}
