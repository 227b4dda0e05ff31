import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { mapPageSize, type contactsForMapRequest, type MapMarker } from '@crm/domain'
import { people, teamContacts } from '../../db/schema/index'
import { personGate } from '../../platform/child-gate'
import { onReadReplica, type Deps } from '../../platform/deps'
import type { GroupScope, Viewer } from '../../platform/access'
import { fullName } from '../../platform/format'
import { contactListWhere } from './lists.service'

type MapQuery = z.output<typeof contactsForMapRequest>

/**
 * GET contacts-for-map: the markers of the contacts list the same query reads (its rows,
 * filters and search; spec 2 §7) that have coordinates, in pages of mapPageSize by id. The
 * map index (team_contacts_map_idx: the team's listed contacts whose person has both
 * coordinates, kept by triggers, migration 0036) walks the team in id order; each person is
 * read by id. Asked of people, "has coordinates" was priced as rare (the two columns counted
 * as unrelated), so every person with coordinates was read first, in every team: 100–300 ms
 * for a page (issue 39). A child under the caller's child data gate has no marker at all: an
 * id beside a place, however rounded, locates a child the caller may not see (issue 33).
 */
export async function listContactsForMap(
  primary: Deps,
  viewer: Viewer,
  scope: GroupScope,
  query: MapQuery,
): Promise<{ items: MapMarker[]; has_more: boolean }> {
  const deps = onReadReplica(primary)
  const now = deps.now()
  // Each row's person by id, one lookup a row (the limit keeps the planner from merging the
  // lookup into a join): a deep page walks 20,000 rows of the map index in about 30 ms, where
  // the planner, pricing a lookup as a disk read, hashed every person of every team (200 ms).
  const person = deps.db
    .select({
      id: people.id,
      first_name: people.first_name,
      last_name: people.last_name,
      address_lat: people.address_lat,
      address_lng: people.address_lng,
    })
    .from(people)
    .where(and(eq(people.id, teamContacts.person_id), personGate(scope, now).visibleTo()))
    .limit(1)
    .as('person')
  const rows = await deps.db
    .select({
      id: person.id,
      first_name: person.first_name,
      last_name: person.last_name,
      address_lat: person.address_lat,
      address_lng: person.address_lng,
    })
    .from(teamContacts)
    .innerJoinLateral(person, sql`true`)
    .where(
      and(
        contactListWhere('contacts', viewer, scope, query, now),
        // Plain, not `= $n`: the map index's condition, proved from the statement's own text.
        sql`${teamContacts.has_coordinates}`,
      ),
    )
    .orderBy(asc(teamContacts.person_id))
    .limit(mapPageSize + 1)
    .offset((query.page - 1) * mapPageSize)
  const items = rows
    .slice(0, mapPageSize)
    .map((row): MapMarker => ({ id: row.id, name: fullName(row.first_name, row.last_name), address_lat: row.address_lat!, address_lng: row.address_lng! }))
  return { items, has_more: rows.length > mapPageSize }
}
