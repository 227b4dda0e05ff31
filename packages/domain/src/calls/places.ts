import { z } from 'zod'
import { flag, text } from '../rules/wire'
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

/** An address as a form writes it (contacts and events): a picked place or typed parts. */
export const addressWriteFields = {
  address_place_id: text(300).nullable().optional(),
  address_formatted: text(300).nullable().optional(),
  address_manual_input: flag.optional(),
  address_street: text(200).nullable().optional(),
  address_city: text(100).nullable().optional(),
  address_state: text(100).nullable().optional(),
  address_postcode: text(20).nullable().optional(),
  address_country: text(2).nullable().optional(),
  address_lat: z.coerce.number().min(-90).max(90).nullable().optional(),
  address_lng: z.coerce.number().min(-180).max(180).nullable().optional(),
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
