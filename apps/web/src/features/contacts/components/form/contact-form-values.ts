import {
  ageFrom,
  contactFields,
  defaultPhoneCountry,
  fieldsWithoutConsent,
  formatInternational,
  isChild,
  parsePhone,
  socialNetworks,
  toE164,
  type ConsentChoice,
  type ContactFields,
  type ContactView,
  type Gender,
  type GrowPhase,
  type MaritalStatus,
  type ParentCarerRelationship,
  type SocialNetwork,
} from '@crm/domain'
import { emptyAddress, type AddressValue } from './address-field'

/** The contact form as its inputs hold it: text, choices ('' for none) and ticks. */
export interface ContactFormValues {
  consent_type: ConsentChoice | ''
  consent_date: string
  consent_content: string
  consent_verbal_confirmed: boolean
  first_name: string
  last_name: string
  gender: Gender | ''
  dob_month: string
  dob_year: string
  age: string
  email: string
  phone: string
  phone_country: string
  religion: string
  religion_other: string
  marital_status: MaritalStatus | ''
  member_status: string
  source: string
  source_other: string
  grow_phase: GrowPhase | ''
  social: Record<SocialNetwork, string>
  address: AddressValue
  is_visitor: boolean
  expect_follow_up: boolean
  expect_follow_up_completed: boolean
  expect_bible_study: boolean
  expect_bible_study_completed: boolean
  expect_baptism: boolean
  expect_baptism_completed: boolean
  parent_carer_first_name: string
  parent_carer_last_name: string
  parent_carer_relationship: ParentCarerRelationship | ''
  parent_carer_email: string
  parent_carer_phone: string
  parent_carer_phone_country: string
}

/** What the form needs to know besides its values. */
export interface ContactFormSettings {
  /** The fields the caller may fill in (contact-access-for-new, or auth.fields of the contact). */
  fields: ReadonlySet<string>
  /** A consent is on record (an automatic request answered, photo or verbal): the data may be kept. */
  consentAnswered: boolean
  /** A non-verbal consent exists: verbal and 'no consent yet' are not offered (spec 2 §4). */
  consentLocked: boolean
  /** Lookup ids whose choice reveals a free text ('other'). */
  otherReligions: ReadonlySet<string>
  otherSources: ReadonlySet<string>
  today: Date
}

export type WireFields = Partial<ContactFields>

