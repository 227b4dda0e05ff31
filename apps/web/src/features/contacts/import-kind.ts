import { contactImportColumns, maxContactImportChunk, maxContactImportRows, requiredContactImportColumns, type ContactImportColumn } from '@crm/domain'
import { contactColumnAliases } from '../../lib/contact-column-aliases'
import type { SpreadsheetImportKind } from '../../lib/import-kind'

// The contact kind of the import dialog (spec 2 §3 "Contact import columns"): the columns and
// their aliases, the sample, and a row as import-users takes it: the cells as written (the
// server reads dates as the team's country writes them, and lookups by id or title).

/** The contact kind of the shared import dialog. */
export function contactImportKind(): SpreadsheetImportKind<ContactImportColumn> {
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
        member_status: 'Church attendee',
        source: 'Friend or family',
        consent_type: 'verbal',
        consent_date: '2026-03-01',
        consent_content: 'Happy to be visited and phoned',
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
      for (const column of contactImportColumns) {
        const cell = source[column]
        if (cell) row[column] = cell
      }
      return { row }
    },
  }
}
