import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import { mapPageSize, type contactsForMapRequest, type MapMarker } from '@crm/domain'
import { people, teamContacts } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { GroupScope, Viewer } from '../../platform/access'
import { ageOf, fullName } from './contact-view'
import { contactListWhere } from './lists.service'

type MapQuery = z.output<typeof contactsForMapRequest>

/**
 * Decimal places of a hidden minor's coordinates: two places are about a kilometre, so the
 * marker says which part of town, never which house (child gate, spec 2 §5).
 */
const childCoordinatePlaces = 2

function roundCoordinate(value: number): number {
  const factor = 10 ** childCoordinatePlaces
  return Math.round(value * factor) / factor
}

/**
 * GET contacts-for-map: the markers of the contacts list the same query reads (its rows,
 * filters and search; spec 2 §7) that have coordinates, in pages of mapPageSize by id. The
 * list's (team_id, person_id) key walks the team in id order; the people are read by id.
 * A minor under the caller's child gate has no name and only a rounded place.
 */
export async function listContactsForMap(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  query: MapQuery,
): Promise<{ items: MapMarker[]; has_more: boolean }> {
  const now = deps.now()
  const gated = scope.childGate !== null
  const rows = await deps.db
    .select({
      id: people.id,
      first_name: people.first_name,
      last_name: people.last_name,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
      lat: people.address_lat,
      lng: people.address_lng,
    })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(and(contactListWhere('contacts', viewer, scope, query, now), isNotNull(people.address_lat), isNotNull(people.address_lng)))
    .orderBy(asc(teamContacts.person_id))
    .limit(mapPageSize + 1)
    .offset((query.page - 1) * mapPageSize)
  const items = rows.slice(0, mapPageSize).map((row): MapMarker => {
    const lat = row.lat!
    const lng = row.lng!
    if (gated && ageOf(row, now).is_child) {
      return { id: row.id, name: '', lat: roundCoordinate(lat), lng: roundCoordinate(lng), is_child: true }
    }
    return { id: row.id, name: fullName(row.first_name, row.last_name), lat, lng, is_child: false }
  })
  return { items, has_more: rows.length > mapPageSize }
}
