// The contact form's values: their shape, derived from the contract's field groups
// (contact-shapes.ts), and the mapping from a contact's view to the form and from the form
// to the wire. Every field of a group is mapped the same way; only the fields with rules of
// their own (birth, phones, social links, consent) are written out here.
import {
  contactAddressFields,
  contactFieldsSchema,
  contactFlagFields,
  contactNameFields,
  contactTextFields,
  defaultPhoneCountry,
  formatInternational,
  parsePhone,
  socialNetworks,
  toE164,
  type ConsentChoice,
  type ContactFields,
  type ContactFlagField,
  type ContactTextField,
  type ContactView,
  type SocialNetwork,
} from '@crm/domain'
import { addressValueOf, emptyAddress, isAddressText, isPickedOnly, type AddressValue } from '../../../places/components/address-field'
import { isAllowed, isEnabled, isOtherTextOpen, isTickCounted, phoneIsEmpty, type ContactFormSettings } from './contact-form-rules'

type ContactNameField = (typeof contactNameFields)[number]
/** Names, texts and choices as their inputs hold them: '' for none, a choice keeps its type (`Gender | ''`). */
type TextValues = { [K in ContactNameField | ContactTextField]: NonNullable<ContactView[K]> | '' }
type FlagValues = { [K in ContactFlagField]: boolean }
const textFields = [...contactNameFields, ...contactTextFields]

/** The contact form as its inputs hold it: the contract's groups, and the fields with rules of their own. */
export interface ContactFormValues extends TextValues, FlagValues {
  consent_type: ConsentChoice | ''
  consent_date: string
  consent_content: string
  consent_verbal_confirmed: boolean
  dob_month: string
  dob_year: string
  age: string
  phone: string
  phone_country: string
  social: Record<SocialNetwork, string>
  address: AddressValue
  parent_carer_phone: string
  parent_carer_phone_country: string
}

export type WireFields = Partial<ContactFields>

/** A date input's value for today, in local time. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

const emptySocial = Object.fromEntries(socialNetworks.map((network) => [network, ''])) as Record<SocialNetwork, string>

const emptyGroups = {
  ...(Object.fromEntries(textFields.map((field) => [field, ''])) as TextValues),
  ...(Object.fromEntries(contactFlagFields.map((field) => [field, false])) as FlagValues),
}

export function emptyContactValues(today: Date): ContactFormValues {
  return {
    ...emptyGroups,
    consent_type: '',
    consent_date: isoDate(today),
    consent_content: '',
    consent_verbal_confirmed: false,
    dob_month: '',
    dob_year: '',
    age: '',
    phone: '',
    phone_country: defaultPhoneCountry,
    social: { ...emptySocial },
    address: { ...emptyAddress },
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
    ...(Object.fromEntries(textFields.map((field) => [field, contact[field] ?? ''])) as TextValues),
    ...(Object.fromEntries(contactFlagFields.map((field) => [field, contact[field]])) as FlagValues),
    consent_type: consentChoiceOf(contact),
    consent_date: contact.consent_date?.slice(0, 10) ?? isoDate(today),
    consent_content: text(contact.consent_content),
    consent_verbal_confirmed: contact.consent_type === 'verbal',
    dob_month: contact.dob_month ? String(contact.dob_month) : '',
    dob_year: contact.dob_year ? String(contact.dob_year) : '',
    // A known birth year gives the age; the age field is for when it is not known.
    age: contact.dob_year == null && contact.age != null ? String(contact.age) : '',
    phone: phone.phone,
    phone_country: phone.country,
    social: Object.fromEntries(socialNetworks.map((network) => [network, text(contact.social[network])])) as Record<SocialNetwork, string>,
    address: addressValueOf(contact),
    parent_carer_phone: parentPhone.phone,
    parent_carer_phone_country: parentPhone.country,
  }
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim())
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value))
const phoneOrNull = (value: string, country: string) => (phoneIsEmpty(value) ? null : (toE164(value, country) ?? value.trim()))

/**
 * The contact fields to send (the contract's names and shapes): only allowed fields, only
 * the name and gender without consent (and a child's birth and parent or carer), free
 * 'other' texts only with 'other' chosen, a completed expectation only with the expectation.
 */
export function toWireFields(values: ContactFormValues, settings: ContactFormSettings): WireFields {
  const wire: Record<string, unknown> = {}
  const allowed = (name: string) => isAllowed(settings.fields, name) && isEnabled(name, values, settings)
  const put = (name: string, value: unknown) => {
    if (allowed(name)) wire[name] = value
  }

  for (const field of contactNameFields) put(field, values[field].trim())
  for (const field of contactTextFields) put(field, isOtherTextOpen(field, values, settings) ? textOrNull(values[field]) : null)
  for (const field of contactFlagFields) put(field, values[field] && isTickCounted(field, values))
  if (allowed('address')) Object.assign(wire, addressWireOf(values.address))
  if (allowed('dob')) {
    wire['dob_month'] = numberOrNull(values.dob_month)
    wire['dob_year'] = numberOrNull(values.dob_year)
  }
  put('age', values.dob_year ? null : numberOrNull(values.age))
  if (allowed('phone')) {
    wire['phone'] = phoneOrNull(values.phone, values.phone_country)
    if (wire['phone'] !== null) wire['phone_country'] = values.phone_country
  }
  if (allowed('social')) {
    wire['social'] = Object.fromEntries(socialNetworks.map((network) => [network, textOrNull(values.social[network])]))
  }
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

/** The address as sent: a typed address drops what only a picked place gives. */
function addressWireOf(address: AddressValue): Record<string, unknown> {
  const manual = address.address_manual_input
  return Object.fromEntries(
    contactAddressFields.map((field) => {
      const value = address[field]
      if (manual && isPickedOnly(field)) return [field, null]
      return [field, isAddressText(field) ? textOrNull(String(value)) : value]
    }),
  )
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
  [...contactAddressFields],
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
export const wireRules = contactFieldsSchema.partial()
