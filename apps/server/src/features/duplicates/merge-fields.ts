import {
  contactAddressFields,
  contactFlagFields,
  mergeFieldGroupFields,
  mergeFieldGroups,
  type ContactMergePreview,
  type MergeFieldGroup,
  type MergeValues,
} from '@crm/domain'
import type { people } from '../../db/schema/index'

// A merge's fields (issue 40 §1): the person compares groups of fields (a name, an address, a
// consent) rather than single ones; where only one record has a value it is kept, where both
// have one the person chooses. The kept record's fields as they were are kept for undo.

export type PersonRow = typeof people.$inferSelect

/** The columns each field group writes (the preview shows mergeFieldGroupFields of them). */
const groupColumns = {
  name: ['first_name', 'last_name'],
  gender: ['gender'],
  birth: ['dob_year', 'dob_month'],
  email: ['email', 'email_is_verified'],
  phone: ['phone'],
  photo: ['avatar_file_id'],
  address: contactAddressFields,
  religion: ['religion', 'religion_other'],
  marital_status: ['marital_status'],
  member_status: ['member_status'],
  source: ['source', 'source_other'],
  grow_phase: ['grow_phase'],
  social: ['social'],
  parent_carer: ['parent_carer_first_name', 'parent_carer_last_name', 'parent_carer_relationship', 'parent_carer_email', 'parent_carer_phone'],
  consent: [
    'consent_type',
    'consent_date',
    'consent_content',
    'consent_photo_file_id',
    'consent_declined',
    'parental_consent_declined',
    'consent_url_sent_at',
    'consent_url_sent_to',
    'consent_url_viewed_at',
    'consent_url_submitted_at',
  ],
} as const satisfies Record<MergeFieldGroup, readonly (keyof PersonRow)[]>

/** The contact's ticks are true of the person when true of either record: a follow-up expected stays expected. */
const eitherFlags = contactFlagFields

const filled = (value: unknown) => value !== null && value !== undefined && value !== ''

/** A group's values as the preview shows them: social's links one by one, the rest as stored. */
function valuesOf(person: PersonRow, group: MergeFieldGroup): MergeValues {
  const values: MergeValues = {}
  for (const field of mergeFieldGroupFields[group]) {
    const value = group === 'social' ? person.social[field as keyof PersonRow['social']] : person[field as keyof PersonRow]
    values[field] = value === undefined ? null : (value as MergeValues[string])
  }
  return values
}

/** The record has something in the group: a consent on record, an address, a name… */
function hasValue(person: PersonRow, group: MergeFieldGroup): boolean {
  if (group === 'consent') return filled(person.consent_type)
  return Object.values(valuesOf(person, group)).some(filled)
}

function differs(kept: PersonRow, other: PersonRow, group: MergeFieldGroup): boolean {
  return JSON.stringify(valuesOf(kept, group)) !== JSON.stringify(valuesOf(other, group))
}

/** Which groups the kept record takes from the other: where it has none, or the person chose the other's. */
function groupsFromOther(kept: PersonRow, other: PersonRow, chosen: readonly MergeFieldGroup[]): MergeFieldGroup[] {
  return mergeFieldGroups.filter((group) => hasValue(other, group) && (!hasValue(kept, group) || (chosen.includes(group) && differs(kept, other, group))))
}

/** The groups both records have and differ in, with each side's values: what the person chooses between. */
export function mergeChoicesOf(kept: PersonRow, other: PersonRow): ContactMergePreview['choices'] {
  return mergeFieldGroups
    .filter((group) => hasValue(kept, group) && hasValue(other, group) && differs(kept, other, group))
    .map((group) => ({ group, contact: valuesOf(kept, group), other_contact: valuesOf(other, group) }))
}

/** What the kept record's row takes: the other's groups (groupsFromOther) and the ticks only the other has. */
export function fieldChangesOf(kept: PersonRow, other: PersonRow, chosen: readonly MergeFieldGroup[]): Partial<PersonRow> {
  const changes: Record<string, unknown> = {}
  for (const group of groupsFromOther(kept, other, chosen)) for (const column of groupColumns[group]) changes[column] = other[column]
  for (const flag of eitherFlags) if (other[flag] && !kept[flag]) changes[flag] = true
  return changes as Partial<PersonRow>
}

/** The kept record's fields that a merge may change, as they are now. */
export function mergeableFieldsOf(person: PersonRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const group of mergeFieldGroups) for (const column of groupColumns[group]) fields[column] = person[column]
  for (const flag of eitherFlags) fields[flag] = person[flag]
  return fields
}

/** The saved fields as drizzle writes them: JSON turned timestamps into text. */
export function restoredFields(saved: Record<string, unknown>): Partial<PersonRow> {
  const fields: Record<string, unknown> = { ...saved }
  for (const column of ['consent_url_sent_at', 'consent_url_viewed_at', 'consent_url_submitted_at'] as const) {
    if (typeof fields[column] === 'string') fields[column] = new Date(fields[column] as string)
  }
  return fields as Partial<PersonRow>
}

/**
 * What a tombstone keeps once its merge can no longer be undone: its id and where it points,
 * nothing about the person (issue 40 §2: what is no longer needed is not kept).
 */
export function clearedTombstone(): Partial<PersonRow> {
  const cleared: Record<string, unknown> = {}
  for (const group of mergeFieldGroups) for (const column of groupColumns[group]) cleared[column] = null
  for (const flag of eitherFlags) cleared[flag] = false
  return {
    ...cleared,
    first_name: '',
    last_name: '',
    email_is_verified: false,
    address_manual_input: false,
    social: {},
    consent_declined: false,
    parental_consent_declined: false,
  }
}
