import { describe, expect, it } from 'vitest'
import { dateOfImportCell, dateOrderOfCountry, isoDateOf } from './import-dates'

// Dates of import cells as the team's country writes them (issue 35 item 9).

const today = new Date(Date.UTC(2026, 4, 1))
const read = (text: string, order: 'dmy' | 'mdy' | 'either') => {
  const cell = dateOfImportCell(text, order, today)
  return 'date' in cell ? isoDateOf(cell.date) : cell.problem
}

describe('dates of import cells', () => {
  it('reads the order of the team’s country: day first in Australia, month first in the United States, either in Canada', () => {
    expect(['AU', 'nz', 'GB', 'ES', 'US', 'PR', 'CA'].map(dateOrderOfCountry)).toEqual(['dmy', 'dmy', 'dmy', 'dmy', 'mdy', 'mdy', 'either'])
  })

  it.each([
    ['1990-05-31', 'dmy', '1990-05-31'],
    ['1990/5/31', 'mdy', '1990-05-31'],
    ['2026-02-08 10:30', 'dmy', '2026-02-08'],
    ['31/05/1990', 'dmy', '1990-05-31'],
    ['5/3/2024', 'dmy', '2024-03-05'],
    ['5/3/2024', 'mdy', '2024-05-03'],
    ['31.5.90', 'dmy', '1990-05-31'],
    ['08/02/26', 'dmy', '2026-02-08'],
    ['31/05/1990', 'either', '1990-05-31'],
    ['05/31/1990', 'either', '1990-05-31'],
    ['07/07/2020', 'either', '2020-07-07'],
    ['33024', 'dmy', '1990-05-31'],
    // Check-in exports write the moment: Planning Center's US times, Rock's.
    ['3/1/2026 9:30 AM', 'mdy', '2026-03-01'],
    ['11/15/2026, 6:02 p.m.', 'mdy', '2026-11-15'],
    ['15/11/2026 18:02:11', 'dmy', '2026-11-15'],
  ] as const)('reads %j (%s) as %s', (text, order, expected) => {
    expect(read(text, order)).toBe(expected)
  })

  it.each([
    ['05/31/1990', 'dmy', 'invalid_date'],
    ['31/05/1990', 'mdy', 'invalid_date'],
    ['1990-02-30', 'dmy', 'invalid_date'],
    ['next Tuesday', 'dmy', 'invalid_date'],
    ['1990', 'dmy', 'invalid_date'],
    ['3/1/2026 9:30 tomorrow', 'mdy', 'invalid_date'],
    ['05/03/2024', 'either', 'ambiguous_date'],
  ] as const)('refuses %j (%s): %s', (text, order, problem) => {
    expect(read(text, order)).toBe(problem)
  })
})
