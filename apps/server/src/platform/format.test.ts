import { describe, expect, it } from 'vitest'
import { displayDate, displayDateTime, elapsed } from './format'

describe('display dates', () => {
  it('are in the team time zone and the caller locale', () => {
    const date = new Date('2026-11-19T22:30:00Z') // 20 Nov, 9:30 am in Sydney
    expect(displayDate(date)).toBe('20 Nov 2026')
    expect(displayDateTime(date)).toMatch(/^20 Nov 2026, 9:30\s?am$/)
    expect(displayDate('2026-03-04')).toBe('4 Mar 2026')
    expect(displayDate(date, 'es')).toMatch(/20 nov/)
    // Spanish reads the 24-hour clock.
    expect(displayDateTime(new Date('2026-11-20T08:05:00Z'), 'es')).toBe('20 nov 2026, 19:05')
  })
  it('keep each time zone and locale apart when formatters are reused (one per kind, locale and zone)', () => {
    const date = new Date('2026-11-19T22:30:00Z')
    for (let round = 0; round < 2; round++) {
      expect(displayDate(date, 'en', 'Australia/Sydney')).toBe('20 Nov 2026')
      expect(displayDate(date, 'en', 'Australia/Perth')).toBe('20 Nov 2026')
      expect(displayDate(date, 'en', 'Pacific/Honolulu')).toBe('19 Nov 2026')
      expect(displayDateTime(date, 'en', 'Australia/Perth')).toMatch(/^20 Nov 2026, 6:30\s?am$/)
      expect(displayDateTime(date, 'es', 'Australia/Perth')).toMatch(/20 nov 2026.*6:30/)
      expect(displayDate(date, 'es', 'Pacific/Honolulu')).toMatch(/19 nov/)
    }
  })
  it('keep a calendar date as it is in any zone', () => {
    // Read at noon UTC in the zone, as before, this was 5 Mar in Kiritimati (UTC+14).
    for (const zone of ['Pacific/Honolulu', 'Pacific/Kiritimati']) expect(displayDate('2026-03-04', 'en', zone)).toBe('4 Mar 2026')
  })
  it('count days and hours since', () => {
    expect(elapsed(new Date('2026-11-17T10:00:00Z'), new Date('2026-11-20T12:00:00Z'))).toEqual({ days_ago: 3, hours_ago: 74 })
  })
})
