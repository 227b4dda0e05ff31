import {
  contactAddressFields,
  defaultRecurrenceForm,
  otherEventType,
  parseRRule,
  recurrenceFormErrors,
  toRRule,
  type DisciplePhase,
  type EventView,
  type FieldError,
  type GrowPhase,
  type RecurrenceForm,
} from '@crm/domain'
import { addressValueOf, emptyAddress, isAddressText, type AddressValue } from '../../../places/components/address-field'
import type { CreateEventWrite } from '../../queries'

/** What the event form holds (spec 3 §2.1); the wire's names but the address and schedule. */
export interface EventFormValues {
  title: string
  is_public: boolean
  type: string | null
  type_other: string
  no_address: boolean
  address: AddressValue
  is_recurring: boolean
  recurrence: RecurrenceForm
  is_all_day: boolean
  is_multi_day: boolean
  start_time: string
  start_time_hour: string
  end_time_hour: string
  end_time: string
  auc_disciple_phase: DisciplePhase | null
  grow_phase: GrowPhase | null
}

/** Today's date (YYYY-MM-DD) where the person is. */
export function localToday(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

export function newEventValues(today = localToday()): EventFormValues {
  return {
    title: '',
    is_public: false,
    type: null,
    type_other: '',
    no_address: false,
    address: emptyAddress,
    is_recurring: false,
    recurrence: { ...defaultRecurrenceForm(today), frequency: 'NEVER' },
    is_all_day: false,
    is_multi_day: false,
    start_time: today,
    start_time_hour: '',
    end_time_hour: '',
    end_time: '',
    auc_disciple_phase: null,
    grow_phase: null,
  }
}

/** The form's values of a stored event; a rule the form cannot make is reported (its refusal). */
export function eventValuesOf(event: EventView): { values: EventFormValues; ruleError: FieldError | null } {
  let recurrence: RecurrenceForm = { ...defaultRecurrenceForm(event.start_time), frequency: 'NEVER' }
  let ruleError: FieldError | null = null
  if (event.is_recurring && event.rrule) {
    const parsed = parseRRule(event.rrule, event.start_time)
    if ('form' in parsed) recurrence = parsed.form
    else ruleError = parsed.error
  }
  return {
    ruleError,
    values: {
      title: event.title,
      is_public: event.is_public,
      type: event.type,
      type_other: event.type_other ?? '',
      no_address: event.no_address,
      address: addressValueOf(event),
      is_recurring: event.is_recurring && recurrence.frequency !== 'NEVER',
      recurrence,
      is_all_day: event.is_all_day,
      is_multi_day: event.is_multi_day,
      start_time: event.start_time,
      start_time_hour: event.start_time_hour ?? '',
      end_time_hour: event.end_time_hour ?? '',
      end_time: event.is_multi_day ? event.end_time : '',
      auc_disciple_phase: event.auc_disciple_phase,
      grow_phase: event.grow_phase,
    },
  }
}

export type EventFormErrorKey = Exclude<keyof EventFormValues, 'address' | 'recurrence'>

/** The form's own checks: required fields and the schedule (recurrenceFormErrors). */
export function eventFormErrors(values: EventFormValues): {
  fields: Partial<Record<EventFormErrorKey, 'required'>>
  recurrence: Partial<Record<keyof RecurrenceForm, FieldError>>
} {
  const fields: Partial<Record<EventFormErrorKey, 'required'>> = {}
  if (!values.title.trim()) fields.title = 'required'
  if (!values.start_time) fields.start_time = 'required'
  // The server needs the start time of an event that is not all-day.
  if (!values.is_all_day && !values.start_time_hour) fields.start_time_hour = 'required'
  if (values.is_multi_day && !values.end_time) fields.end_time = 'required'
  if (values.type === otherEventType && !values.type_other.trim()) fields.type_other = 'required'
  const recurrence = values.is_recurring ? recurrenceFormErrors(values.recurrence, values.start_time) : {}
  return { fields, recurrence }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** The fields sent: the conditional ones only where the form shows them (spec 3 §2.1). */
export function eventWriteOf(values: EventFormValues): Omit<CreateEventWrite, 'team_id'> {
  const rrule = values.is_recurring ? toRRule(values.recurrence) : null
  const address: Record<string, unknown> = {}
  for (const field of contactAddressFields) {
    const part = values.address[field]
    address[field] = values.no_address ? (field === 'address_manual_input' ? false : null) : isAddressText(field) ? orNull(String(part)) : part
  }
  return {
    title: values.title.trim(),
    is_public: values.is_public,
    type: values.type,
    type_other: values.type === otherEventType ? orNull(values.type_other) : null,
    no_address: values.no_address,
    ...address,
    is_recurring: rrule !== null,
    rrule,
    is_all_day: values.is_all_day,
    is_multi_day: values.is_multi_day,
    start_time: values.start_time,
    start_time_hour: values.is_all_day ? null : orNull(values.start_time_hour),
    end_time: values.is_multi_day ? orNull(values.end_time) : null,
    end_time_hour: values.is_all_day ? null : orNull(values.end_time_hour),
    auc_disciple_phase: values.auc_disciple_phase,
    grow_phase: values.grow_phase,
  }
}
