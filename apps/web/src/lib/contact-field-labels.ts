import { useTranslation } from 'react-i18next'
import type { ContactFields } from '@crm/domain'
import type { LocaleBundle } from '../locales/en/index'

// A contact field's label is the contact form's (contact-form namespace), wherever a field is
// named by its wire name: the form's notice of refused fields, the activity log's changes.

type FormTexts = LocaleBundle['contact-form']
type KeysOf<Group extends string, Texts> = `${Group}.${Extract<keyof Texts, string>}`
type LabelKey =
  | KeysOf<'fields', FormTexts['fields']>
  | KeysOf<'parent', FormTexts['parent']>
  | KeysOf<'consent', FormTexts['consent']>
  | KeysOf<'sections', FormTexts['sections']>
  | KeysOf<'widgets.dob', FormTexts['widgets']['dob']>

/**
 * The label of every field of contactFieldsSchema (a field without one is a type error), and
 * of the names the server gives a refusal beyond them.
 */
export const contactFieldLabelKeys = {
  first_name: 'fields.firstName',
  last_name: 'fields.lastName',
  gender: 'fields.gender',
  dob: 'fields.dob',
  dob_month: 'widgets.dob.month',
  dob_year: 'widgets.dob.year',
  age: 'fields.age',
  email: 'fields.email',
  phone: 'fields.phone',
  phone_country: 'fields.phone',
  religion: 'fields.religion',
  religion_other: 'fields.religionOther',
  marital_status: 'fields.maritalStatus',
  member_status: 'fields.memberStatus',
  source: 'fields.source',
  source_other: 'fields.sourceOther',
  grow_phase: 'fields.growPhase',
  social: 'sections.social',
  address_place_id: 'fields.address',
  address_formatted: 'fields.address',
  address_manual_input: 'fields.address',
  address_street: 'fields.address',
  address_city: 'fields.address',
  address_state: 'fields.address',
  address_postcode: 'fields.address',
  address_country: 'fields.address',
  address_lat: 'fields.address',
  address_lng: 'fields.address',
  is_visitor: 'fields.isVisitor',
  expect_follow_up: 'fields.expectFollowUp',
  expect_follow_up_completed: 'fields.expectFollowUpCompleted',
  expect_bible_study: 'fields.expectBibleStudy',
  expect_bible_study_completed: 'fields.expectBibleStudyCompleted',
  expect_baptism: 'fields.expectBaptism',
  expect_baptism_completed: 'fields.expectBaptismCompleted',
  parent_carer_first_name: 'parent.firstName',
  parent_carer_last_name: 'parent.lastName',
  parent_carer_relationship: 'parent.relationship',
  parent_carer_email: 'parent.email',
  parent_carer_phone: 'parent.phone',
  parent_carer_phone_country: 'parent.phone',
  consent_type: 'consent.choice',
  consent_date: 'consent.date',
  consent_content: 'consent.content',
  consent_verbal_confirmed: 'consent.verbal',
} as const satisfies Record<keyof ContactFields | 'dob' | 'parent_carer_phone_country', LabelKey>

export type ContactFieldLabelName = keyof typeof contactFieldLabelKeys

export function isContactFieldLabelName(field: string): field is ContactFieldLabelName {
  return Object.hasOwn(contactFieldLabelKeys, field)
}

/** The label of a contact field by its wire name ('social.facebook' is the social links'), or null for another name. */
export function useContactFieldLabel(): (field: string) => string | null {
  const { t } = useTranslation('contact-form')
  return (field: string) => {
    const head = field.split('.')[0] ?? field
    return isContactFieldLabelName(head) ? t(contactFieldLabelKeys[head]) : null
  }
}
