import { i18next } from './i18n'
import { isApiError } from './api'

/** The spec's text for an error's code (errors namespace), if it has one. */
export function codeText(error: unknown): string | null {
  if (!isApiError(error)) return null
  const key = `errors:${error.code}`
  // Only codes the spec gives a text have a key; generic failures fall back.
  return i18next.exists(key) ? i18next.t(key as 'errors:login_failed') : null
}

/** The text of a failed form: the code's text, else the form's own message, else 'Error'. */
export function errorText(error: unknown, formMessage?: string): string {
  return codeText(error) ?? formMessage ?? i18next.t('common:error')
}
