import {
  contactImportColumns,
  contactImportDecisionTypes,
  genderOfCell,
  isEmail,
  maxContactImportChunk,
  maxContactImportRows,
  requiredContactImportColumns,
  type ContactImportColumn,
} from '@crm/domain'
import { contactColumnAliases } from '../../lib/contact-column-aliases'
import { dateOfCell, type DateOrder } from '../../lib/import-cells'
import type { CellProblem, SpreadsheetImportKind } from '../../lib/import-kind'

// The contact kind of the import dialog (spec 2 §3 "Contact import columns"): the columns and
// their aliases, the sample, and a row prepared as import-users takes it (dates YYYY-MM-DD).

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
      {
        first_name: 'Ana',
        last_name: 'López',
        gender: 'female',
        dob: '1990-05-31',
        email: 'ana.lopez@example.org',
        phone: '0412 345 678',
        address_city: 'Sydney',
        member_status: 'member',
      },
      {
        first_name: 'Ben',
        last_name: 'Ng',
        gender: 'male',
        age: '34',
        phone: '0498 765 432',
        notes: 'Met at the health expo',
        decision_for_bible_studies: 'yes',
        expect_follow_up: 'yes',
      },
      {
        first_name: 'Chloe',
        last_name: 'Ng',
        gender: 'female',
        dob: '2014-03-02',
        parent_carer_first_name: 'Ben',
        parent_carer_last_name: 'Ng',
        parent_carer_phone: '0498 765 432',
        parent_carer_relationship: 'father',
      },
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
