import { useMemo, useState } from 'react'
import {
  applyColumnMapping,
  detectImportSystem,
  proposeColumnMapping,
  type ColumnMapping,
  type ContactImportColumn,
  type ImportMappingKey,
  type TeamGroupParams,
} from '@crm/domain'
import type { ImportMatching } from '../../../components/spreadsheet-import'
import { contactColumnAliases } from '../../../lib/contact-column-aliases'
import { matchImportFile, type ImportFile, type SpreadsheetImportKind } from '../../../lib/import-kind'
import { useContactImportMappings, useSaveContactImportMapping } from '../queries'

// The column matching of the contact import (issue 41 item 1): the system the file comes from
// (detected from its headers), the mapping proposed for it (the team's remembered matches for
// that system, the system's own names, then the columns' names and aliases), the person's
// changes, and the file as matched. The remembered matches never hold the import up: until
// they come (or when they cannot be had) the proposal goes without them.

type ContactFile = ImportFile<ContactImportColumn>

/** What the person chose for a file: a system (the mapping proposed again), then maybe matches of their own. */
interface Choice {
  file: ContactFile
  system: ImportMappingKey
  mapping: ColumnMapping | null
}

/** `header` imports as `column`; a column is one header's, so the header that had it is no longer imported. */
function matchHeader(mapping: ColumnMapping, header: string, column: ContactImportColumn | null): ColumnMapping {
  // A null prototype: a header is a key like any other, "__proto__" included.
  const next = Object.create(null) as ColumnMapping
  for (const [other, taken] of Object.entries(mapping)) next[other] = column !== null && taken === column ? null : taken
  next[header] = column
  return next
}

/** The first cell of each header that is not blank. */
function firstValues(file: ContactFile): Array<{ header: string; firstValue: string }> {
  return file.headers.map((header) => ({ header, firstValue: file.sheetRows.find((row) => (row[header] ?? '') !== '')?.[header] ?? '' }))
}

/** The matches as text in the file's order: the same matches are the same text, whatever object holds them. */
function mappingText(headers: readonly string[], mapping: ColumnMapping): string {
  return JSON.stringify(headers.map((header) => [header, mapping[header] ?? null]))
}

/** The contact import's matching: pass it to SpreadsheetImport as `matching`. */
export function useContactColumnMatching(scope: TeamGroupParams, kind: SpreadsheetImportKind<ContactImportColumn>): ImportMatching<ContactImportColumn> {
  const remembered = useContactImportMappings(scope)
  const save = useSaveContactImportMapping(scope)
  const [read, setRead] = useState<ContactFile | null>(null)
  const [choice, setChoice] = useState<Choice | null>(null)
  const chosen = read !== null && choice?.file === read ? choice : null

  const detected = useMemo(() => (read ? (detectImportSystem(read.headers) ?? 'other') : 'other'), [read])
  const system = chosen?.system ?? detected
  const rememberedColumns = remembered.data?.items.find((item) => item.system === system)?.columns ?? null
  const mapping =
    chosen?.mapping ??
    (read
      ? proposeColumnMapping(read.headers, { system: system === 'other' ? null : system, remembered: rememberedColumns, aliases: contactColumnAliases })
      : {})
  // A proposal made again with the same matches (the remembered ones came, or were saved) is the same file: nothing is checked again.
  const text = read ? mappingText(read.headers, mapping) : ''
  const file = useMemo(
    () => (read ? matchImportFile(read, kind, Object.fromEntries(JSON.parse(text) as Array<[string, ContactImportColumn | null]>), applyColumnMapping) : null),
    [read, kind, text],
  )
  const headers = useMemo(() => (read ? firstValues(read) : []), [read])

  return {
    file,
    onFile: setRead,
    key: `${system}:${text}`,
    table: read && {
      system,
      onSystemChange: (next) => setChoice({ file: read, system: next, mapping: null }),
      headers,
      mapping,
      onMatch: (header, column) => setChoice({ file: read, system, mapping: matchHeader(mapping, header, column) }),
    },
    // Remembered alongside the import: the import neither waits for it nor fails with it.
    onImport: () => save.mutate({ system, columns: mapping }),
  }
}
