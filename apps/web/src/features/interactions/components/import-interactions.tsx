import { useTranslation } from 'react-i18next'
import { SpreadsheetImport } from '../../../components/spreadsheet-import'
import { interactionImportKind } from '../import-kind'
import { importInteractions, useRefreshAfterInteractions } from '../queries'

// Import a contact's interactions from a spreadsheet (spec 2 §3 "Interaction import columns
// date, time and type are required", §6 import_interaction, §7 import-contact-interactions):
// the shared import dialog with the interaction columns, times turned into HH:mm, and the
// server's dry run before the import (issue 35 item 9).

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
  const { t } = useTranslation('interactions')
  const refresh = useRefreshAfterInteractions(contactId)
  const kind = interactionImportKind()
  return (
    <SpreadsheetImport
      kind={kind}
      title={t('import.title')}
      intro={t('import.intro')}
      send={(rows, firstRow, { dryRun }) =>
        importInteractions({ ...scope, user_id: contactId, data: rows, first_row: firstRow, ...(dryRun ? { dry_run: true } : {}) })
      }
      onImported={() => void refresh()}
      onClose={onClose}
    />
  )
}

export { ImportInteractionsDialog as default }
