import { mapColumns, readSpreadsheet, type ColumnAliases } from './spreadsheet'

// One kind of spreadsheet import (contacts, a contact's interactions) and the one way a file
// becomes the rows sent: read by the product's reader, its columns matched to the kind's
// (aliases and case tolerated), each row prepared as the kind sends it. What is wrong with a
// row is the server's to say (its dry run, issue 35 item 9), never the browser's guess. The
// import dialog, the import-and-share page and the API tests with spreadsheets
// (e2e/import-files.e2e.ts) all read files through readImportFile. The contact import lets the
// person match the columns (matchImportFile): the file keeps its header row and rows as read.

export interface PreparedRow {
  /** The row as sent: the import's column names, cells as text. */
  row: Record<string, string>
}

/** One kind of import: its columns, limits, sample and how a row of the file becomes a row sent. */
export interface SpreadsheetImportKind<C extends string> {
  /** A name for the sample file and the input's id, e.g. 'contacts'. */
  name: string
  columns: readonly C[]
  required: readonly C[]
  aliases?: ColumnAliases<C>
  maxRows: number
  chunkSize: number
  /** The sample spreadsheet: its header is `columns`, then these example rows. */
  sampleRows: ReadonlyArray<Partial<Record<C, string>>>
  /** The row sent for a row of the file. */
  prepare: (row: Partial<Record<C, string>>) => PreparedRow
  /** The name a row shows in the preview. */
  nameOf: (row: Partial<Record<C, string>>) => string
}

/** Each header of a file → the kind's column it imports as, or null when it is not imported. */
export type HeaderMapping<C extends string> = Record<string, C | null>

/** A file read for an import: its rows as sent, where each came from, and its columns. */
export interface ImportFile<C extends string> {
  name: string
  /** The file's header row, as read. */
  headers: string[]
  /** The rows by header, as read: the columns can be matched again without reading the file again. */
  sheetRows: Array<Record<string, string>>
  rows: PreparedRow[]
  /** The rows as the file has them, under the kind's column names. */
  source: Array<Partial<Record<C, string>>>
  /** Each row's number in the file (the header is row 1; blank rows are skipped). */
  rowNumbers: number[]
  /** The kind's columns the file has, in the kind's order, with the header that holds each. */
  found: Array<[C, string]>
  /** The file's headers that match no column: their cells are not sent. */
  ignored: string[]
  /** Required columns the file lacks: it cannot be imported. */
  missing: C[]
}

/**
 * Reads a spreadsheet for an import of `kind`. Throws the reader's SpreadsheetError for a file
 * it cannot read, and an Error('empty') for one without rows under its header.
 */
export async function readImportFile<C extends string>(
  file: File,
  kind: SpreadsheetImportKind<C>,
  options: { maxBytes?: number } = {},
): Promise<ImportFile<C>> {
  const sheet = await readSpreadsheet(file, { maxRows: kind.maxRows, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) })
  if (sheet.rows.length === 0) throw new Error('empty')
  const mapped = mapColumns(sheet, kind.columns, kind.aliases)
  const matched = new Set(Object.values(mapped.found).filter((header): header is string => header !== null))
  return {
    name: file.name,
    headers: sheet.headers,
    sheetRows: sheet.rows,
    source: mapped.rows,
    rows: mapped.rows.map((row) => kind.prepare(row)),
    rowNumbers: sheet.rowNumbers,
    found: kind.columns.flatMap((column) => (mapped.found[column] === null ? [] : [[column, mapped.found[column]!] as [C, string]])),
    ignored: sheet.headers.filter((header) => !matched.has(header)),
    missing: kind.required.filter((column) => mapped.found[column] === null),
  }
}

/**
 * The file with its headers matched to the kind's columns as `mapping` says (the person's
 * matches, issue 41 item 1): its rows mapped by `apply`, then prepared as the kind sends them;
 * the columns found, ignored and missing follow the mapping.
 */
export function matchImportFile<C extends string>(
  file: ImportFile<C>,
  kind: SpreadsheetImportKind<C>,
  mapping: HeaderMapping<C>,
  apply: (rows: ReadonlyArray<Record<string, string>>, mapping: HeaderMapping<C>) => Array<Partial<Record<C, string>>>,
): ImportFile<C> {
  const source = apply(file.sheetRows, mapping)
  const headerOf = (column: C) => file.headers.find((header) => mapping[header] === column)
  return {
    ...file,
    source,
    rows: source.map((row) => kind.prepare(row)),
    found: kind.columns.flatMap((column) => {
      const header = headerOf(column)
      return header === undefined ? [] : [[column, header] as [C, string]]
    }),
    ignored: file.headers.filter((header) => (mapping[header] ?? null) === null),
    missing: kind.required.filter((column) => headerOf(column) === undefined),
  }
}

/** A file read for an import whose rows go to the server as the file has them (attendance, rosters, team users). */
export interface ColumnsFile<C extends string> {
  name: string
  /** Each row under the import's column names: only the columns found, '' when blank. */
  rows: Array<Partial<Record<C, string>>>
  /** Required columns the file lacks. */
  missing: C[]
}

/**
 * Reads a spreadsheet and matches its headers to `columns` (aliases and case tolerated). Throws
 * the reader's SpreadsheetError for a file it cannot read, and an Error('empty') for one
 * without rows under its header.
 */
export async function readColumnsFile<C extends string>(
  file: File,
  columns: readonly C[],
  options: { required: readonly C[]; aliases?: ColumnAliases<C>; maxRows: number; maxBytes?: number },
): Promise<ColumnsFile<C>> {
  const sheet = await readSpreadsheet(file, { maxRows: options.maxRows, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) })
  if (sheet.rows.length === 0) throw new Error('empty')
  const mapped = mapColumns(sheet, columns, options.aliases)
  return { name: file.name, rows: mapped.rows, missing: mapped.missing.filter((column) => options.required.includes(column)) }
}
