import { useTranslation } from 'react-i18next'
import { SpreadsheetImport } from '../../../components/spreadsheet-import'
import { dateOrderOf } from '../../../lib/import-cells'
import { interactionImportKind } from '../import-kind'
import { importInteractions, useRefreshAfterInteractions } from '../queries'

// Import a contact's interactions from a spreadsheet (spec 2 §3 "Interaction import columns
// date, time and type are required", §6 import_interaction, §7 import-contact-interactions):
// the shared import dialog with the interaction columns, dates and times turned into
// YYYY-MM-DD and HH:mm.

/** The Import dialog of a contact's interactions. */
export function ImportInteractionsDialog({
  contactId,
  scope,
  onClose,
}: {
  contactId: number
  scope: { team_id: number; group_id: number }
  onClose: () => void
}) {
  const { t, i18n } = useTranslation('interactions')
  const refresh = useRefreshAfterInteractions(contactId)
  const kind = interactionImportKind(dateOrderOf(typeof navigator === 'undefined' ? i18n.language : navigator.language))
  return (
    <SpreadsheetImport
      kind={kind}
      title={t('import.title')}
      intro={t('import.intro')}
      send={(rows, firstRow) => importInteractions({ ...scope, user_id: contactId, data: rows, first_row: firstRow })}
      onImported={() => void refresh()}
      onClose={onClose}
    />
  )
}

export { ImportInteractionsDialog as default }
