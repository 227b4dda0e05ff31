import type { ReportChart } from '@crm/domain'
import { saveBlob } from '../../lib/save-file'

/** A byte-order mark: Excel reads a CSV as UTF-8 only when it starts with one. */
const utf8Bom = '\uFEFF'

type Cell = string | number

// A text cell that starts like a formula would run as one in a spreadsheet (CSV injection).
const formulaStart = /^[=+\-@\t\r]/

function csvCell(value: Cell): string {
  if (typeof value === 'number') return String(value)
  const text = formulaStart.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 text (CRLF line ends, quoted where needed) with a UTF-8 BOM. */
export function buildCsv(rows: readonly (readonly Cell[])[]): string {
  return utf8Bom + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/**
 * A chart as rows: a header (the bucket's name, then each series' label), then one row per
 * bucket with its raw label (YYYY-MM-DD, YYYY-MM or YYYY: a spreadsheet sorts and reads those).
 */
export function chartCsvRows(chart: ReportChart, labelHeader: string, seriesLabel: (key: string) => string): Cell[][] {
  return [[labelHeader, ...chart.keys.map(seriesLabel)], ...chart.points.map((point) => [point.label, ...chart.keys.map((key) => point.values[key] ?? 0)])]
}

/** reports-contacts-this_year.csv; a widget without a period leaves it out. */
export function csvFileName(widget: string, period?: string): string {
  return ['reports', widget, period].filter(Boolean).join('-') + '.csv'
}

/** Saves the text as a CSV file. */
export function downloadCsv(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName)
}
