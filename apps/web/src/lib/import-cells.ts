// Dates and times of spreadsheet cells, as the imports send them (issue 17 item 1): the server
// takes YYYY-MM-DD and HH:mm; a file holds them as text typed by hand ('31/05/1990',
// '2:30 pm'), as Excel serial numbers (32994, 0.5) or as real dates, which the reader has
// already turned into YYYY-MM-DD and HH:mm (lib/spreadsheet.ts).

/** How a date written with slashes is read: day first, or month first (the United States). */
export type DateOrder = 'dmy' | 'mdy'

/**
 * The order in which the person's computer writes dates (en-US month first, most others day
 * first): a spreadsheet typed or saved as CSV on that computer writes them the same way.
 */
export function dateOrderOf(locale: string | undefined): DateOrder {
  try {
    const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(2001, 1, 3))
    const month = parts.findIndex((part) => part.type === 'month')
    const day = parts.findIndex((part) => part.type === 'day')
    return month >= 0 && day >= 0 && month < day ? 'mdy' : 'dmy'
  } catch {
    return 'dmy'
  }
}

const two = (value: number) => String(value).padStart(2, '0')

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Excel's day 1 is 1900-01-01, counted with its phantom 29 February 1900: day 0 is 1899-12-30. */
function dateOfSerial(serial: number): string | null {
  // From 1900-03-01 (61) to 9999-12-31: smaller numbers are not dates anyone means.
  if (serial < 61 || serial > 2_958_465) return null
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000)
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`
}

/** A two-digit year: up to this year's is this century's, later ones the last (’95 is 1995). */
function fullYear(year: string, today: Date): number {
  if (year.length === 4) return Number(year)
  const value = Number(year)
  const century = Math.floor(today.getFullYear() / 100) * 100
  return century + value > today.getFullYear() ? century - 100 + value : century + value
}

/**
 * A date cell as YYYY-MM-DD (or YYYY-MM, a month and year), '' for a blank cell, or null when
 * it is not a date this reader can tell. Reads 1990-05-31, 1990/5/31, 1990-05, an Excel
 * serial number, and 31/05/1990, 31.5.90 or 31-05-1990 in `order`.
 */
export function dateOfCell(cell: string, order: DateOrder, today = new Date()): string | null {
  const text = cell.trim()
  if (text === '') return ''
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(text)
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    return isRealDate(year, month, day) ? `${year}-${two(month)}-${two(day)}` : null
  }
  const monthOnly = /^(\d{4})[-/](\d{1,2})$/.exec(text)
  if (monthOnly) {
    const month = Number(monthOnly[2])
    return month >= 1 && month <= 12 ? `${monthOnly[1]}-${two(month)}` : null
  }
  if (/^\d+(\.\d+)?$/.test(text)) return dateOfSerial(Number(text))
  const written = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text)
  if (written) {
    const [first, second] = [Number(written[1]), Number(written[2])]
    const [day, month] = order === 'dmy' ? [first, second] : [second, first]
    const year = fullYear(written[3]!, today)
    return isRealDate(year, month, day) ? `${year}-${two(month)}-${two(day)}` : null
  }
  return null
}

/**
 * A time cell as HH:mm (24-hour clock), '' for a blank cell, or null when it is not a time.
 * Reads 14:30, 9:05, 14:30:00, 2:30 pm, 2 PM, 14h30 and an Excel time (a fraction of a day, 0.5).
 */
export function timeOfCell(cell: string): string | null {
  const text = cell.trim().toLowerCase()
  if (text === '') return ''
  if (/^0?\.\d+$/.test(text)) {
    const minutes = Math.round(Number(text) * 24 * 60) % (24 * 60)
    return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`
  }
  const match = /^(\d{1,2})(?:[:h.](\d{2}))?(?::\d{2})?\s*(a\.?m\.?|p\.?m\.?)?$/.exec(text)
  if (!match) return null
  let hours = Number(match[1])
  const minutes = Number(match[2] ?? '0')
  const half = match[3]?.[0]
  if (match[2] === undefined && !half) return null
  if (half) {
    if (hours < 1 || hours > 12) return null
    hours = (hours % 12) + (half === 'p' ? 12 : 0)
  }
  if (hours > 23 || minutes > 59) return null
  return `${two(hours)}:${two(minutes)}`
}
