import { useQuery } from '@tanstack/react-query'
import { contactMapCalls, type ContactListQuery, type MapMarker } from '@crm/domain'
import { callApi } from '../../lib/api'
import type { MapPoint } from '../../components/map-view'
import { contactKeys } from './queries'

/** The query of the contacts map: the contacts list's scope, search and filters (spec 2 §7 "same query"). */
export type ContactsMapQuery = Omit<ContactListQuery, 'page' | 'per_page' | 'order_by' | 'order'>

/** Pages of contacts-for-map read at most (10,000 markers): beyond, the map says it shows the first ones. */
export const mapPageCap = 10

// Under contactKeys.all: a write that changes contacts refreshes the map too.
export const contactsMapKey = (query: ContactsMapQuery) => [...contactKeys.all, 'map', query] as const

/** The markers of every page, one page after the other, up to mapPageCap pages. */
export async function loadContactsMap(query: ContactsMapQuery, signal?: AbortSignal): Promise<{ markers: MapMarker[]; truncated: boolean }> {
  const markers: MapMarker[] = []
  for (let page = 1; page <= mapPageCap; page += 1) {
    const answer = await callApi(contactMapCalls.contactsForMap, { input: { ...query, page }, ...(signal ? { signal } : {}) })
    markers.push(...answer.items)
    if (!answer.has_more) return { markers, truncated: false }
  }
  return { markers, truncated: true }
}

/** GET contacts-for-map, all pages (up to the cap); `enabled` false asks nothing. */
export function useContactsMap(query: ContactsMapQuery, enabled = true) {
  return useQuery({
    queryKey: contactsMapKey(query),
    queryFn: ({ signal }) => loadContactsMap(query, signal),
    enabled,
  })
}

/**
 * A marker as the map shows it: the contact's name linking to the contact. A child the
 * caller may not see has no marker at all (the server's child gate, issue 33).
 */
export function markerPoint(marker: MapMarker): MapPoint {
  return { id: marker.id, lat: marker.lat, lng: marker.lng, title: marker.name, href: `/contacts/view/${marker.id}` }
}
