import { and, asc, eq, isNotNull } from 'drizzle-orm'
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
 * list's (team_id, person_id) key walks the team in id order; the people are read by id.
 * A child under the caller's child data gate has no marker at all: an id beside a place,
 * however rounded, locates a child the caller may not see (issue 33).
 */
export async function listContactsForMap(
  primary: Deps,
  viewer: Viewer,
  scope: GroupScope,
  query: MapQuery,
): Promise<{ items: MapMarker[]; has_more: boolean }> {
  const deps = onReadReplica(primary)
  const now = deps.now()
  const rows = await deps.db
    .select({
      id: people.id,
      first_name: people.first_name,
      last_name: people.last_name,
      address_lat: people.address_lat,
      address_lng: people.address_lng,
    })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(
      and(
        contactListWhere('contacts', viewer, scope, query, now),
        isNotNull(people.address_lat),
        isNotNull(people.address_lng),
        personGate(scope, now).visibleTo(),
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
