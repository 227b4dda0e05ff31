import type { FieldPath, UseFormReturn } from 'react-hook-form'
import { formPath } from './contact-form-schema'
import type { ContactFormValues } from './contact-form-values'

/** A 400 invalid_request names the refused fields ({ field: message }): marked on their inputs. */
export function applyServerErrors(form: UseFormReturn<ContactFormValues>, errors: Record<string, string>): void {
  for (const field of Object.keys(errors)) {
    const path = formPath(field.split('.'))
    if (path) form.setError(path as FieldPath<ContactFormValues>, { type: 'server', message: 'invalid' })
  }
}
