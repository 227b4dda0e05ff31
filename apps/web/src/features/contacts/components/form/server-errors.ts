import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldPath, UseFormReturn } from 'react-hook-form'
import { contactNameFields, contactTextFields, socialNetworks } from '@crm/domain'
import { isApiError } from '../../../../lib/api'
import { useFormSubmission, type FormSubmission } from '../../../../lib/form-submission'
import { contactFieldErrors, formPath, type ContactFieldError } from './contact-form-schema'
import { manualAddressParts } from '../../../places/components/address-field'
import type { ContactFormValues } from './contact-form-values'
import {
  hasParentDetails,
  isAllowed,
  isChildEntered,
  isEnabled,
  isOtherText,
  isOtherTextOpen,
  parentCarerFields,
  type ContactFormSettings,
} from './contact-form-rules'

/** A field the server refused: its name on the wire, its input and what the server said. */
export interface RefusedField {
  field: string
  path: string
  /** What the server refused, in the reader's language (ApiError.fieldErrors words its code). */
  message: string
}

export function isFieldErrorKey(message: string): message is ContactFieldError {
  return (contactFieldErrors as readonly string[]).includes(message)
}

// The inputs that show whenever their field is allowed and enabled: the names, texts and
// choices but those shown only under a condition ('other' texts, the parent or carer), the
// birth year and age, and the phone.
const plainInputs = new Set<string>([
  ...[...contactNameFields, ...contactTextFields].filter((field) => !isOtherText(field) && !parentCarerFields.includes(field)),
  'dob_year',
  'age',
  'phone',
])

/** Whether the form shows an input for the path, enabled, where its error can be read. */
export function isOnScreen(path: string, values: ContactFormValues, settings: ContactFormSettings): boolean {
  const [head = '', part = ''] = path.split('.')
  if (head.startsWith('consent_')) {
    if (!isAllowed(settings.fields, 'consent_type')) return false
    if (head === 'consent_type') return true
    const verbalOpen = values.consent_type === 'verbal' && values.consent_verbal_confirmed
    if (head === 'consent_verbal_confirmed') return values.consent_type === 'verbal'
    if (head === 'consent_content') return verbalOpen
    return head === 'consent_date' && (values.consent_type === 'photo' || verbalOpen)
  }
  const allowedName = head === 'dob_year' ? 'dob' : head === 'social' ? path : head
  if (!isAllowed(settings.fields, allowedName) || !isEnabled(head, values, settings)) return false
  if (plainInputs.has(head)) return true
  if (isOtherText(head)) return isOtherTextOpen(head, values, settings)
  if (head === 'social') return (socialNetworks as readonly string[]).includes(part)
  if (head === 'address') return values.address.address_manual_input ? (manualAddressParts as readonly string[]).includes(part) : part === 'address_formatted'
  if (parentCarerFields.includes(head)) return isChildEntered(values, settings.today) || hasParentDetails(values)
  return false
}

/** The server's field errors (a 400 invalid_request): those with an input on screen, and the others. */
export function sortServerErrors(
  errors: Record<string, string>,
  values: ContactFormValues,
  settings: ContactFormSettings,
): { marked: RefusedField[]; unmarked: RefusedField[] } {
  const marked: RefusedField[] = []
  const unmarked: RefusedField[] = []
  for (const [field, text] of Object.entries(errors)) {
    const path = formPath(field.split('.'))
    const refused = { field, path, message: String(text) }
    if (path && isOnScreen(path, values, settings)) marked.push(refused)
    else unmarked.push(refused)
  }
  return { marked, unmarked }
}

/**
 * The server's refusals of a save: each field on screen is marked with what the server said;
 * the others are listed in a note above the buttons (RefusedFieldsNotice), until the next save.
 */
export function useServerErrors(form: UseFormReturn<ContactFormValues>, settings: ContactFormSettings) {
  const [unmarked, setUnmarked] = useState<RefusedField[]>([])
  const apply = useCallback(
    (errors: Record<string, string>) => {
      const sorted = sortServerErrors(errors, form.getValues(), settings)
      for (const refused of sorted.marked) {
        form.setError(refused.path as FieldPath<ContactFormValues>, { type: 'server', message: refused.message })
      }
      setUnmarked(sorted.unmarked)
    },
    [form, settings],
  )
  const clear = useCallback(() => setUnmarked([]), [])
  return { unmarked, apply, clear }
}

// Failures the contact forms explain (contact-form:saveErrors.*); any other says 'Not saved'.
const explainedCodes = [
  'invalid_request',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'network_error',
  'timeout',
  'child_data_gate',
] as const

/** The shared form submission, whose failure says why the contact was not saved. */
export function useContactSaveSubmission(): FormSubmission {
  const { t } = useTranslation('contact-form')
  return useFormSubmission({
    errorMessage: (error) => {
      const code = isApiError(error) ? error.code : null
      const explained = explainedCodes.find((known) => known === code)
      return explained ? t(`saveErrors.${explained}`) : t('saveErrors.failed')
    },
  })
}
