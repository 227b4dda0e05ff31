import { isApiError } from '../../../../lib/api'
import { codeText } from '../../../../lib/errors'
import { i18next } from '../../../../lib/i18n'

/**
 * Why a write of attendance failed, in words (never only 'Error'): the server's coded text,
 * its field errors, its message, else what the status means here.
 */
export function failureReason(error: unknown): string {
  const t = i18next.getFixedT(null, 'attendance')
  if (isApiError(error)) {
    const coded = codeText(error)
    if (coded) return coded
    const fields = Object.values(error.fieldErrors).filter((message) => typeof message === 'string' && message.trim())
    if (fields.length > 0) return fields.join(' ')
    if (error.code === 'network_error' || error.code === 'timeout') return t('errors.network')
    if (error.status === 403) return t('errors.forbidden')
    if (error.status === 404) return t('errors.notFound')
    if (error.message && error.message !== error.code) return error.message
    if (error.status === 400) return t('errors.invalid')
  }
  return t('errors.unknown')
}
