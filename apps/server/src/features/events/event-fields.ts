import type { z } from 'zod'
import {
  addDays,
  daysBetween,
  eventFieldsSchema,
  lastOccurrence,
  maxEventDays,
  otherEventType,
  scheduleError,
  type OccurrenceException,
  fieldError,
  fieldErrorOfIssue,
} from '@crm/domain'
import type { EventTypes } from './event-view'
import { FieldRefusals } from '../../platform/field-refusals'

// The event form's rules on the server (spec 3 §2.1, §3): the conditional fields are kept only
// where the form shows them, the schedule is checked by the recurrence module, and the
// columns the lists filter on (span_days, last_date) are computed on every write.

export type EventFieldsOutput = z.output<typeof eventFieldsSchema>

/** Parses the merged fields of an update as a whole; its errors name their fields. */
export function parseWholeFields(merged: Record<string, unknown>): EventFieldsOutput {
  const parsed = eventFieldsSchema.safeParse(merged)
  if (parsed.success) return parsed.data
  const errors = new FieldRefusals()
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_'
    errors.add(field, fieldErrorOfIssue(issue, valueAt(merged, issue.path)), issue.message)
  }
  throw errors.toError()
}

/** The value at a path of the merged fields. */
function valueAt(fields: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let value: unknown = fields
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined
  return value
}

/** A rule that says the event does not repeat (FREQ=NEVER, or none at all). */
function repeats(fields: EventFieldsOutput): boolean {
  return fields.is_recurring === true && !!fields.rrule && !/(^|;)\s*FREQ\s*=\s*NEVER\s*(;|$)/i.test(fields.rrule)
}

/**
 * The stored columns of the form's fields, or invalid_request with the errors by field.
 * `exceptions` are the event's cancelled and moved occurrences (for last_date on update).
 */
export function columnsOf(fields: EventFieldsOutput, types: EventTypes, exceptions: readonly OccurrenceException[] = []) {
  const errors = new FieldRefusals()

  // The type: an active value of event-types, or 'other' with its name.
  const type = fields.type ?? null
  const typeOther = type === otherEventType ? fields.type_other?.trim() || null : null
  if (type === otherEventType && !typeOther) errors.set('type_other', 'required')
  else if (type !== null && type !== otherEventType && !types.isActive(type)) errors.set('type', 'not_in_list')

  // The days: the last day only for a multi-day event, at most maxEventDays.
  const start = fields.start_time
  const isMultiDay = fields.is_multi_day === true
  let end = start
  if (isMultiDay) {
    if (!fields.end_time) errors.set('end_time', 'required')
    else if (fields.end_time < start) errors.set('end_time', 'end_before_start')
    else if (daysBetween(start, fields.end_time) + 1 > maxEventDays) errors.set('end_time', fieldError('max_event_days', { days: maxEventDays }))
    else end = fields.end_time
  }
  const spanDays = daysBetween(start, end) + 1

  // The times of day, unless all-day; a one-day event ends after it starts.
  const isAllDay = fields.is_all_day === true
  const startHour = isAllDay ? null : (fields.start_time_hour ?? null)
  const endHour = isAllDay ? null : (fields.end_time_hour ?? null)
  if (!isAllDay && !startHour) errors.set('start_time_hour', 'required')
  if (startHour && endHour && spanDays === 1 && endHour <= startHour) errors.set('end_time_hour', 'end_time_before_start')

  // The schedule: a rule only for a recurring event, one the form can make, with a date.
  const isRecurring = repeats(fields)
  const rrule = isRecurring
    ? fields
        .rrule!.trim()
        .replace(/^RRULE:/i, '')
        .toUpperCase()
    : null
  if (rrule) {
    const error = scheduleError({ start, rrule, span_days: spanDays })
    if (error) errors.set('rrule', error)
  }
  errors.throwIfAny()

  // The address, unless the event has none.
  const noAddress = fields.no_address === true
  const address = {
    address_place_id: noAddress ? null : (fields.address_place_id ?? null),
    address_formatted: noAddress ? null : (fields.address_formatted ?? null) || null,
    address_manual_input: noAddress ? false : fields.address_manual_input === true,
    address_street: noAddress ? null : (fields.address_street ?? null) || null,
    address_city: noAddress ? null : (fields.address_city ?? null) || null,
    address_state: noAddress ? null : (fields.address_state ?? null) || null,
    address_postcode: noAddress ? null : (fields.address_postcode ?? null) || null,
    address_country: noAddress ? null : (fields.address_country ?? null) || null,
    address_lat: noAddress ? null : (fields.address_lat ?? null),
    address_lng: noAddress ? null : (fields.address_lng ?? null),
  }

  const schedule = { start, rrule, span_days: spanDays, exceptions }
  return {
    title: fields.title,
    is_public: fields.is_public === true,
    type,
    type_other: typeOther,
    no_address: noAddress,
    ...address,
    is_recurring: isRecurring,
    rrule,
    is_all_day: isAllDay,
    is_multi_day: isMultiDay,
    start_date: start,
    end_date: addDays(start, spanDays - 1),
    span_days: spanDays,
    start_hour: startHour,
    end_hour: endHour,
    auc_disciple_phase: fields.auc_disciple_phase ?? null,
    grow_phase: fields.grow_phase ?? null,
    last_date: lastOccurrence(schedule),
  }
}

export type EventColumns = ReturnType<typeof columnsOf>
