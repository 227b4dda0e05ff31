import { and, eq } from 'drizzle-orm'
import {
  addDays,
  directionsLink,
  disciplePhases,
  growPhases,
  otherEventType,
  zonedInstant,
  type DisciplePhase,
  type EventListItem,
  type GrowPhase,
  type OccurrenceData,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { lookupItems } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { displayDate, displayDateTime, oneOf } from '../../platform/format'
import { addressLines } from '../contacts/contact-view'
import type { EventRow } from './event-access'

// How an event reads: its type's title, its address, and an occurrence's day and time in the
// team's time zone and the caller's locale (the *_display fields, platform/format.ts).

export interface EventTypes {
  /** The title of a type in the caller's locale; 'other' shows the typed name. */
  title(row: Pick<EventRow, 'type' | 'type_other'>): string | null
  /** The value is an active item of the event-types list. */
  isActive(value: string): boolean
}

/** The event-types lookup list, once per call. */
export async function loadEventTypes(db: Executor, locale: string): Promise<EventTypes> {
  const rows = await db
    .select({ value: lookupItems.value, title: lookupItems.title, translations: lookupItems.translations, is_active: lookupItems.is_active })
    .from(lookupItems)
    .where(and(eq(lookupItems.list, 'event-types')))
  const items = new Map(rows.map((row) => [row.value, row]))
  return {
    title: (row) => {
      if (!row.type) return null
      if (row.type === otherEventType && row.type_other) return row.type_other
      const item = items.get(row.type)
      // An item no longer in the list still shows its stored value rather than nothing.
      return item ? (item.translations[locale] ?? item.title) : row.type
    },
    isActive: (value) => items.get(value)?.is_active === true,
  }
}

/** The day and, unless all-day, the start time of the occurrence starting on `date`, as the team reads it. */
export function occurrenceDisplay(row: Pick<EventRow, 'is_all_day' | 'start_hour'>, date: string, viewer: Viewer, timeZone: string): string {
  if (row.is_all_day || !row.start_hour) return displayDate(date, viewer.locale, timeZone)
  return displayDateTime(zonedInstant(date, row.start_hour, timeZone), viewer.locale, timeZone)
}

export function occurrenceData(row: Pick<EventRow, 'is_all_day' | 'start_hour'>, date: string | null, viewer: Viewer, timeZone: string): OccurrenceData | null {
  return date ? { event_date: date, start_date_time_display: occurrenceDisplay(row, date, viewer, timeZone) } : null
}

/** The last day of the occurrence starting on `date`. */
export function endDateOf(row: Pick<EventRow, 'span_days'>, date: string): string {
  return addDays(date, Math.max(row.span_days, 1) - 1)
}

/** The stored fields as the form reads them back. */
export function storedFieldsOf(row: EventRow) {
  return {
    title: row.title,
    is_public: row.is_public,
    type: row.type,
    type_other: row.type_other,
    no_address: row.no_address,
    address_place_id: row.address_place_id,
    address_formatted: row.address_formatted,
    address_manual_input: row.address_manual_input,
    address_street: row.address_street,
    address_city: row.address_city,
    address_state: row.address_state,
    address_postcode: row.address_postcode,
    address_country: row.address_country,
    address_lat: row.address_lat,
    address_lng: row.address_lng,
    is_recurring: row.is_recurring,
    rrule: row.rrule,
    is_all_day: row.is_all_day,
    is_multi_day: row.is_multi_day,
    start_time: row.start_date,
    start_time_hour: row.start_hour,
    end_time: row.end_date,
    end_time_hour: row.end_hour,
    auc_disciple_phase: oneOf<DisciplePhase>(disciplePhases, row.auc_disciple_phase),
    grow_phase: oneOf<GrowPhase>(growPhases, row.grow_phase),
  }
}

/** The address as a reader sees it: over several lines, with a directions link. */
export function addressViewOf(row: EventRow) {
  return {
    address_place_id: row.address_place_id,
    address_formatted: row.address_formatted,
    address_formatted_break: row.no_address ? null : addressLines(row),
    address_manual_input: row.address_manual_input,
    address_street: row.address_street,
    address_city: row.address_city,
    address_state: row.address_state,
    address_postcode: row.address_postcode,
    address_country: row.address_country,
    address_lat: row.address_lat,
    address_lng: row.address_lng,
    address_directions_link: row.no_address ? null : directionsLink({ lat: row.address_lat, lng: row.address_lng, formatted: row.address_formatted }),
  }
}

/** One row of GET events. */
export function listItemOf(row: EventRow, types: EventTypes, occurrence: OccurrenceData | null, viewer: Viewer, timeZone: string): EventListItem {
  return {
    id: row.id,
    title: row.title,
    type_display: types.title(row),
    is_public: row.is_public,
    is_recurring: row.is_recurring,
    rrule: row.is_recurring ? row.rrule : null,
    is_all_day: row.is_all_day,
    is_multi_day: row.is_multi_day,
    start_time: row.start_date,
    start_time_hour: row.start_hour,
    end_time: row.end_date,
    end_time_hour: row.end_hour,
    address_formatted: row.no_address ? null : row.address_formatted,
    next_occurance_data: occurrence,
    last_date: row.last_date,
    created_display: displayDate(row.created_at, viewer.locale, timeZone),
  }
}
