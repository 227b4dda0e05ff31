import i18next from 'i18next'
import type { FieldError, FieldErrorCode, FieldErrorParam } from '@crm/domain'
import { formatNumber } from './number-format'

// A refusal of a field in the reader's language (issue 36): the server's data.error_codes and
// the forms' own checks both name a code of the domain's table (fieldErrorCodes), worded here
// from locales/*/field-errors.json. No text is ever recognised by its English.

type Translate = (key: string, options?: Record<string, unknown>) => string

/** The key of a code: out_of_range by the bounds it names. */
export function fieldErrorKey({ code, params }: FieldError): string {
  if (code === 'out_of_range' && params.min === undefined) return 'out_of_range_max'
  if (code === 'out_of_range' && params.max === undefined) return 'out_of_range_min'
  return code
}

function sizeText(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024)
  if (megabytes >= 1) return `${formatNumber(megabytes, language, { maximumFractionDigits: 1 })} MB`
  return `${formatNumber(Math.ceil(bytes / 1024), language, { maximumFractionDigits: 0 })} KB`
}

/** The values a code's text names: numbers written as the reader writes them, a size in MB. */
function valuesOf({ code, params }: FieldError, language: string): Record<string, FieldErrorParam> {
  const values: Record<string, FieldErrorParam> = {}
  for (const [name, value] of Object.entries(params)) {
    // Years stay as they are written (1900, not 1.900).
    values[name] = typeof value === 'number' && Math.abs(value) >= 10_000 ? formatNumber(value, language) : value
  }
  if (code === 'file_too_large' && typeof params.bytes === 'number') values.size = sizeText(params.bytes, language)
  return values
}

/** A refusal in the reader's language (or the given t's). */
export function wordFieldError(error: FieldError, t: Translate = i18next.t as unknown as Translate): string {
  const language = i18next.language || 'en'
  return t(`field-errors:${fieldErrorKey(error)}`, valuesOf(error, language))
}

/** A refusal worded with the field it is about: 'Email: Enter a valid email address.' */
export function wordFieldErrorOf(field: string, error: FieldError, t: Translate = i18next.t as unknown as Translate): string {
  return t('field-errors:withField', { field, text: wordFieldError(error, t) })
}

/** A value of data.error_codes as a refusal, or null when it is not one this client knows. */
export function readFieldError(value: unknown): FieldError | null {
  if (!value || typeof value !== 'object') return null
  const { code, params } = value as { code?: unknown; params?: unknown }
  // A code is known here when it has words (the domain's table stays out of the pages' first
  // JavaScript: every page that calls the API starts with this module).
  if (typeof code !== 'string' || !i18next.exists(`field-errors:${code}`)) return null
  const known: Record<string, FieldErrorParam> = {}
  if (params && typeof params === 'object') {
    for (const [name, param] of Object.entries(params)) if (typeof param === 'string' || typeof param === 'number') known[name] = param
  }
  return { code: code as FieldErrorCode, params: known }
}

/**
 * A refusal's fields in the reader's language, from the envelope's data.errors (the server's
 * English) and data.error_codes: each code worded (DESIGN.md §4); a field without one (an
 * older server) keeps the server's message.
 */
export function wordFieldErrors(errors: unknown, codes: unknown): Record<string, string> {
  const coded = codes && typeof codes === 'object' ? (codes as Record<string, unknown>) : {}
  const worded: Record<string, string> = {}
  for (const [field, message] of Object.entries(errors && typeof errors === 'object' ? errors : {})) {
    const refusal = readFieldError(coded[field])
    worded[field] = refusal ? wordFieldError(refusal) : String(message)
  }
  for (const [field, value] of Object.entries(coded)) {
    const refusal = readFieldError(value)
    if (refusal) worded[field] ??= wordFieldError(refusal)
  }
  return worded
}
