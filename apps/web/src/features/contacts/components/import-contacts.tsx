import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@mantine/core'
import { SpreadsheetImport } from '../../../components/spreadsheet-import'
import { contactImportKind } from '../import-kind'
import { importContacts, useRefreshAfterContactImport } from '../queries'
import { UndoThisImport } from './contact-import-undo'
import { RecentContactImports } from './recent-contact-imports'
import { useContactColumnMatching } from './use-contact-column-matching'

// Import contacts from a spreadsheet into the selected group (spec 2 §2 the Import button, §3
// the columns, §4 "Contact import"; D2-2.1-07, D2-4.7-*; issue 35): the shared import dialog
// with the contact columns matched by the person (issue 41 item 1: presets for the exports of
// other church systems, the team's remembered matches), the server's dry run, 'Import as
// church members' and 'Empty cells clear the contact's value' (a change checks the rows
// again). Each row's source_id is an id in the system the file comes from, so importing the
// file again updates the contacts it made (issue 41 item 2); an import can be undone from its
// result or from the team's recent imports (issue 41 item 3).

/** The Import dialog of the contact lists. */
export function ImportContactsDialog({ scope, onClose }: { scope: { team_id: number; group_id: number }; onClose: () => void }) {
  const { t } = useTranslation('contacts')
  const refresh = useRefreshAfterContactImport()
  const [asMembers, setAsMembers] = useState(false)
  const [clearEmpty, setClearEmpty] = useState(false)
  const [kind] = useState(contactImportKind)
  const matching = useContactColumnMatching(scope, kind)
  return (
    <SpreadsheetImport
      kind={kind}
      matching={matching}
      title={t('import.title')}
      intro={t('import.intro')}
      idle={<RecentContactImports scope={scope} />}
      dropped={asMembers ? ['member_status'] : []}
      options={
        <>
          <Checkbox
            label={t('import.asMembers')}
            description={t('import.asMembersHint')}
            checked={asMembers}
            onChange={(event) => setAsMembers(event.currentTarget.checked)}
          />
          <Checkbox
            label={t('import.clearEmpty')}
            description={t('import.clearEmptyHint')}
            checked={clearEmpty}
            onChange={(event) => setClearEmpty(event.currentTarget.checked)}
          />
        </>
      }
      checkKey={`${asMembers ? 'members' : 'as-written'}|${clearEmpty ? 'clear-empty' : 'keep-empty'}`}
      send={(rows, firstRow, { dryRun, importId }) =>
        importContacts({
          ...scope,
          data: rows.map((row) => {
            if (!asMembers) return row
            // Imported as church members: the member_status column is dropped (spec 2 §4).
            const { member_status: _dropped, ...rest } = row
            return rest
          }),
          first_row: firstRow,
          source_system: matching.system,
          ...(asMembers ? { import_as_members: true } : {}),
          ...(clearEmpty ? { clear_empty_cells: true } : {}),
          ...(dryRun ? { dry_run: true } : {}),
          ...(importId !== undefined ? { import_id: importId } : {}),
        })
      }
      onImported={() => void refresh()}
      resultActions={(report) => report.import_id !== undefined && <UndoThisImport scope={scope} importId={report.import_id} />}
      onClose={onClose}
    />
  )
}

export { ImportContactsDialog as default }
