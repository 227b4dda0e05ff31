import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { hasCapability, type ContactSearchHit } from '@crm/domain'
import { assignments, groupContacts, people, teamContacts, teams } from '../../db/schema/index'
import { loadGroupScope, type TeamScope, type Viewer } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { contactSearch } from './list-search'

const suggestionLimit = 20

/**
 * input-suggestions/team-contacts: the team's active contacts whose name, email or phone
 * matches (the trigram index of the read model), leaving out the contacts already in
 * `exclude_group_id` (a group of this team) and the contact `exclude_id` (spec 2 §5).
 * The team role decides what is offered, whichever group asks (group_id is optional, spec 1
 * §7): with read_contact every contact, otherwise those the team lets the caller read (assigned
 * to them or added by them), so a group role never opens the team's list.
 */
export async function suggestTeamContacts(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: { search: string; group_id?: number | undefined; exclude_group_id?: number | undefined; exclude_id?: number | undefined },
): Promise<ContactSearchHit[]> {
  // A group named must be one of the team the caller can see (404 otherwise).
  if (input.group_id !== undefined) await loadGroupScope(deps.db, viewer, scope.team.id, input.group_id)
  const now = deps.now()
  const gated = scope.childGate !== null
  const tc = teamContacts
  const readable = hasCapability(scope.role, 'read_contact')
    ? undefined
    : or(
        eq(tc.added_by_id, viewer.personId),
        eq(people.created_by_id, viewer.personId),
        sql`exists (select 1 from ${assignments} where ${assignments.team_id} = ${scope.team.id}
          and ${assignments.contact_id} = ${tc.person_id} and ${assignments.to_person_id} = ${viewer.personId})`,
      )
  const excludedGroup = input.exclude_group_id
    ? sql`not exists (select 1 from ${groupContacts} join ${teams} on ${teams.id} = ${groupContacts.group_id}
          where ${groupContacts.group_id} = ${input.exclude_group_id} and ${teams.parent_id} = ${scope.team.id}
            and ${groupContacts.person_id} = ${tc.person_id})`
    : undefined
  const name = sql<string>`trim(${people.first_name} || ' ' || ${people.last_name})`
  // user_id and user_name are the spec's names of the same hit (spec 1 §3).
  const hits = await deps.db
    .select({ id: people.id, title: name })
    .from(tc)
    .innerJoin(people, eq(people.id, tc.person_id))
    .where(
      and(
        eq(tc.team_id, scope.team.id),
        eq(tc.state, 'active'),
        isNull(tc.archived_at),
        contactSearch(input.search, gated, now),
        // A child the caller may not see is never suggested (issue 33).
        personGate(scope, now).visibleTo(),
        excludedGroup,
        input.exclude_id ? ne(tc.person_id, input.exclude_id) : undefined,
        readable,
      ),
    )
    .orderBy(asc(tc.sort_name), asc(tc.person_id))
    .limit(suggestionLimit)
  return hits.map(({ id, title }) => ({ id, title, user_id: id, user_name: title }))
}
