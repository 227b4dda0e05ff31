import { isErrorCode, type ErrorCode } from '@crm/domain'
import { i18next } from './i18n'
import { isApiError } from './api'

/**
 * Codes that name only the kind of failure (the HTTP status), not what went wrong: they carry
 * no message of the server's, so a form shows its own message or 'Error' for them (spec 1 §4;
 * spec 2 §8 and spec 3 §8: a generic failure reads 'Error'). Their texts serve pages.
 */
export const statusOnlyCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'internal_error',
])

/**
 * The text of an error's code (errors namespace), with the answer's data as its values; a list
 * of names (merge_other_team's teams) as the reader lists them: "Grace and Hope".
 */
export function errorCodeText(code: ErrorCode, data: Record<string, unknown> = {}): string {
  const values = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Array.isArray(value) && value.every((item) => typeof item === 'string') ? listText(value) : value]),
  )
  return i18next.t(`errors:${code}` as 'errors:login_failed', { replace: values })
}

/** Names as the reader lists them: "Grace and Hope", "Grace y Hope" (the pseudo-locale reads English). */
export function listText(names: readonly string[]): string {
  return new Intl.ListFormat([i18next.language, 'en'], { type: 'conjunction' }).format(names)
}

/** The server's message for a failure: its code's text, unless the code names only a status. */
export function codeText(error: unknown): string | null {
  if (!isApiError(error) || !isErrorCode(error.code) || statusOnlyCodes.has(error.code)) return null
  return errorCodeText(error.code, error.data)
}

/** The text of a failed form: the server's message, else the form's own message, else 'Error'. */
export function errorText(error: unknown, formMessage?: string): string {
  return codeText(error) ?? formMessage ?? i18next.t('common:error')
}
