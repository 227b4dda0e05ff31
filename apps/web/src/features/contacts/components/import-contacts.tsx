import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import {
  contactImportCalls,
  contactImportColumns,
  contactImportDecisionTypes,
  genderOfCell,
  isEmail,
  maxContactImportChunk,
  maxContactImportRows,
  requiredContactImportColumns,
  type ContactImportColumn,
} from '@crm/domain'
import { SpreadsheetImport, type CellProblem, type SpreadsheetImportKind } from '../../../components/spreadsheet-import'
import { callApi } from '../../../lib/api'
import { contactColumnAliases } from '../../../lib/contact-column-aliases'
import { dateOfCell, dateOrderOf, type DateOrder } from '../../../lib/import-cells'
import { contactKeys } from '../queries'

// Import contacts from a spreadsheet into the selected group (spec 2 §2 the Import button, §3
// the columns, §4 "Contact import"; D2-2.1-07, D2-4.7-*): the shared import dialog with the
// contact columns, the date cells turned into YYYY-MM-DD, and 'Import as church members'.

const decisionColumns = new Set<string>(Object.keys(contactImportDecisionTypes))
/** A cell that says yes to a decision rather than giving its date. */
const yesWords = /^(yes|y|x|true|1|sí|si)$/i

/** The contact kind of the shared import dialog; `order` reads dates written with slashes. */
export function contactImportKind(order: DateOrder): SpreadsheetImportKind<ContactImportColumn> {
  return {
    name: 'contacts',
    columns: contactImportColumns,
    required: requiredContactImportColumns,
    aliases: contactColumnAliases,
    maxRows: maxContactImportRows,
    chunkSize: maxContactImportChunk,
    sampleRows: [
      { first_name: 'Ana', last_name: 'López', gender: 'female', dob: '1990-05-31', email: 'ana.lopez@example.org', phone: '0412 345 678', address_city: 'Sydney', member_status: 'member' },
      { first_name: 'Ben', last_name: 'Ng', gender: 'male', age: '34', phone: '0498 765 432', notes: 'Met at the health expo', decision_for_bible_studies: 'yes', expect_follow_up: 'yes' },
      { first_name: 'Chloe', last_name: 'Ng', gender: 'female', dob: '2014-03-02', parent_carer_first_name: 'Ben', parent_carer_last_name: 'Ng', parent_carer_phone: '0498 765 432', parent_carer_relationship: 'father' },
    ],
    nameOf: (row) => [row.first_name, row.last_name].filter(Boolean).join(' '),
    prepare: (source) => {
      const row: Record<string, string> = {}
      const problems: Partial<Record<string, CellProblem>> = {}
      for (const column of contactImportColumns) {
        const cell = source[column]
        if (cell) row[column] = cell
      }
      for (const column of requiredContactImportColumns) if (!row[column]) problems[column] = 'required'
      if (row.gender && !genderOfCell(row.gender)) problems.gender = 'gender'
      if (row.email && !isEmail(row.email)) problems.email = 'email'
      if (row.dob) {
        const date = dateOfCell(row.dob, order)
        if (date) row.dob = date
        else problems.dob = 'date'
      }
      for (const column of decisionColumns) {
        const cell = row[column]
        if (!cell || yesWords.test(cell)) continue
        // A decision's date, in any of the ways a sheet holds one; anything else the server judges.
        const date = dateOfCell(cell, order)
        if (date) row[column] = date
      }
      return { row, problems }
    },
  }
}

/** The Import dialog of the contact lists. */
export function ImportContactsDialog({ scope, onClose }: { scope: { team_id: number; group_id: number }; onClose: () => void }) {
  const { t, i18n } = useTranslation('contacts')
  const queryClient = useQueryClient()
  const [asMembers, setAsMembers] = useState(false)
  const kind = contactImportKind(dateOrderOf(typeof navigator === 'undefined' ? i18n.language : navigator.language))
  return (
    <SpreadsheetImport
      kind={kind}
      title={t('import.title')}
      intro={t('import.intro')}
      dropped={asMembers ? ['member_status'] : []}
      options={
        <Checkbox
          label={t('import.asMembers')}
          description={t('import.asMembersHint')}
          checked={asMembers}
          onChange={(event) => setAsMembers(event.currentTarget.checked)}
        />
      }
      send={(rows, firstRow) =>
        callApi(contactImportCalls.importUsers, {
          input: {
            ...scope,
            data: rows.map((row) => {
              if (!asMembers) return row
              // Imported as church members: the member_status column is dropped (spec 2 §4).
              const { member_status: _dropped, ...rest } = row
              return rest
            }),
            first_row: firstRow,
            ...(asMembers ? { import_as_members: true } : {}),
          },
        })
      }
      onImported={() => void queryClient.invalidateQueries({ queryKey: contactKeys.all })}
      onClose={onClose}
    />
  )
}

export { ImportContactsDialog as default }