/** A date input's value for today, in local time. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

const emptySocial = Object.fromEntries(socialNetworks.map((network) => [network, ''])) as Record<SocialNetwork, string>

export function emptyContactValues(today: Date): ContactFormValues {
  return {
    consent_type: '',
    consent_date: isoDate(today),
    consent_content: '',
    consent_verbal_confirmed: false,
    first_name: '',
    last_name: '',
    gender: '',
    dob_month: '',
    dob_year: '',
    age: '',
    email: '',
    phone: '',
    phone_country: defaultPhoneCountry,
    religion: '',
    religion_other: '',
    marital_status: '',
    member_status: '',
    source: '',
    source_other: '',
    grow_phase: '',
    social: { ...emptySocial },
    address: { ...emptyAddress },
    is_visitor: false,
    expect_follow_up: false,
    expect_follow_up_completed: false,
    expect_bible_study: false,
    expect_bible_study_completed: false,
    expect_baptism: false,
    expect_baptism_completed: false,
    parent_carer_first_name: '',
    parent_carer_last_name: '',
    parent_carer_relationship: '',
    parent_carer_email: '',
    parent_carer_phone: '',
    parent_carer_phone_country: defaultPhoneCountry,
  }
}

/** Values as stored by an older form (a draft) or left undefined by an input get their defaults. */
export function completeValues(values: Partial<ContactFormValues>, today: Date): ContactFormValues {
  const empty = emptyContactValues(today)
  const defined = <T extends object>(object: T | undefined): Partial<T> =>
    Object.fromEntries(Object.entries(object ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>
  return {
    ...empty,
    ...defined(values),
    social: { ...empty.social, ...defined(values.social) },
    address: { ...empty.address, ...defined(values.address) },
  }
}

/** The consent choice an existing contact stands at. */
export function consentChoiceOf(contact: Pick<ContactView, 'consent_type' | 'consent_url_sent'>): ConsentChoice {
  if (contact.consent_type === 'direct') return 'automatic'
  if (contact.consent_type === 'photo' || contact.consent_type === 'verbal') return contact.consent_type
  return contact.consent_url_sent ? 'automatic' : 'none'
}

function phoneParts(e164: string | null): { phone: string; country: string } {
  if (!e164) return { phone: '', country: defaultPhoneCountry }
  return { phone: formatInternational(e164), country: parsePhone(e164)?.country ?? defaultPhoneCountry }
}

/** The form's values for an existing contact (data_edit). */
export function contactFormValuesOf(contact: ContactView, today: Date): ContactFormValues {
  const phone = phoneParts(contact.phone)
  const parentPhone = phoneParts(contact.parent_carer_phone)
  const text = (value: string | null | undefined) => value ?? ''
  return {
    ...emptyContactValues(today),
    consent_type: consentChoiceOf(contact),
    consent_date: contact.consent_date?.slice(0, 10) ?? isoDate(today),
    consent_content: text(contact.consent_content),
    consent_verbal_confirmed: contact.consent_type === 'verbal',
    first_name: contact.first_name,
    last_name: contact.last_name,
    gender: contact.gender ?? '',
    dob_month: contact.dob_month ? String(contact.dob_month) : '',
    dob_year: contact.dob_year ? String(contact.dob_year) : '',
    // A known birth year gives the age; the age field is for when it is not known.
    age: contact.dob_year == null && contact.age != null ? String(contact.age) : '',
    email: text(contact.email),
    phone: phone.phone,
    phone_country: phone.country,
    religion: text(contact.religion),
    religion_other: text(contact.religion_other),
    marital_status: contact.marital_status ?? '',
    member_status: text(contact.member_status),
    source: text(contact.source),
    source_other: text(contact.source_other),
    grow_phase: contact.grow_phase ?? '',
    social: Object.fromEntries(socialNetworks.map((network) => [network, text(contact.social[network])])) as Record<SocialNetwork, string>,
    address: {
      address_place_id: contact.address_place_id,
      address_formatted: text(contact.address_formatted),
      address_manual_input: contact.address_manual_input,
      address_street: text(contact.address_street),
      address_city: text(contact.address_city),
      address_state: text(contact.address_state),
      address_postcode: text(contact.address_postcode),
      address_country: text(contact.address_country),
      address_lat: contact.address_lat,
      address_lng: contact.address_lng,
    },
    is_visitor: contact.is_visitor,
    expect_follow_up: contact.expect_follow_up,
    expect_follow_up_completed: contact.expect_follow_up_completed,
    expect_bible_study: contact.expect_bible_study,
    expect_bible_study_completed: contact.expect_bible_study_completed,
    expect_baptism: contact.expect_baptism,
    expect_baptism_completed: contact.expect_baptism_completed,
    parent_carer_first_name: text(contact.parent_carer_first_name),
    parent_carer_last_name: text(contact.parent_carer_last_name),
    parent_carer_relationship: contact.parent_carer_relationship ?? '',
    parent_carer_email: text(contact.parent_carer_email),
    parent_carer_phone: parentPhone.phone,
    parent_carer_phone_country: parentPhone.country,
  }
}

/** Without consent (and with Automatic until it is answered) only the name and gender are kept (spec 2 §4). */
export function isRestricted(values: Pick<ContactFormValues, 'consent_type'>, settings: Pick<ContactFormSettings, 'consentAnswered'>): boolean {
  return values.consent_type === 'none' || (values.consent_type === 'automatic' && !settings.consentAnswered)
}

/** The age the entered birth month and year (or age) give. */
export function enteredAge(values: Pick<ContactFormValues, 'dob_year' | 'dob_month' | 'age'>, today: Date): number | undefined {
  if (values.dob_year) return ageFrom(Number(values.dob_year), values.dob_month ? Number(values.dob_month) : null, today)
  const age = values.age.trim()
  return age !== '' && Number.isFinite(Number(age)) ? Number(age) : undefined
}

export function isChildEntered(values: Pick<ContactFormValues, 'dob_year' | 'dob_month' | 'age'>, today: Date): boolean {
  return isChild(enteredAge(values, today))
}

/** A phone field holding nothing but a prefix is empty. */
export function phoneIsEmpty(value: string): boolean {
  return /^\s*(\+\d{0,4})?\s*$/.test(value)
}

export function hasParentDetails(values: ContactFormValues): boolean {
  return (
    [values.parent_carer_first_name, values.parent_carer_last_name, values.parent_carer_relationship, values.parent_carer_email].some(
      (value) => value.trim() !== '',
    ) || !phoneIsEmpty(values.parent_carer_phone)
  )
}

/** The parent or carer can be reached: a first name and an email or phone (spec 2 §4). */
export function parentCanBeAsked(values: ContactFormValues): boolean {
  return values.parent_carer_first_name.trim() !== '' && (values.parent_carer_email.trim() !== '' || !phoneIsEmpty(values.parent_carer_phone))
}

/** Whether an input shows: its field is allowed (groups show when any of their fields is). */
export function isAllowed(fields: ReadonlySet<string>, name: string): boolean {
  if (fields.has(name)) return true
  if (name === 'address') return [...fields].some((field) => field.startsWith('address_'))
  if (name === 'social') return [...fields].some((field) => field === 'social' || field.startsWith('social.'))
  if (name.startsWith('social.')) return fields.has('social')
  if (name === 'dob') return fields.has('dob_month') || fields.has('dob_year') || fields.has('dob')
  return false
}

const fieldsKeptWithoutConsent = new Set<string>(fieldsWithoutConsent)
/** A child's birth and parent or carer are kept without consent too: consent is asked of that parent. */
const childFieldsKeptWithoutConsent = new Set([
  'dob',
  'dob_month',
  'dob_year',
  'age',
  'parent_carer_first_name',
  'parent_carer_last_name',
  'parent_carer_relationship',
  'parent_carer_email',
  'parent_carer_phone',
])

/** An input is enabled (and sent): always with consent; without, the name and gender, and a child's birth and parent or carer. */
export function isEnabled(name: string, values: ContactFormValues, settings: ContactFormSettings): boolean {
  if (!isRestricted(values, settings) || fieldsKeptWithoutConsent.has(name)) return true
  return childFieldsKeptWithoutConsent.has(name) && isChildEntered(values, settings.today)
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim())
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value))
const phoneOrNull = (value: string, country: string) => (phoneIsEmpty(value) ? null : (toE164(value, country) ?? value.trim()))

