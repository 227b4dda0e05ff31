import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  applyColumnMapping,
  applyValueMapping,
  withHouseholdParents,
  withoutPlaceholderBirthYears,
  detectImportSystem,
  genders,
  importValueKey,
  maxMappedValueLength,
  maxMappedValues,
  proposeColumnMapping,
  proposeValueMapping,
  valueMatchedColumns,
  type ColumnMapping,
  type ContactImportColumn,
  type ImportMappingKey,
  type TeamGroupParams,
  type ValueMapping,
  type ValueMatchedColumn,
} from '@crm/domain'
import type { ImportMatching } from '../../../components/spreadsheet-import'
import type { ValueMatchingTable } from '../../../components/value-matching'
import { contactColumnAliases } from '../../../lib/contact-column-aliases'
import { matchImportFile, type ImportFile, type SpreadsheetImportKind } from '../../../lib/import-kind'
import { useLookup } from '../../lookups/queries'
import { useContactImportMappings, useSaveContactImportMapping } from '../queries'

// The column matching of the contact import (issue 41 item 1): the system the file comes from
// (detected from its headers), the mapping proposed for it (the team's remembered matches for
// that system, the system's own names, then the columns' names and aliases), the person's
// changes, and the file as matched. The values of a member status or gender column are matched
// too: the team's remembered words, then the system's ('Regular Attender' is a church attendee),
// then the person's choices. The remembered matches never hold the import up: until they come
// (or when they cannot be had) the proposal goes without them.

type ContactFile = ImportFile<ContactImportColumn>

/** The person's choices for one column's values, on the header they were made for: ours, null (left empty) or false (as written). */
interface ValueChoices {
  header: string
  chosen: Record<string, string | null | false>
}

/** What the person chose for a file: a system (the mapping proposed again), then maybe matches of their own. */
interface Choice {
  file: ContactFile
  system: ImportMappingKey
  mapping: ColumnMapping | null
  values: Partial<Record<ValueMatchedColumn, ValueChoices>>
}

interface DistinctValue {
  value: string
  rows: number
}

/** The most values of a column its table shows. */
const shownValues = 50

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

/** Each file's distinct values by header, worked out once: a file may have 50,000 rows, and the dialog renders often. */
const distinctValuesByFile = new WeakMap<ContactFile, Map<string, DistinctValue[]>>()

/** A header's values that are not blank, once each in first-seen order, with how many rows have each. */
function distinctValuesOf(file: ContactFile, header: string): DistinctValue[] {
  const byHeader = distinctValuesByFile.get(file) ?? new Map<string, DistinctValue[]>()
  distinctValuesByFile.set(file, byHeader)
  const known = byHeader.get(header)
  if (known) return known
  const seen = new Map<string, DistinctValue>()
  for (const row of file.sheetRows) {
    const value = (row[header] ?? '').trim()
    if (value === '') continue
    const found = seen.get(importValueKey(value))
    if (found) found.rows += 1
    else seen.set(importValueKey(value), { value, rows: 1 })
  }
  const distinct = [...seen.values()]
  byHeader.set(header, distinct)
  return distinct
}

/** A column's value matches in one order (the same matches are the same text), on a null prototype (a value is any key). */
function sortedValues(values: Record<string, string | null>): Record<string, string | null> {
  const sorted = Object.create(null) as Record<string, string | null>
  for (const value of Object.keys(values).sort()) sorted[value] = values[value]!
  return sorted
}

/** The value matches the team keeps: what the contract takes (a value too long, or past the most, is not remembered). */
function rememberedValues(values: ValueMapping): ValueMapping {
  const kept: ValueMapping = {}
  for (const column of valueMatchedColumns) {
    const matches = values[column]
    if (!matches) continue
    kept[column] = Object.fromEntries(
      Object.entries(matches)
        .filter(([value]) => value.length <= maxMappedValueLength)
        .slice(0, maxMappedValues),
    )
  }
  return kept
}

/** Our values of each value-matched column, labelled in the reader's language. */
function useValueOptions(): Record<ValueMatchedColumn, Array<{ value: string; label: string }>> {
  const { t } = useTranslation('contacts')
  const statuses = useLookup('member-status-types').data
  return {
    member_status: (statuses ?? []).map((item) => ({ value: String(item.id), label: item.title })),
    gender: genders.map((gender) => ({ value: gender, label: t(`gender.${gender}`) })),
  }
}

