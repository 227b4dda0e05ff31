import { describe, expect, it } from 'vitest'
import { dateOfCell, dateOrderOf, timeOfCell } from './import-cells'

const today = new Date(2026, 10, 24)

describe('dateOfCell', () => {
  it('reads ISO dates, a month and year, and a real date the reader gave with its time', () => {
    expect(dateOfCell('1990-05-31', 'dmy', today)).toBe('1990-05-31')
    expect(dateOfCell('1990/5/3', 'mdy', today)).toBe('1990-05-03')
    expect(dateOfCell('1990-05', 'dmy', today)).toBe('1990-05')
    expect(dateOfCell('2026-11-24 14:30', 'dmy', today)).toBe('2026-11-24')
  })

  it('reads Excel serial numbers (day 0 is 1899-12-30)', () => {
    expect(dateOfCell('33024', 'dmy', today)).toBe('1990-05-31')
    expect(dateOfCell('45000.75', 'dmy', today)).toBe('2023-03-15')
    // A small number is an age or a count, not a date.
    expect(dateOfCell('42', 'dmy', today)).toBeNull()
  })

  it('reads slashed dates day first or month first, as the team writes them', () => {
    expect(dateOfCell('31/05/1990', 'dmy', today)).toBe('1990-05-31')
    expect(dateOfCell('05/31/1990', 'mdy', today)).toBe('1990-05-31')
    expect(dateOfCell('3.4.2020', 'dmy', today)).toBe('2020-04-03')
    expect(dateOfCell('3/4/2020', 'mdy', today)).toBe('2020-03-04')
    expect(dateOfCell('31/5/95', 'dmy', today)).toBe('1995-05-31')
    expect(dateOfCell('31/5/26', 'dmy', today)).toBe('2026-05-31')
  })

  it('answers null for what is not a date, and blank for a blank cell', () => {
    expect(dateOfCell('', 'dmy', today)).toBe('')
    expect(dateOfCell('05/31/1990', 'dmy', today)).toBeNull()
    expect(dateOfCell('1990-02-30', 'dmy', today)).toBeNull()
    expect(dateOfCell('next Tuesday', 'dmy', today)).toBeNull()
    expect(dateOfCell('1990-13', 'dmy', today)).toBeNull()
  })

  it('reads month first where the computer writes dates month first', () => {
    expect(dateOrderOf('en-US')).toBe('mdy')
    expect(dateOrderOf('en-AU')).toBe('dmy')
    expect(dateOrderOf('es-ES')).toBe('dmy')
    expect(dateOrderOf('not a locale!')).toBe('dmy')
  })
})

describe('timeOfCell', () => {
  it('reads 24-hour and 12-hour times and Excel fractions of a day', () => {
    expect(timeOfCell('14:30')).toBe('14:30')
    expect(timeOfCell('9:05')).toBe('09:05')
    expect(timeOfCell('14:30:00')).toBe('14:30')
    expect(timeOfCell('2:30 pm')).toBe('14:30')
    expect(timeOfCell('12:15 AM')).toBe('00:15')
    expect(timeOfCell('2 PM')).toBe('14:00')
    expect(timeOfCell('14h30')).toBe('14:30')
    expect(timeOfCell('0.5')).toBe('12:00')
    expect(timeOfCell('.75')).toBe('18:00')
  })

  it('answers null for what is not a time, and blank for a blank cell', () => {
    expect(timeOfCell('')).toBe('')
    expect(timeOfCell('25:00')).toBeNull()
    expect(timeOfCell('13 pm')).toBeNull()
    expect(timeOfCell('14')).toBeNull()
    expect(timeOfCell('noon')).toBeNull()
  })
})
