import { and, eq, inArray, or } from 'drizzle-orm'
import type { z } from 'zod'
import {
  ageFrom,
  contactAddressFields,
  contactFieldsSchema,
  contactFlagFields,
  contactNameFields,
  contactTextFields,
  fieldsKeptWithoutConsent,
  isChild,
  isSourceRequired,
  toE164,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { lookupItems, type people } from '../../db/schema/index'
import { FieldRefusals } from '../../platform/field-refusals'

/** What a writer sent of a contact (every field optional, as on update). */
export type ContactInput = Partial<z.output<typeof contactFieldsSchema>>
export type PersonRow = typeof people.$inferSelect
export type PersonValues = Partial<typeof people.$inferInsert>

/** The fields that identify a contact when looking for duplicates (spec 2 §8). */
export interface ContactIdentity {
  first_name: string | null
  last_name: string | null
  gender: string | null
  email: string | null
  phone: string | null
}

export interface ResolvedContact {
  /** The person columns to write: only the given fields, after the consent rule. */
  values: PersonValues
  /** What the writer typed, for the duplicate search (kept even when not stored). */
  identity: ContactIdentity
  /** The contact is a child once the change is made. */
  isChild: boolean
  /** Field → message; empty when the input is valid. */
  /** The refused fields, with their codes and messages. */
  refusals: FieldRefusals
  /** Fields sent but not kept: no consent is on record (spec 2 §4.2). */
  notKept: string[]
}

export const parentEmailOrPhoneMessage = 'Note: An email or phone number is required.'

/** Fields a writer may send that map one to one onto a person column. */
const plainFields = [...contactNameFields, ...contactTextFields, ...contactFlagFields, ...contactAddressFields] as const satisfies ReadonlyArray<
  keyof ContactInput & keyof PersonValues
>

// What goes with another field rather than being a contact field of its own.
const companionFields = new Set(['phone_country', 'consent_date', 'consent_content', 'consent_verbal_confirmed'])
const contactFieldNames = Object.keys(contactFieldsSchema.shape).filter((key) => !companionFields.has(key)) as Array<keyof ContactInput>

/** Every contact field the input carries (the team, group and flags of the call aside). */
export function hasContactFields(input: ContactInput): boolean {
  return contactFieldNames.some((key) => input[key] !== undefined)
}

function e164(value: string, country: string): string | undefined {
  try {
    return toE164(value, country.toUpperCase())
  } catch {
    // An unknown country code is an invalid number, not a server error.
    return undefined
  }
}

function blankToNull<T>(value: T): T | null {
  return typeof value === 'string' && value.trim() === '' ? null : value
}

/** The lists of the contact fields that take a lookup value. */
const contactLookupLists = ['member-status-types', 'contact-source-types', 'religion-types']

/**
 * The active items of the contact fields' lookup lists, as `list/value`: read once by a writer
 * of many contacts (the import) and given to resolveContactInput, which then reads none.
 */
export async function loadContactLookups(db: Executor): Promise<ReadonlySet<string>> {
  const rows = await db
    .select({ list: lookupItems.list, value: lookupItems.value })
    .from(lookupItems)
    .where(and(eq(lookupItems.is_active, true), inArray(lookupItems.list, contactLookupLists)))
  return new Set(rows.map((row) => `${row.list}/${row.value}`))
}

/** The lookup values among `wanted` that are not active items of their list. */
async function unknownLookups(db: Executor, wanted: Array<{ field: string; list: string; value: string }>, known?: ReadonlySet<string>): Promise<string[]> {
  if (known) return wanted.filter((w) => !known.has(`${w.list}/${w.value}`)).map((w) => w.field)
  if (wanted.length === 0) return []
  const rows = await db
    .select({ list: lookupItems.list, value: lookupItems.value })
    .from(lookupItems)
    .where(and(eq(lookupItems.is_active, true), or(...wanted.map((w) => and(eq(lookupItems.list, w.list), eq(lookupItems.value, w.value))))))
  const found = new Set(rows.map((row) => `${row.list}/${row.value}`))
  return wanted.filter((w) => !found.has(`${w.list}/${w.value}`)).map((w) => w.field)
}

/**
 * Turns a writer's contact fields into person columns, checking what the schema cannot:
 * lookup values, the source rule, phone numbers, the birth date, a child's parent or carer
 * and consent (spec 2 §4, §5). `existing` is the person being edited (null when adding):
 * rules that read several fields read the person as it will be after the change.
 * `consentGiven`: the person gives their own consent with this change (the consent page);
 * `lookups`: the active lookup items, when the writer read them already (loadContactLookups).
 */
export async function resolveContactInput(
  db: Executor,
  input: ContactInput,
  existing: PersonRow | null,
  context: { now: Date; country: string; consentGiven?: boolean; lookups?: ReadonlySet<string> },
): Promise<ResolvedContact> {
  const errors = new FieldRefusals()
  const values: PersonValues = {}
  for (const field of plainFields) {
    const value = input[field]
    if (value !== undefined) (values as Record<string, unknown>)[field] = blankToNull(value)
  }
  // last_name is not null in the table: an empty one is ''.
  if (input.last_name !== undefined) values.last_name = input.last_name

  const country = input.phone_country ?? context.country
  for (const field of ['phone', 'parent_carer_phone'] as const) {
    const raw = input[field]
    if (raw === undefined) continue
    const value = blankToNull(raw)
    if (value === null) values[field] = null
    else {
      const normalised = e164(value, country)
      if (normalised) values[field] = normalised
      else errors.set(field, 'invalid_phone')
    }
  }

  if (input.social !== undefined) {
    const social = { ...(existing?.social ?? {}) } as Record<string, string>
    for (const [network, url] of Object.entries(input.social)) {
      if (url) social[network] = url
      else if (url === null) delete social[network]
    }
    values.social = social
  }

  resolveBirth(input, existing, context.now, values, errors)

  const wanted = [
    { field: 'member_status', list: 'member-status-types', value: values.member_status },
    { field: 'source', list: 'contact-source-types', value: values.source },
    { field: 'religion', list: 'religion-types', value: values.religion },
  ].filter((w): w is { field: string; list: string; value: string } => typeof w.value === 'string')
  for (const field of await unknownLookups(db, wanted, context.lookups)) errors.set(field, 'not_in_list')

  // Rules over several fields read the person as it will be.
  const after = <K extends keyof PersonRow>(key: K): PersonRow[K] | null =>
    key in values ? ((values as Record<string, unknown>)[key] as PersonRow[K]) : (existing?.[key] ?? null)
  // A birth date in error says nothing about the age yet.
  const child = !errors.has('dob_year') && isChild(ageFrom(after('dob_year'), after('dob_month'), context.now))
  // consentGiven: the person consents here themselves (their own consent page, a QR card).
  const consentOnRecord = resolveConsent(input, existing, values, errors, child) || context.consentGiven === true
  // Without consent the member status and source are not kept, so not asked for (spec 2 §4);
  // an edit asks for a status when it sets one or records consent now.
  const asksStatus = existing === null || input.member_status !== undefined || consentGivenNow(input, child)
  if (consentOnRecord && asksStatus && !after('member_status') && !errors.has('member_status')) errors.set('member_status', 'required')
  if (consentOnRecord && isSourceRequired(after('member_status')) && !after('source') && !errors.has('source')) errors.set('source', 'required')

  if (child) {
    if (!after('parent_carer_first_name')) errors.set('parent_carer_first_name', 'required')
    if (!after('parent_carer_email') && !after('parent_carer_phone') && !errors.has('parent_carer_phone')) {
      errors.set('parent_carer_email', 'parent_contact_required')
    }
  }

  const identity: ContactIdentity = {
    first_name: after('first_name'),
    last_name: after('last_name'),
    gender: after('gender'),
    email: after('email'),
    phone: after('phone'),
  }
  const notKept: string[] = []
  if (!consentOnRecord) {
    const kept = fieldsKeptWithoutConsent(child)
    for (const key of Object.keys(values)) {
      if (kept.has(key)) continue
      delete (values as Record<string, unknown>)[key]
      notKept.push(key)
    }
  }
  return { values, identity, isChild: child, refusals: errors, notKept }
}

/** Birth month and year, or an age alone (the year is then this year minus the age). */
function resolveBirth(input: ContactInput, existing: PersonRow | null, now: Date, values: PersonValues, errors: FieldRefusals) {
  if (input.dob_month !== undefined) values.dob_month = input.dob_month
  if (input.dob_year !== undefined) values.dob_year = input.dob_year
  else if (input.age !== undefined && input.age !== null) {
    // Born in the given month (or January) of the year that makes the age right today.
    const month = input.dob_month ?? 1
    values.dob_year = now.getFullYear() - input.age - (now.getMonth() + 1 < month ? 1 : 0)
  }
  const year = 'dob_year' in values ? values.dob_year : (existing?.dob_year ?? null)
  const month = 'dob_month' in values ? values.dob_month : (existing?.dob_month ?? null)
  if (month && !year) errors.set('dob_year', 'birth_year_required')
  if (year && (year > now.getFullYear() || (year === now.getFullYear() && (month ?? 1) > now.getMonth() + 1))) {
    errors.set('dob_year', 'dob_in_future')
  }
}

function consentGivenNow(input: ContactInput, child: boolean): boolean {
  return input.consent_type === 'verbal' || (input.consent_type === 'photo' && !child)
}

/**
 * The consent choice of the form (spec 2 §2, §4, §5; issue 13 item 4). Verbal consent is
 * given in the form: it needs a date, the content and the confirmation that other options
 * are unavailable, and is refused once a non-verbal consent is on record. An adult's photo
 * of their own signed form is given with its date. 'automatic' (a QR code or mailed link),
 * and a child's 'photo' (the parent's signed form, uploaded through the consent form), are
 * consent being requested: until a consent is on record the contact keeps
 * what fieldsKeptWithoutConsent allows. 'none' leaves a recorded consent as it is (revoking
 * it is the consent engine's). Answers whether consent is on record after the change.
 */
function resolveConsent(input: ContactInput, existing: PersonRow | null, values: PersonValues, errors: FieldRefusals, child: boolean): boolean {
  const recorded = existing?.consent_type ?? null
  // An adult's own signed form, dated in the form: consent given now, as before the consent
  // service; the photo is uploaded right after saving (docs/decisions.md "Consent").
  if (input.consent_type === 'photo' && !child) {
    if (!input.consent_date) errors.set('consent_date', 'required')
    values.consent_type = 'photo'
    values.consent_date = input.consent_date ?? null
    return true
  }
  if (input.consent_type === 'verbal') {
    if (!input.consent_date) errors.set('consent_date', 'required')
    if (recorded && recorded !== 'verbal') errors.set('consent_type', 'other_consent_on_record', 'A consent of another kind is on record.')
    if (!input.consent_content) errors.set('consent_content', 'required')
    if (!input.consent_verbal_confirmed) errors.set('consent_verbal_confirmed', 'verbal_confirm_required')
    values.consent_type = 'verbal'
    values.consent_date = input.consent_date ?? null
    values.consent_content = blankToNull(input.consent_content ?? null)
    return true
  }
  return recorded !== null
}

/**
 * A child's verbal consent given in the form is also a consent on record (parental_consents,
 * type verbal), by the parent or carer as the form names them, granting every permission:
 * the form asks for no permission list, and a refused permission is recorded through the
 * Consent tab's own verbal form. Null for any other change.
 */
export function formVerbalConsent(input: ContactInput, resolved: ResolvedContact, existing: PersonRow | null): FormVerbalConsent | null {
  if (input.consent_type !== 'verbal' || !resolved.isChild || !input.consent_date) return null
  const parent = <K extends keyof PersonRow>(key: K) =>
    key in resolved.values ? ((resolved.values as Record<string, unknown>)[key] as PersonRow[K]) : (existing?.[key] ?? null)
  const first = parent('parent_carer_first_name') ?? ''
  return {
    by_name: `${first} ${parent('parent_carer_last_name') ?? ''}`.trim(),
    by_relationship: parent('parent_carer_relationship'),
    by_email: parent('parent_carer_email'),
    by_phone: parent('parent_carer_phone'),
    consent_date: input.consent_date,
    notes: blankToNull(input.consent_content ?? null),
  }
}

export interface FormVerbalConsent {
  by_name: string
  by_relationship: string | null
  by_email: string | null
  by_phone: string | null
  consent_date: string
  notes: string | null
}

/** 400 invalid_request with the refused fields, when there are any. */
export function assertValid(errors: FieldRefusals): void {
  errors.throwIfAny()
}
