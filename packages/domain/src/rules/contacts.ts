import { z } from 'zod'
import { adultAge } from '../constants'
import { issueOf } from '../field-errors'

/** Spec 2 §3: the contact's fields with fixed choices. */
export const genders = ['male', 'female', 'declined'] as const
export type Gender = (typeof genders)[number]

/** The gender words a spreadsheet may hold (case aside): English, Spanish and M/F. */
const genderWords: Record<string, Gender> = {
  male: 'male',
  m: 'male',
  man: 'male',
  hombre: 'male',
  female: 'female',
  f: 'female',
  woman: 'female',
  mujer: 'female',
  declined: 'declined',
}

/** The gender an imported cell names, or null when it names none. */
export function genderOfCell(text: string): Gender | null {
  return genderWords[text.trim().toLowerCase()] ?? null
}

export const genderMessage = 'Enter male, female or declined.'

export const maritalStatuses = ['single', 'married', 'widowed', 'divorced', 'separated', 'other'] as const

/** The grow cycle; preserve is shown to people as 'Multiply' (spec 2 §1). */
export const growPhases = ['prepare', 'plant', 'cultivate', 'harvest', 'preserve'] as const
export type GrowPhase = (typeof growPhases)[number]

export const socialNetworks = ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const
export type SocialNetwork = (typeof socialNetworks)[number]

/** The sites of each network (with their www. and m. subdomains) a social link may point to. */
export const socialSites: Record<SocialNetwork, readonly string[]> = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  linkedin: ['linkedin.com'],
  twitter: ['twitter.com', 'x.com'],
  youtube: ['youtube.com', 'youtu.be'],
}

/**
 * A social link is an http(s) address on one of the network's sites: a `javascript:`,
 * `data:` or any other address is refused, so a stored link is safe to open.
 */
export function isSocialLink(network: SocialNetwork, value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  if (url.username || url.password) return false
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '')
  return socialSites[network].includes(host)
}

/** The wire rule of one social link (spec 2 §3). */
export function socialLink(network: SocialNetwork) {
  return z
    .string()
    .trim()
    .max(300)
    .refine((value) => isSocialLink(network, value), issueOf('invalid_url'))
}

/** Relationship of a parent or carer to a child (spec 2 §3). */
export const parentCarerRelationships = [
  'father',
  'mother',
  'parent',
  'guardian',
  'brother',
  'sister',
  'sibling',
  'grandfather',
  'grandmother',
  'grandparent',
  'cousin',
  'uncle',
  'aunt',
  'uncle_aunt',
] as const
export type ParentCarerRelationship = (typeof parentCarerRelationships)[number]

/** Member statuses that need a source (spec 2 §5). */
export const sourceRequiredStatuses = [
  'church-attendee',
  'event-interest',
  'lead-unvisited',
  'lead-visited',
  'study-in-person',
  'study-correspondence',
  'baptismal-candidate',
] as const

export function isSourceRequired(memberStatus: string | null | undefined): boolean {
  return (sourceRequiredStatuses as readonly string[]).includes(memberStatus ?? '')
}

/**
 * Consent choices when adding or editing a contact (spec 2 §2): automatic (a QR code or
 * emailed link the person or parent answers), a photo of a signed form, verbal, or none
 * yet. Without consent only the name and gender are kept (spec 2 §4).
 */
export const consentChoices = ['automatic', 'photo', 'verbal', 'none'] as const
export type ConsentChoice = (typeof consentChoices)[number]

/** The seven permissions a parent or carer grants or denies (spec 2 §3.4), in this order. */
export const consentPermissions = [
  'bible_studies',
  'spiritual_discussions',
  'counseling_sessions',
  'one_on_one_meetings',
  'group_studies',
  'phone_calls',
  'electronic_messages',
] as const
export type ConsentPermission = (typeof consentPermissions)[number]

/** Recorded consent types: direct (given by the person or parent online), photo, verbal. */
export const consentTypes = ['direct', 'photo', 'verbal'] as const
export type ConsentType = (typeof consentTypes)[number]

/** The fields kept for a contact without consent. */
export const fieldsWithoutConsent = ['first_name', 'last_name', 'gender'] as const

/** A child's parent or carer: who is asked for consent (spec 2 §4, §5). */
export const parentCarerFields = [
  'parent_carer_first_name',
  'parent_carer_last_name',
  'parent_carer_relationship',
  'parent_carer_email',
  'parent_carer_phone',
] as const

/**
 * What is kept without consent (spec 2 §4: "With no consent, only name and gender can be
 * saved"). For a child the birth month and year (or age) and the parent or carer stay too:
 * they tell the app the contact needs parental consent and whom to ask for it.
 */
export function fieldsKeptWithoutConsent(child: boolean): ReadonlySet<string> {
  return new Set<string>(child ? [...fieldsWithoutConsent, 'dob_month', 'dob_year', 'age', ...parentCarerFields] : fieldsWithoutConsent)
}

/**
 * Age in whole years from a birth year and month (the day is not kept: the person is
 * taken to be born on the first of the month). Undefined without a year.
 */
export function ageFrom(dobYear: number | null | undefined, dobMonth: number | null | undefined, today: Date): number | undefined {
  if (!dobYear) return undefined
  const month = dobMonth ?? 1
  let age = today.getFullYear() - dobYear
  if (today.getMonth() + 1 < month) age -= 1
  return Math.max(0, age)
}

/** The month and year of birth as the contact data serves them: "YYYY-MM", "YYYY" or null. */
export function dobOf(dobYear: number | null | undefined, dobMonth: number | null | undefined): string | null {
  if (!dobYear) return null
  const year = String(dobYear).padStart(4, '0')
  return dobMonth ? `${year}-${String(dobMonth).padStart(2, '0')}` : year
}

/** A child is under 18 (spec 2 §5). */
export function isChild(age: number | undefined): boolean {
  return age !== undefined && age < adultAge
}

/** '1 year old' / 'N years old' is the web app's; this is the number it shows. */
export type AgeBand = '0-12' | '13-21' | '22-40' | '41-65' | '66+'

/** The birth months (year * 12 + month - 1) of the people in an age band on a date. */
export function birthMonthRange(band: AgeBand, today: Date): { from: number; to: number } {
  const [low, high] = band === '66+' ? [66, 150] : (band.split('-').map(Number) as [number, number])
  const now = today.getFullYear() * 12 + today.getMonth()
  // Aged `high` at most: born after the month `high + 1` years ago; aged `low` at least: born
  // in or before the month `low` years ago.
  return { from: now - (high + 1) * 12 + 1, to: now - low * 12 }
}

export function birthMonthIndex(dobYear: number, dobMonth: number | null | undefined): number {
  return dobYear * 12 + ((dobMonth ?? 1) - 1)
}

/** A link that opens directions to an address in the person's maps app. */
export function directionsLink(address: { lat?: number | null; lng?: number | null; formatted?: string | null }): string | null {
  if (address.lat != null && address.lng != null) {
    return `https://www.google.com/maps/dir/?api=1&destination=${address.lat},${address.lng}`
  }
  if (address.formatted) return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.formatted)}`
  return null
}
