import { normalizeHeader } from '@crm/domain'

// The product's one spreadsheet reader (issue 14 item 3): a .csv, .xls or .xlsx file read in
// the browser, first sheet, header row, every cell as text. SheetJS (@e965/xlsx) is loaded on
// demand so that it stays out of the main bundle. Every later import (contacts, users) uses it.

/** The largest file read (2 MB). */
export const maxSpreadsheetBytes = 2 * 1024 * 1024

/** The file types read, by extension. */
export const spreadsheetExtensions = ['.csv', '.xls', '.xlsx'] as const

/** What the input's `accept` attribute offers. */
export const spreadsheetAccept = [
  ...spreadsheetExtensions,
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',')

export type SpreadsheetErrorCode = 'unsupported_type' | 'too_large' | 'too_many_rows' | 'empty' | 'unreadable'

/** Why a file was not read; `limit` is the bound it passed (bytes or rows). */
export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode
  readonly limit: number | undefined

  constructor(code: SpreadsheetErrorCode, limit?: number) {
    super(code)
    this.name = 'SpreadsheetError'
    this.code = code
    this.limit = limit
  }
}

export function isSpreadsheetError(error: unknown): error is SpreadsheetError {
  return error instanceof SpreadsheetError
}

export interface Spreadsheet {
  /** The header row's names, trimmed; a blank one is named `column_N`, a repeated one gets ` (2)`. */
  headers: string[]
  /** The data rows by header, every value trimmed text ('' when blank); blank rows are left out. */
  rows: Array<Record<string, string>>
  /** Each data row's number as the sheet shows it (the header is usually 1, so the first row 2). */
  rowNumbers: number[]
}

export interface ReadSpreadsheetOptions {
  /** Refuse a file with more data rows than this (not counting the header). */
  maxRows?: number
  /** Refuse a larger file; 2 MB by default. */
  maxBytes?: number
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsArrayBuffer(file)
  })
}

/**
 * Whether a workbook's bytes are what its extension says: an .xlsx is a zip (PK), an .xls an
 * OLE2 file or the HTML or XML Excel also saves as .xls. The reader would otherwise take any
 * other file for text and make a sheet of its bytes.
 */
