import { isApiError } from '../../lib/api'

/**
 * The contact a merged-away record was merged into (issue 40), when GET contact/{id} answered
 * 404 contact_merged naming one the caller may open; null otherwise. The contact's pages replace
 * their address with the kept one's, so old links (a mail, a bookmark) keep working.
 */
export function mergedInto(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'contact_merged') return null
  const keptId = error.data['contact_id']
  return typeof keptId === 'number' && Number.isInteger(keptId) && keptId > 0 ? keptId : null
}