/** The contact import's matching, and the system the file comes from (what its source_id cells are ids of, issue 41 item 2). */
export interface ContactColumnMatching extends ImportMatching<ContactImportColumn> {
  system: ImportMappingKey
}

/** The contact import's matching: pass it to SpreadsheetImport as `matching`. */
export function useContactColumnMatching(scope: TeamGroupParams, kind: SpreadsheetImportKind<ContactImportColumn>): ContactColumnMatching {
  const remembered = useContactImportMappings(scope)
  const save = useSaveContactImportMapping(scope)
  const options = useValueOptions()
  const [read, setRead] = useState<ContactFile | null>(null)
  const [choice, setChoice] = useState<Choice | null>(null)
  const chosen = read !== null && choice?.file === read ? choice : null

  const detected = useMemo(() => (read ? (detectImportSystem(read.headers) ?? 'other') : 'other'), [read])
  const system = chosen?.system ?? detected
  const known = system === 'other' ? null : system
  const rememberedItem = remembered.data?.items.find((item) => item.system === system)
  const mapping =
    chosen?.mapping ??
    (read ? proposeColumnMapping(read.headers, { system: known, remembered: rememberedItem?.columns ?? null, aliases: contactColumnAliases }) : {})
  // A proposal made again with the same matches (the remembered ones came, or were saved) is the same file: nothing is checked again.
  const text = read ? mappingText(read.headers, mapping) : ''

  // The values of the (at most two) headers that import as a value-matched column.
  const values: ValueMapping = {}
  const tables: ValueMatchingTable[] = []
  for (const column of valueMatchedColumns) {
    const header = read?.headers.find((candidate) => mapping[candidate] === column)
    if (read === null || header === undefined) continue
    const fileValues = distinctValuesOf(read, header)
    const matches = proposeValueMapping(
      column,
      fileValues.map((entry) => entry.value),
      { system: known, remembered: rememberedItem?.values ?? null },
    )
    const choices = chosen?.values[column]
    if (choices?.header === header) {
      for (const [value, ours] of Object.entries(choices.chosen)) {
        if (ours === false) delete matches[value]
        else matches[value] = ours
      }
    }
    values[column] = sortedValues(matches)
    tables.push({
      column,
      header,
      values: fileValues.slice(0, shownValues),
      more: Math.max(0, fileValues.length - shownValues),
      mapping: matches,
      options: options[column],
    })
  }
  const valuesText = JSON.stringify(values)

  const file = useMemo(() => {
    if (!read) return null
    const columns = Object.fromEntries(JSON.parse(text) as Array<[string, ContactImportColumn | null]>)
    const matchedValues = JSON.parse(valuesText) as ValueMapping
    const from = system === 'other' ? null : system
    // A household's children get its adults as their parent or carer; a birth date read either
    // way (the browser does not know the team's country) only when it cannot be two dates.
    const now = new Date()
    return matchImportFile(read, kind, columns, (rows, byHeader) =>
      withHouseholdParents(withoutPlaceholderBirthYears(applyValueMapping(applyColumnMapping(rows, byHeader), matchedValues), from), {
        order: 'either',
        now,
      }),
    )
  }, [read, kind, text, valuesText, system])
  const headers = useMemo(() => (read ? firstValues(read) : []), [read])

  return {
    system,
    file,
    onFile: setRead,
    key: `${system}:${text}:${valuesText}`,
    table: read && {
      system,
      onSystemChange: (next) => setChoice({ file: read, system: next, mapping: null, values: {} }),
      headers,
      mapping,
      onMatch: (header, column) => {
        const next = matchHeader(mapping, header, column)
        // A column matched to another header has its values proposed again.
        const kept = Object.fromEntries(
          Object.entries(chosen?.values ?? {}).filter(([matched, choices]) => next[choices.header] === matched),
        ) as Choice['values']
        setChoice({ file: read, system, mapping: next, values: kept })
      },
      values: tables,
      onValueMatch: (column, value, ours) => {
        const header = tables.find((table) => table.column === column)?.header
        if (header === undefined) return
        const previous = chosen?.values[column]
        const earlier = previous?.header === header ? previous.chosen : {}
        setChoice({
          file: read,
          system,
          mapping: chosen?.mapping ?? null,
          values: { ...chosen?.values, [column]: { header, chosen: { ...earlier, [value]: ours === undefined ? false : ours } } },
        })
      },
    },
    // Remembered alongside the import: the import neither waits for it nor fails with it.
    onImport: () => save.mutate({ system, columns: mapping, values: rememberedValues(values) }),
  }
}
