import type { TFunction } from 'i18next'
import { isApiError } from '../../lib/api'

/** The reason a 409 of the transfers calls carries in data.reason (the server's words for it). */
export type TransferConflict = 'transfer_processed' | 'pastor_has_upcoming_transfer' | 'transfer_has_date'

export function conflictOf(error: unknown): TransferConflict | null {
  if (!isApiError(error) || error.status !== 409) return null
  const reason = error.data['reason']
  return reason === 'transfer_processed' || reason === 'pastor_has_upcoming_transfer' || reason === 'transfer_has_date' ? reason : null
}

/** A conflict in the reader's words, or null for any other failure. */
export function conflictText(error: unknown, t: TFunction<'transfers'>): string | null {
  switch (conflictOf(error)) {
    case 'transfer_processed':
      return t('view.processed')
    case 'pastor_has_upcoming_transfer':
      return t('form.conflict')
    case 'transfer_has_date':
      return t('view.hasDate')
    default:
      return null
  }
}
