import { and, eq, inArray } from 'drizzle-orm'
import {
  ageFrom,
  consentTypes,
  contactAddressFields,
  contactFlagFields,
  contactTextFields,
  contactViewSchema,
  defaultLocale,
  directionsLink,
  dobOf,
  formatInternational,
  growPhases,
  isChild,
  socialNetworks,
  supportedLocales,
  type ContactAddressField,
  type ContactFlagField,
  type ContactTextField,
  type ContactView,
  type GrowPhase,
  type Locale,
  zonedDate,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { preparedQuery } from '../../db/prepared'
import { lookupItems, lookupItemsVersion, type people, type teamContacts } from '../../db/schema/index'
import { defaultTimeZone, displayDate, elapsed, fullName, oneOf } from '../../platform/format'
import { currentLookupsVersion, lookupsVersionColumn, noteLookupsVersion } from '../../platform/lookups-version'
import { contactPhotoUrl } from '../consent/avatar.service'

export type PersonRow = typeof people.$inferSelect
export type TeamContactRow = typeof teamContacts.$inferSelect

/** The grow cycle as people read it (spec 2 §1: preserve is shown as Multiply), in each locale. */
export const growPhaseTitles: Record<Locale, Record<GrowPhase, string>> = {
  en: { prepare: 'Prepare', plant: 'Plant', cultivate: 'Cultivate', harvest: 'Harvest', preserve: 'Multiply' },
  es: { prepare: 'Preparar', plant: 'Sembrar', cultivate: 'Cultivar', harvest: 'Cosechar', preserve: 'Multiplicar' },
}

const lookupLists = ['member-status-types', 'contact-source-types', 'religion-types'] as const
type ContactLookupList = (typeof lookupLists)[number]

/** The lookup titles a contact shows, in one locale. */
export interface ContactLookups {
  title(list: ContactLookupList, value: string | null): string | null
}

/**
 * The version of the lookup lists with their active items, in one snapshot; the version's row
 * comes back alone when no list has an item.
 */
const contactLookupItems = preparedQuery((db) =>
  db
    .select({
      version: lookupsVersionColumn,
      list: lookupItems.list,
      value: lookupItems.value,
      title: lookupItems.title,
      translations: lookupItems.translations,
    })
    .from(lookupItemsVersion)
    .leftJoin(lookupItems, and(inArray(lookupItems.list, [...lookupLists]), eq(lookupItems.is_active, true)))
    .prepare('contact_lookup_items'),
)

interface KeptLookups {
  version: number | null
  rows: Array<{ list: string | null; value: string | null; title: string | null; translations: Record<string, string> | null }>
  byLocale: Map<string, ContactLookups>
}

/** The lookups each database handle read last, kept while their version stays the version a call reads. */
const keptLookups = new WeakMap<Executor, KeptLookups>()

/**
 * The titles of every lookup a contact shows. A process keeps them across calls: the call's
 * session read the lists' version (platform/lookups-version.ts), and they are read again,
 * in one statement, only when the version moved since (a change by any process) or when
 * nothing read the version lately (a job, a transaction).
 */
export async function loadContactLookups(db: Executor, locale: string): Promise<ContactLookups> {
  const current = currentLookupsVersion(db)
  let kept = keptLookups.get(db)
  if (!kept || kept.version === null || current === null || kept.version < current) {
    const rows = await contactLookupItems(db).execute()
    const read: KeptLookups = { version: rows[0]?.version ?? null, rows, byLocale: new Map() }
    noteLookupsVersion(db, read.version)
    // Calls side by side may read in either order: the newer lists stay.
    if (!kept || kept.version === null || read.version === null || read.version >= kept.version) keptLookups.set(db, read)
    kept = read
  }
  let lookups = kept.byLocale.get(locale)
  if (!lookups) {
    lookups = contactLookupsOf(kept.rows, locale)
    kept.byLocale.set(locale, lookups)
  }
  return lookups
}

function contactLookupsOf(rows: KeptLookups['rows'], locale: string): ContactLookups {
  const titles = new Map<string, string>()
  for (const row of rows) if (row.list !== null) titles.set(`${row.list}/${row.value}`, row.translations?.[locale] ?? row.title ?? '')
  return {
    // An item no longer in the list still shows its stored value rather than nothing.
    title: (list, value) => (value ? (titles.get(`${list}/${value}`) ?? value) : null),
  }
}

export function growPhaseOf(value: string | null, locale: string): { grow_phase: GrowPhase | null; grow_phase_display: string | null } {
  const phase = oneOf(growPhases, value)
  const titles = growPhaseTitles[oneOf(supportedLocales, locale) ?? defaultLocale]
  return { grow_phase: phase, grow_phase_display: phase ? titles[phase] : null }
}

/** The age and whether the person is a child, from the birth month (spec 2 §5). */
export function ageOf(person: { dob_year: number | null; dob_month: number | null }, now: Date): { age: number | null; is_child: boolean } {
  const age = ageFrom(person.dob_year, person.dob_month, now)
  return { age: age ?? null, is_child: isChild(age) }
}

/** The address over lines: the formatted address split at its commas, else the parts. */
export function addressLines(
  person: Pick<PersonRow, 'address_formatted' | 'address_street' | 'address_city' | 'address_state' | 'address_postcode' | 'address_country'>,
): string | null {
  if (person.address_formatted)
    return person.address_formatted
      .split(/\s*,\s*/)
      .filter(Boolean)
      .join('\n')
  const locality = [person.address_city, person.address_state, person.address_postcode].filter(Boolean).join(' ')
  const lines = [person.address_street, locality, person.address_country].filter(Boolean)
  return lines.length > 0 ? lines.join('\n') : null
}

export interface ContactViewContext {
  teamContact: Pick<
    TeamContactRow,
    'state' | 'archived_at' | 'access_from' | 'access_to' | 'created_at' | 'last_interaction_at' | 'next_interaction_at' | 'has_overdue_interaction'
  >
  isAssigned: boolean
  /** Another team held the person before this one added them (is_existing; else is_new). */
  isExisting: boolean
  hiddenInContacts: boolean
  lookups: ContactLookups
  now: Date
  locale: string
  timeZone?: string
  /** data_view shows the phone in international format; data_edit keeps E.164. */
  phoneFormat: 'international' | 'e164'
  /** The next upcoming incomplete interaction (the interactions feature finds it). */
  nextInteraction?: ContactView['next_future_incomplete_interaction']
  /** The contact's interests (the interests feature reads them). */
  interests?: ContactView['interests']
  /** The team and group the contact is read through: its photo's address names them. */
  photoScope?: { teamId: number; groupId: number }
}

const storedFields = [...contactTextFields, ...contactFlagFields, ...contactAddressFields]

/**
 * The contract's texts, choices, ticks and address as stored; a value the view's schema
 * refuses (a choice no longer in its list, from old or imported data) reads as none.
 */
function storedFieldsOf(person: PersonRow): Pick<ContactView, ContactTextField | ContactFlagField | ContactAddressField> {
  const view: Record<string, unknown> = {}
  for (const field of storedFields) {
    const parsed = contactViewSchema.shape[field].safeParse(person[field])
    view[field] = parsed.success ? parsed.data : null
  }
  return view as Pick<ContactView, ContactTextField | ContactFlagField | ContactAddressField>
}

/** What a reader sees of a contact (spec 2 §3), from the person and the team's row. */
export function contactViewOf(person: PersonRow, context: ContactViewContext): ContactView {
  const { teamContact, lookups, locale, now } = context
  const timeZone = context.timeZone ?? defaultTimeZone
  const phone = person.phone && context.phoneFormat === 'international' ? formatInternational(person.phone) : person.phone
  const parentPhone =
    person.parent_carer_phone && context.phoneFormat === 'international' ? formatInternational(person.parent_carer_phone) : person.parent_carer_phone
  const parentName = person.parent_carer_first_name ? fullName(person.parent_carer_first_name, person.parent_carer_last_name) : null
  const consentType = oneOf(consentTypes, person.consent_type)
  const social = Object.fromEntries(socialNetworks.map((network) => [network, person.social[network] ?? null])) as ContactView['social']
  return {
    id: person.id,
    name: fullName(person.first_name, person.last_name),
    first_name: person.first_name,
    last_name: person.last_name,
    ...storedFieldsOf(person),
    dob_month: person.dob_month,
    dob_year: person.dob_year,
    dob: dobOf(person.dob_year, person.dob_month),
    ...ageOf(person, now),
    avatar:
      person.avatar_file_id !== null && context.photoScope ? contactPhotoUrl({ ...context.photoScope, contactId: person.id }, person.avatar_file_id) : null,
    email_is_verified: person.email_is_verified,
    phone,
    religion_display: lookups.title('religion-types', person.religion),
    member_status_display: lookups.title('member-status-types', person.member_status),
    source_display: lookups.title('contact-source-types', person.source),
    ...growPhaseOf(person.grow_phase, locale),
    social,
    address_formatted_break: addressLines(person),
    address_directions_link: directionsLink({ lat: person.address_lat, lng: person.address_lng, formatted: person.address_formatted }),
    status: teamContact.archived_at ? 'archive' : 'active',
    hidden_in_contacts: context.hiddenInContacts,
    is_awaiting_approval: teamContact.state === 'awaiting_approval',
    has_incomplete_interaction: teamContact.next_interaction_at !== null || teamContact.has_overdue_interaction,
    is_assigned: context.isAssigned,
    is_new: !context.isExisting,
    is_existing: context.isExisting,
    consent_given: consentType !== null && !person.consent_declined,
    consent_declined: person.consent_declined,
    parental_consent_declined: person.parental_consent_declined,
    access_from_date_display: displayDate(teamContact.access_from, locale, timeZone),
    access_to_date_display: teamContact.access_to ? displayDate(teamContact.access_to, locale, timeZone) : null,
    parent_carer_name: parentName,
    parent_carer_phone: parentPhone,
    consent_type: consentType,
    consent_date: person.consent_date,
    consent_content: person.consent_content,
    // The photo is served by the consent work (consentia-get-photo-url); no URL here yet.
    consent_photo: null,
    consent_url_sent: person.consent_url_sent_at !== null,
    consent_url_sent_date: person.consent_url_sent_at ? zonedDate(person.consent_url_sent_at, timeZone) : null,
    consent_url_sent_date_display: person.consent_url_sent_at ? displayDate(person.consent_url_sent_at, locale, timeZone) : null,
    consent_url_viewed: person.consent_url_viewed_at !== null,
    consent_url_submitted: person.consent_url_submitted_at !== null,
    consent_url_sent_to: person.consent_url_sent_to,
    interests: context.interests ?? [],
    next_future_incomplete_interaction: context.nextInteraction ?? null,
    last_interaction: teamContact.last_interaction_at ? elapsed(teamContact.last_interaction_at, now) : null,
    created_display: displayDate(teamContact.created_at, locale, timeZone),
  }
}
