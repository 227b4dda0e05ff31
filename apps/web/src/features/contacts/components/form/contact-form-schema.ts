import { z } from 'zod'
import { fieldErrorOfIssue, isPhone, isSourceRequired } from '@crm/domain'
import { wordFieldError } from '../../../../lib/field-errors'
import { completeValues, toWireFields, wireRules, type ContactFormValues } from './contact-form-values'
import {
  hasParentDetails,
  isAllowed,
  isChildEntered,
  isEnabled,
  isRestricted,
  parentCanBeAsked,
  phoneIsEmpty,
  type ContactFormSettings,
} from './contact-form-rules'

/** Message keys of the form's errors (contact-form:errors.*). */
export const contactFieldErrors = [
  'required',
  'tooLong',
  'email',
  'phone',
  'url',
  'number',
  'date',
  'invalid',
  'notInList',
  'unsafeCharacters',
  'parentContact',
  'verbalConfirm',
  'consentRequired',
  'consentNeedsParent',
] as const
export type ContactFieldError = (typeof contactFieldErrors)[number]

/** The form input that shows a contract field's error. */
export function formPath(path: ReadonlyArray<PropertyKey>): string {
  const [first, second] = path.map(String)
  if (first === 'social' && second) return `social.${second}`
  if (first?.startsWith('address_')) return `address.${first}`
  if (first === 'dob_month' || first === 'dob_year') return 'dob_year'
  return first ?? ''
}

/**
 * The form's schema, derived from the contract's contactFields: the contract decides each
 * field's shape, and the rules between fields come from the domain (spec 2 §4, §5): first
 * name and member status, the source for some statuses, the parent or carer of a child,
 * the consent section, and phones that are valid international numbers (spec 1 §5).
 */
export function contactFormSchema(settings: ContactFormSettings) {
  return z.custom<ContactFormValues>().superRefine((raw, context) => {
    const values = completeValues(raw, settings.today)
    const fail = (path: string, message: ContactFieldError) => context.addIssue({ code: 'custom', path: path.split('.'), message })
    const shown = (name: string) => isAllowed(settings.fields, name)
    const restricted = isRestricted(values, settings)
    const child = isChildEntered(values, settings.today)

    if (shown('consent_type')) {
      if (!values.consent_type) fail('consent_type', 'consentRequired')
      else if (child && values.consent_type !== 'none' && !parentCanBeAsked(values)) fail('consent_type', 'consentNeedsParent')
      if (values.consent_type === 'verbal') {
        if (!values.consent_verbal_confirmed) fail('consent_verbal_confirmed', 'verbalConfirm')
        else {
          if (!values.consent_date) fail('consent_date', 'required')
          if (!values.consent_content.trim()) fail('consent_content', 'required')
        }
      }
      if (values.consent_type === 'photo' && !values.consent_date) fail('consent_date', 'required')
    }

    if (shown('first_name') && !values.first_name.trim()) fail('first_name', 'required')
    if (!restricted) {
      if (shown('member_status') && !values.member_status) fail('member_status', 'required')
      if (shown('source') && isSourceRequired(values.member_status) && !values.source) fail('source', 'required')
      if (shown('phone') && !phoneIsEmpty(values.phone) && !isPhone(values.phone, values.phone_country)) fail('phone', 'phone')
    }
    // A child's parent or carer is kept (and checked) with or without consent.
    const parentSent = (child || hasParentDetails(values)) && isEnabled('parent_carer_phone', values, settings)
    if (parentSent && shown('parent_carer_phone')) {
      if (!phoneIsEmpty(values.parent_carer_phone) && !isPhone(values.parent_carer_phone, values.parent_carer_phone_country)) {
        fail('parent_carer_phone', 'phone')
      }
    }
    if (child) {
      if (shown('parent_carer_first_name') && !values.parent_carer_first_name.trim()) fail('parent_carer_first_name', 'required')
      if (!values.parent_carer_email.trim() && phoneIsEmpty(values.parent_carer_phone)) {
        if (shown('parent_carer_email')) fail('parent_carer_email', 'parentContact')
        if (shown('parent_carer_phone')) fail('parent_carer_phone', 'parentContact')
      }
    }

    // Whatever the contract refuses (lengths, email and link shapes, numbers, dates), worded by
    // its code as the server's refusals are.
    const checked = wireRules.safeParse(toWireFields(values, settings), { reportInput: true })
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = formPath(issue.path)
        if (path) context.addIssue({ code: 'custom', path: path.split('.'), message: wordFieldError(fieldErrorOfIssue(issue)) })
      }
    }
  })
}