function looksLikeWorkbook(extension: string, bytes: ArrayBuffer): boolean {
  const head = new Uint8Array(bytes.slice(0, 8))
  const starts = (...signature: number[]) => signature.every((byte, index) => head[index] === byte)
  if (extension === '.xlsx') return starts(0x50, 0x4b, 0x03, 0x04)
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return true
  const text = new TextDecoder('utf-8')
    .decode(bytes.slice(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
  return text.startsWith('<')
}

function decodeText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return String(value).trim()
}

/**
 * A CSV written by a careful exporter (ours among them) puts an apostrophe before a cell that
 * a spreadsheet would run as a formula (= + - @): `'+61412555101`. The apostrophe is not the
 * value, so a CSV's cell is read without it and an export imports back as it was.
 */
const formulaGuard = /^'(?=[=+\-@\t\r])/

function csvCellText(value: unknown): string {
  if (typeof value !== 'string') return cellText(value)
  return cellText(value.replace(formulaGuard, ''))
}

function uniqueHeaders(cells: unknown[]): string[] {
  const seen = new Map<string, number>()
  return cells.map((cell, index) => {
    const name = cellText(cell) || `column_${index + 1}`
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1
    seen.set(name.toLowerCase(), count)
    return count === 1 ? name : `${name} (${count})`
  })
}

interface SheetCell {
  t?: string
  v?: unknown
  z?: unknown
  w?: string
}

interface DateCodes {
  is_date: (format: string) => boolean
  parse_date_code: (serial: number) => { y: number; m: number; d: number; H: number; M: number } | null
}

/**
 * A workbook's real dates and times become YYYY-MM-DD, HH:mm or both, whatever the sheet's
 * display format ('5/31/90' reads one way in Sydney and another in Boston): an import reads
 * the date the cell holds, not how the sheet happens to show it.
 */
function isoDatesAndTimes(sheet: Record<string, unknown>, codes: DateCodes): void {
  const two = (value: number) => String(value).padStart(2, '0')
  for (const [address, value] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue
    const cell = value as SheetCell
    if (cell.t !== 'n' || typeof cell.v !== 'number' || typeof cell.z !== 'string' || !codes.is_date(cell.z)) continue
    const code = codes.parse_date_code(cell.v)
    if (!code) continue
    const date = `${code.y}-${two(code.m)}-${two(code.d)}`
    const time = `${two(code.H)}:${two(code.M)}`
    const hasTime = !Number.isInteger(cell.v)
    cell.w = cell.v < 1 ? time : hasTime ? `${date} ${time}` : date
  }
}

/**
 * Reads the first sheet of a .csv, .xls or .xlsx file: its header row and its data rows, each
 * cell as the text the sheet shows (numbers as text; a workbook's real dates and times as
 * YYYY-MM-DD and HH:mm, see isoDatesAndTimes), trimmed.
 * Refuses (SpreadsheetError) another type, a file over `maxBytes`, more than `maxRows` data
 * rows, a file without a header row, and one the reader cannot make out.
 */
export async function readSpreadsheet(file: File, options: ReadSpreadsheetOptions = {}): Promise<Spreadsheet> {
  const maxBytes = options.maxBytes ?? maxSpreadsheetBytes
  if (!(spreadsheetExtensions as readonly string[]).includes(extensionOf(file.name))) throw new SpreadsheetError('unsupported_type')
  if (file.size > maxBytes) throw new SpreadsheetError('too_large', maxBytes)

  const [bytes, XLSX] = await Promise.all([readBytes(file), import('@e965/xlsx')])
  let table: unknown[][]
  let firstRow = 1
  const isCsv = extensionOf(file.name) === '.csv'
  try {
    if (!isCsv && !looksLikeWorkbook(extensionOf(file.name), bytes)) throw new SpreadsheetError('unreadable')
    // A CSV is text in UTF-8 (Excel's 'CSV UTF-8'), else in Windows-1252 (Excel's plain 'CSV').
    const data = isCsv ? decodeText(bytes) : new Uint8Array(bytes)
    const workbook = XLSX.read(data, {
      type: isCsv ? 'string' : 'array',
      // CSV cells stay the text typed; a workbook's cells are read as the sheet formats them.
      raw: isCsv,
      cellDates: false,
      // The number formats, to know a date or time cell from a number (isoDatesAndTimes).
      cellNF: !isCsv,
      // The header, the rows allowed and one more to know there are too many: a huge sheet is not read whole.
      ...(options.maxRows !== undefined ? { sheetRows: options.maxRows + 2 } : {}),
    })
    const firstName = workbook.SheetNames[0]
    const sheet = firstName === undefined ? undefined : workbook.Sheets[firstName]
    if (!sheet) throw new SpreadsheetError('empty')
    if (!isCsv) isoDatesAndTimes(sheet, XLSX.SSF)
    // Blank rows are kept here so that each row keeps its number as the sheet shows it.
    table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true })
    firstRow = XLSX.utils.decode_range(typeof sheet['!ref'] === 'string' ? sheet['!ref'] : 'A1').s.r + 1
  } catch (error) {
    if (isSpreadsheetError(error)) throw error
    throw new SpreadsheetError('unreadable')
  }

  // The header is the first row with anything in it.
  const headerIndex = table.findIndex((cells) => cells.some((cell) => cellText(cell) !== ''))
  const headerRow = table[headerIndex]
  if (!headerRow) throw new SpreadsheetError('empty')
  const headers = uniqueHeaders(headerRow)
  const textOf = isCsv ? csvCellText : cellText
  const rows: Array<Record<string, string>> = []
  const rowNumbers: number[] = []
  for (let index = headerIndex + 1; index < table.length; index += 1) {
    const cells = table[index] ?? []
    const texts = headers.map((_, column) => textOf(cells[column]))
    if (texts.every((text) => text === '')) continue
    rows.push(Object.fromEntries(headers.map((header, column) => [header, texts[column] ?? ''])))
    rowNumbers.push(firstRow + index)
  }
  if (options.maxRows !== undefined && rows.length > options.maxRows) throw new SpreadsheetError('too_many_rows', options.maxRows)
  return { headers, rows, rowNumbers }
}

// A header is compared as the domain compares it (the import presets match by it too).
export { normalizeHeader }

/** Other names a column may have in a file, e.g. `{ first_name: ['First name', 'Nombre'] }`. */
export type ColumnAliases<C extends string> = Partial<Record<C, readonly string[]>>

export interface MappedRows<C extends string> {
  /** Each row by column: only the columns found, trimmed text ('' when blank). */
  rows: Array<Partial<Record<C, string>>>
  /** The file's header read as each column, or null when none matched. */
  found: Record<C, string | null>
  /** Columns no header matched. */
  missing: C[]
}

/**
 * Maps a sheet's headers to the import's columns, case-insensitively: a header matches its
 * column's name ('first_name', 'First name', 'FIRST-NAME') or one of its aliases. The first
 * header that matches a column wins.
 */
export function mapColumns<C extends string>(sheet: Spreadsheet, columns: readonly C[], aliases: ColumnAliases<C> = {}): MappedRows<C> {
  const found = Object.fromEntries(columns.map((column) => [column, null])) as Record<C, string | null>
  for (const column of columns) {
    const names = new Set([column, ...(aliases[column] ?? [])].map(normalizeHeader))
    found[column] = sheet.headers.find((header) => names.has(normalizeHeader(header))) ?? null
  }
  const rows = sheet.rows.map((row) => {
    const mapped: Partial<Record<C, string>> = {}
    for (const column of columns) {
      const header = found[column]
      if (header !== null) mapped[column] = (row[header] ?? '').trim()
    }
    return mapped
  })
  return { rows, found, missing: columns.filter((column) => found[column] === null) }
}
