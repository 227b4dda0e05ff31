import { sql } from 'drizzle-orm'
import { doublePrecision, text, timestamp } from 'drizzle-orm/pg-core'

/** created_at and updated_at, on every table. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
}

/** The address parts shared by people, teams and events (spec 2 §3, spec 3 §3). */
export const addressColumns = {
  address_place_id: text('address_place_id'),
  address_formatted: text('address_formatted'),
  address_street: text('address_street'),
  address_city: text('address_city'),
  address_state: text('address_state'),
  address_postcode: text('address_postcode'),
  address_country: text('address_country'),
  address_lat: doublePrecision('address_lat'),
  address_lng: doublePrecision('address_lng'),
}
