import { describe, expect, it } from 'vitest'
import { ageFrom, birthMonthIndex, birthMonthRange, isChild, isSourceRequired } from './contacts'

const today = new Date(2026, 10, 20) // 20 November 2026

describe('age from a birth year and month', () => {
  it('counts whole years, the birthday month included', () => {
    expect(ageFrom(2000, 11, today)).toBe(26)
    expect(ageFrom(2000, 12, today)).toBe(25)
    expect(ageFrom(2025, 11, today)).toBe(1)
    expect(ageFrom(undefined, 5, today)).toBeUndefined()
  })
  it('makes a 17 year 11 month old a child, and an 18 year old not (spec 2 §5)', () => {
    expect(isChild(ageFrom(2008, 12, today))).toBe(true)
    expect(isChild(ageFrom(2008, 11, today))).toBe(false)
  })
})

describe('age bands', () => {
  it('hold exactly the birth months of their ages', () => {
    for (const [band, ages] of [
      ['0-12', [0, 12]],
      ['13-21', [13, 21]],
      ['22-40', [22, 40]],
      ['41-65', [41, 65]],
    ] as const) {
      const { from, to } = birthMonthRange(band, today)
      for (let year = 1900; year <= 2026; year++) {
        for (let month = 1; month <= 12; month++) {
          const index = birthMonthIndex(year, month)
          const age = ageFrom(year, month, today)!
          if (index > birthMonthIndex(2026, 11)) continue
          expect(index >= from && index <= to, `${band} ${year}-${month} age ${age}`).toBe(age >= ages[0] && age <= ages[1])
        }
      }
    }
  })
})

describe('source', () => {
  it('is required for the listed member statuses only', () => {
    expect(isSourceRequired('lead-visited')).toBe(true)
    expect(isSourceRequired('member')).toBe(false)
  })
})