/**
 * The contact fields to send (the contract's names and shapes): only allowed fields, only
 * the name and gender without consent (and a child's birth and parent or carer), free
 * 'other' texts only with 'other' chosen.
 */
export function toWireFields(values: ContactFormValues, settings: ContactFormSettings): WireFields {
  const wire: Record<string, unknown> = {}
  const allowed = (name: string) => isAllowed(settings.fields, name) && isEnabled(name, values, settings)
  const put = (name: string, value: unknown) => {
    if (allowed(name)) wire[name] = value
  }

  put('first_name', values.first_name.trim())
  put('last_name', values.last_name.trim())
  put('gender', values.gender || null)
  if (allowed('dob')) {
    wire['dob_month'] = numberOrNull(values.dob_month)
    wire['dob_year'] = numberOrNull(values.dob_year)
  }
  put('age', values.dob_year ? null : numberOrNull(values.age))
  put('email', textOrNull(values.email))
  if (allowed('phone')) {
    wire['phone'] = phoneOrNull(values.phone, values.phone_country)
    if (wire['phone'] !== null) wire['phone_country'] = values.phone_country
  }
  put('religion', textOrNull(values.religion))
  put('religion_other', settings.otherReligions.has(values.religion) ? textOrNull(values.religion_other) : null)
  put('marital_status', values.marital_status || null)
  put('member_status', values.member_status.trim())
  put('source', textOrNull(values.source))
  put('source_other', settings.otherSources.has(values.source) ? textOrNull(values.source_other) : null)
  put('grow_phase', values.grow_phase || null)
  if (allowed('social')) {
    wire['social'] = Object.fromEntries(socialNetworks.map((network) => [network, textOrNull(values.social[network])]))
  }
  if (allowed('address')) {
    const address = values.address
    const manual = address.address_manual_input
    Object.assign(wire, {
      address_manual_input: manual,
      address_place_id: manual ? null : address.address_place_id,
      address_formatted: manual ? null : textOrNull(address.address_formatted),
      address_street: textOrNull(address.address_street),
      address_city: textOrNull(address.address_city),
      address_state: textOrNull(address.address_state),
      address_postcode: textOrNull(address.address_postcode),
      address_country: textOrNull(address.address_country),
      address_lat: manual ? null : address.address_lat,
      address_lng: manual ? null : address.address_lng,
    })
  }
  put('is_visitor', values.is_visitor)
  for (const expectation of ['expect_follow_up', 'expect_bible_study', 'expect_baptism'] as const) {
    put(expectation, values[expectation])
    put(`${expectation}_completed`, values[expectation] && values[`${expectation}_completed`])
  }
  put('parent_carer_first_name', textOrNull(values.parent_carer_first_name))
  put('parent_carer_last_name', textOrNull(values.parent_carer_last_name))
  put('parent_carer_relationship', values.parent_carer_relationship || null)
  put('parent_carer_email', textOrNull(values.parent_carer_email))
  put('parent_carer_phone', phoneOrNull(values.parent_carer_phone, values.parent_carer_phone_country))

  if (values.consent_type && isAllowed(settings.fields, 'consent_type')) {
    wire['consent_type'] = values.consent_type
    if (values.consent_type === 'verbal') {
      Object.assign(wire, {
        consent_verbal_confirmed: values.consent_verbal_confirmed,
        consent_date: textOrNull(values.consent_date),
        consent_content: textOrNull(values.consent_content),
      })
    } else if (values.consent_type === 'photo') {
      // The photo itself arrives with the consent engine; its date is kept now.
      wire['consent_date'] = textOrNull(values.consent_date)
    }
  }
  return wire as WireFields
}

