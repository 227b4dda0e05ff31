import { useTranslation } from 'react-i18next'
import { Alert, List } from '@mantine/core'
import { isFieldErrorKey, type RefusedField } from './server-errors'

// The label of each contact field on the wire (contact-form namespace).
const fieldLabels = {
  first_name: 'fields.firstName',
  last_name: 'fields.lastName',
  gender: 'fields.gender',
  dob: 'fields.dob',
  dob_month: 'fields.dob',
  dob_year: 'fields.dob',
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
} as const

function labelKeyOf(field: string) {
  if (field.startsWith('social')) return 'sections.social' as const
  if (field.startsWith('address_')) return 'fields.address' as const
  return Object.hasOwn(fieldLabels, field) ? fieldLabels[field as keyof typeof fieldLabels] : null
}

/**
 * What the server refused that the form cannot mark on an input (a field not shown, or
 * disabled under the chosen consent): named here, so a failed save always says why.
 */
export function RefusedFieldsNotice({ fields }: { fields: RefusedField[] }) {
  const { t } = useTranslation('contact-form')
  if (fields.length === 0) return null
  return (
    <Alert color="red" role="alert" title={t('saveErrors.refusedTitle')}>
      <List size="sm" spacing={2}>
        {fields.map(({ field, message }) => {
          const key = labelKeyOf(field)
          // '_' is the request as a whole: only the message.
          const label = key ? t(key) : field === '_' ? null : field
          const text = isFieldErrorKey(message) ? t(`errors.${message}`) : message
          return <List.Item key={field}>{label ? t('saveErrors.refusedField', { label, message: text }) : text}</List.Item>
        })}
      </List>
    </Alert>
  )
}
