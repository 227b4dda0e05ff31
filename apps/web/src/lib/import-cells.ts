// Times of spreadsheet cells, as the interaction import sends them (issue 17 item 1): the
// server takes HH:mm; a file holds them as text typed by hand ('2:30 pm', '14h30'), as Excel
// fractions of a day (0.5) or as real times, which the reader has already turned into HH:mm
// (lib/spreadsheet.ts). Dates go to the server as written: it reads them as the team's
// country writes them (issue 35 item 9; domain rules/import-dates.ts).

const two = (value: number) => String(value).padStart(2, '0')

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
