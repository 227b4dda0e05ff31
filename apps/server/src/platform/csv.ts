import type { FastifyReply } from 'fastify'
import { fileAnswer, type FileAnswer } from './route'

// CSV exports (spec 2 §7 export=1): UTF-8 with a byte order mark so that spreadsheet apps
// read accents right, a header row, CRLF line ends (RFC 4180).

export type CsvCell = string | number | boolean | null | undefined

export interface CsvTable {
  /** The download's name, without the extension. */
  fileName: string
  header: string[]
  rows: CsvCell[][]
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, and a tab or carriage return
 * before one) is written with a leading apostrophe: an imported name or phone number never
 * becomes a formula in the reader's spreadsheet (OWASP CSV injection).
 */
const formulaStart = /^[=+\-@\t\r]/

export function csvCell(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (formulaStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvText(table: Pick<CsvTable, 'header' | 'rows'>): string {
  const lines = [table.header, ...table.rows].map((row) => row.map(csvCell).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** Answers the table as a CSV download. */
export function csvAnswer(reply: FastifyReply, table: CsvTable): FileAnswer {
  return fileAnswer(reply, { contentType: 'text/csv; charset=utf-8', fileName: `${table.fileName}.csv`, body: csvText(table) })
}
