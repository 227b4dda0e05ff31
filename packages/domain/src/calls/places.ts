import { z } from 'zod'
import { text } from '../rules/wire'
import { defineCall } from './define'

/** An address's parts as the wire carries them: a suggested place's, and a contact's. */
export const addressPartsView = {
  address_street: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_postcode: z.string().nullable(),
  address_country: z.string().nullable(),
  address_lat: z.number().nullable(),
  address_lng: z.number().nullable(),
}

/** One address offered to an address field. */
export const placeSuggestionSchema = z.object({
  place_id: z.string(),
  title: z.string(),
  ...addressPartsView,
})
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>

export const placeCalls = {
  placeSuggestions: defineCall({
    method: 'GET',
    path: '/place-suggestions',
    request: z.object({
      search: text(200).default(''),
      session_token: text(100).optional(),
      locale: text(10).optional(),
      country_code: text(2).optional(),
      types: text(50).optional(),
    }),
    response: z.object({ items: z.array(placeSuggestionSchema) }),
    summary: 'Address suggestions for an address field',
  }),
}
