// The contact form's consent and child rules (spec 2 §4, §5): what is kept without consent,
// when the contact is a child, when its parent or carer shows and can be asked, and which
// inputs show. They read the form's values by the names they need, so the values module
// (and its mapping to the wire) can use them without an import back.
import {
  ageFrom,
  contactTextFields,
  fieldsKeptWithoutConsent,
  isChild,
  parentCarerFields as parentCarerContactFields,
  type ConsentChoice,
  type ContactFlagField,
} from '@crm/domain'

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

/** The parent or carer's texts and choices of the contract's text group. */
const parentCarerTextFields = contactTextFields.filter((field) => field.startsWith('parent_carer_'))
/** Every input of the parent or carer: its texts and choices and its phone. */
export const parentCarerFields: readonly string[] = parentCarerContactFields
type ParentCarerTextField = (typeof parentCarerTextFields)[number]

type BirthValues = { dob_month: string; dob_year: string; age: string }
type ParentValues = Record<ParentCarerTextField, string> & { parent_carer_phone: string }
/** What the rules read of the form's values. */
type RuleValues = BirthValues & ParentValues & { consent_type: ConsentChoice | ''; religion: string; source: string }

/** Without consent (and with Automatic until it is answered) only the name and gender are kept (spec 2 §4). */
export function isRestricted(values: Pick<RuleValues, 'consent_type'>, settings: Pick<ContactFormSettings, 'consentAnswered'>): boolean {
  return values.consent_type === 'none' || (values.consent_type === 'automatic' && !settings.consentAnswered)
}

/** The age the entered birth month and year (or age) give. */
export function enteredAge(values: BirthValues, today: Date): number | undefined {
  if (values.dob_year) return ageFrom(Number(values.dob_year), values.dob_month ? Number(values.dob_month) : null, today)
  const age = values.age.trim()
  return age !== '' && Number.isFinite(Number(age)) ? Number(age) : undefined
}

export function isChildEntered(values: BirthValues, today: Date): boolean {
  return isChild(enteredAge(values, today))
}

/** A phone field holding nothing but a prefix is empty. */
export function phoneIsEmpty(value: string): boolean {
  return /^\s*(\+\d{0,4})?\s*$/.test(value)
}

export function hasParentDetails(values: ParentValues): boolean {
  return parentCarerTextFields.some((field) => values[field].trim() !== '') || !phoneIsEmpty(values.parent_carer_phone)
}

/** The parent or carer can be reached: a first name and an email or phone (spec 2 §4). */
export function parentCanBeAsked(values: ParentValues): boolean {
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

const keptForAdults = fieldsKeptWithoutConsent(false)
const keptForChildren = fieldsKeptWithoutConsent(true)

/** An input is enabled (and sent): always with consent; without, what the domain keeps without consent. */
export function isEnabled(name: string, values: RuleValues, settings: ContactFormSettings): boolean {
  if (!isRestricted(values, settings)) return true
  // The birth inputs show as one ('dob').
  const field = name === 'dob' ? 'dob_year' : name
  return keptForAdults.has(field) || (keptForChildren.has(field) && isChildEntered(values, settings.today))
}

// The free texts that count only with 'other' chosen in their list: the list's field and
// the settings' ids of its 'other' items.
const otherTexts = {
  religion_other: ['religion', 'otherReligions'],
  source_other: ['source', 'otherSources'],
} as const satisfies Record<string, readonly [keyof RuleValues, keyof ContactFormSettings]>

/** A free 'other' text is open (shown and sent) only with 'other' chosen; any other field is always open. */
export function isOtherTextOpen(field: string, values: RuleValues, settings: ContactFormSettings): boolean {
  if (!(field in otherTexts)) return true
  const [choice, others] = otherTexts[field as keyof typeof otherTexts]
  return settings[others].has(values[choice])
}

export function isOtherText(field: string): boolean {
  return field in otherTexts
}

/** A tick '<x>_completed' (an expectation met) counts only with its tick '<x>' ticked. */
export function isTickCounted(field: ContactFlagField, values: Record<ContactFlagField, boolean>): boolean {
  const expectation = field.replace(/_completed$/, '')
  return expectation === field || !(expectation in values) || values[expectation as ContactFlagField]
}
