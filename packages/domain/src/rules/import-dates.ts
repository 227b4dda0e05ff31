// Dates in the cells of a spreadsheet import, as the server reads them (issue 35 item 9): ISO
// (1990-05-31, 1990/5/31), an Excel serial number, or written as the team's country writes
// dates (31/05/1990 in Australia, 05/31/1990 in the United States). The server reads them, so
// the dry run and the import read a cell the same way, whatever the browser's language.

/** How a date written with slashes, dots or dashes is read: day first, month first, or either (refused when both fit). */
export type DateOrder = 'dmy' | 'mdy' | 'either'
export const dateOrders = ['dmy', 'mdy', 'either'] as const satisfies readonly DateOrder[]

// The United States and the places that write dates its way; Canada writes both.
const monthFirstCountries = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'FM', 'MH', 'PW'])
const eitherOrderCountries = new Set(['CA'])

/** The order in which people of a country (ISO 3166 alpha-2) write a date with slashes. */
export function dateOrderOfCountry(country: string): DateOrder {
  const code = country.trim().toUpperCase()
  if (monthFirstCountries.has(code)) return 'mdy'
  return eitherOrderCountries.has(code) ? 'either' : 'dmy'
}

export interface CellDate {
  year: number
  month: number
  day: number
}

/** A date cell read: the date, or why not (not a date; or written so that both orders fit). */
export type DateCell = { date: CellDate } | { problem: 'invalid_date' | 'ambiguous_date' }

export function isRealDate({ year, month, day }: CellDate): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const two = (value: number) => String(value).padStart(2, '0')

/** YYYY-MM-DD. */
export function isoDateOf(date: CellDate): string {
  return `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`
}

/** A two-digit year: up to this year's is this century's, later ones the last ('95 is 1995). */
function fullYear(year: string, today: Date): number {
  if (year.length === 4) return Number(year)
  const value = Number(year)
  const century = Math.floor(today.getUTCFullYear() / 100) * 100
  return century + value > today.getUTCFullYear() ? century - 100 + value : century + value
}

/** Excel's day 0 is 1899-12-30 (its phantom 29 February 1900 counted); five digits are 1927 to 2173. */
function dateOfSerial(serial: number): CellDate {
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000)
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

const checked = (date: CellDate): DateCell => (isRealDate(date) ? { date } : { problem: 'invalid_date' })

/**
 * A date cell: 1990-05-31 (or with slashes or dots, a time after it ignored), an Excel serial
 * number of five digits, or day, month and year written in `order` (31/05/1990, 31.5.90,
 * 31-05-1990). With 'either', a date whose first two numbers could each be the month is
 * ambiguous: the person is asked to write it as YYYY-MM-DD.
 */
export function dateOfImportCell(text: string, order: DateOrder, today: Date): DateCell {
  const cell = text.trim()
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(cell)
  if (iso) return checked({ year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) })
  if (/^\d{5}(\.\d+)?$/.test(cell)) return { date: dateOfSerial(Number(cell)) }
  // A check-in's moment may follow the date (a 12-hour clock's am or pm too): the date is read.
  const written = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\.?)?)?$/i.exec(cell)
  if (!written) return { problem: 'invalid_date' }
  const [first, second] = [Number(written[1]), Number(written[2])]
  const year = fullYear(written[3]!, today)
  let dayFirst = order === 'dmy'
  if (order === 'either') {
    if (first !== second && first <= 12 && second <= 12) return { problem: 'ambiguous_date' }
    dayFirst = first > 12
  }
  return checked(dayFirst ? { year, month: second, day: first } : { year, month: first, day: second })
}