/** A new contact's fields: the empty ones left out. */
export function compactFields(wire: WireFields): WireFields {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(wire)) {
    if (value === null || value === undefined || value === '') continue
    if (key === 'social' && value && typeof value === 'object') {
      const links = Object.fromEntries(Object.entries(value).filter(([, link]) => link !== null && link !== ''))
      if (Object.keys(links).length > 0) result[key] = links
      continue
    }
    if (key === 'address_manual_input' && value === false) continue
    result[key] = value
  }
  return result as WireFields
}

/** Fields that are sent together when any of them changed. */
const fieldGroups: string[][] = [
  ['dob_month', 'dob_year', 'age'],
  ['phone', 'phone_country'],
  Object.keys(emptyAddress),
  ['consent_type', 'consent_date', 'consent_content', 'consent_verbal_confirmed'],
]

/** The fields that differ from what was loaded, for update-user (spec 2 §2: only changed fields). */
export function changedFields(before: WireFields, after: WireFields): WireFields {
  const same = (key: string) =>
    JSON.stringify((before as Record<string, unknown>)[key] ?? null) === JSON.stringify((after as Record<string, unknown>)[key] ?? null)
  const changed: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if (same(key)) continue
    const group = fieldGroups.find((members) => members.includes(key)) ?? [key]
    for (const member of group) if (member in after) changed[member] = (after as Record<string, unknown>)[member]
  }
  return changed as WireFields
}

/** The contract's own rules, for the form to report against its inputs. */
export const wireRules = contactFields.partial()
