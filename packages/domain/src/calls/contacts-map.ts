import { z } from 'zod'
import { contactListQuerySchema } from './contact-shapes'
import { defineCall } from './define'
import { integer } from '../rules/wire'

// The contacts map (spec 1 §2.9, §7 contacts-for-map; spec 2 §7 "same query" as the lists).

// Zoom levels and the default centre are mapZoom and mapDefaultCentre in constants.ts.
/** The map's tiles when MAP_TILES_URL and MAP_TILES_ATTRIBUTION are unset: OpenStreetMap's standard tiles. */
export const defaultMapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
} as const

/** Markers one page of contacts-for-map carries. */
export const mapPageSize = 1000

/** One marker: a contact the caller may read that has coordinates (minors under the child gate). */
export const mapMarkerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Spec 2 §3.1's names for the contact's coordinates. */
  address_lat: z.number(),
  address_lng: z.number(),
})
export type MapMarker = z.infer<typeof mapMarkerSchema>

export const contactsForMapRequest = contactListQuerySchema.extend({
  /** Pages of mapPageSize markers; per_page of the list query is ignored. */
  page: integer(1, 1000).default(1),
})

export const contactMapCalls = {
  contactsForMap: defineCall({
    method: 'GET',
    path: '/contacts-for-map',
    request: contactsForMapRequest,
    response: z.object({ items: z.array(mapMarkerSchema), has_more: z.boolean() }),
    summary: "Markers for the group's contacts with coordinates, under the contacts list's filters (read_contact)",
  }),
}
