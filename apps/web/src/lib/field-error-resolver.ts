import { toNestErrors } from '@hookform/resolvers'
import type { FieldError as FormFieldError, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { fieldErrorOfIssue } from '@crm/domain'
import { wordFieldError } from './field-errors'

// Apart from lib/field-errors.ts, which every page loads with the API client: a form's
// resolver brings react-hook-form's helpers, which only forms need.

/**
 * A form's resolver over a domain schema whose refusals are worded by their codes in the
 * reader's language (zodResolver would keep zod's English and the domain's).
 */
export function fieldErrorResolver<Values extends FieldValues = FieldValues, Output = Values>(schema: z.ZodType): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values, { reportInput: true })
    if (parsed.success) return { values: parsed.data as Output, errors: {} }
    const errors: Record<string, FormFieldError> = {}
    for (const issue of parsed.error.issues) {
      errors[issue.path.join('.')] ??= { type: issue.code, message: wordFieldError(fieldErrorOfIssue(issue)) }
    }
    return { values: {}, errors: toNestErrors(errors, options) }
  }
}
