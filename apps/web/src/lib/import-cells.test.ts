import { describe, expect, it } from 'vitest'
import { timeOfCell } from './import-cells'

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
