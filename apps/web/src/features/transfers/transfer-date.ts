import type { TFunction } from 'i18next'
import type { DateFormat } from '../../lib/date-format'

/**
 * A transfer's date as the reader writes it; with none, it is processed by hand: 'Processed by
 * hand' once done, 'No date: processed by hand' while upcoming.
 */
export function transferDateText(
  transfer: { date: string | null; date_display: string | null; is_processed: boolean },
  t: TFunction<'transfers'>,
  format: Pick<DateFormat, 'date'>,
): string {
  if (transfer.date) return format.date(transfer.date)
  if (transfer.date_display) return transfer.date_display
  return transfer.is_processed ? t('date.processedByHand') : t('date.none')
}
