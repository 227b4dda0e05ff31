import { describe, expect, it } from 'vitest'
import { dateLocaleTag, defaultTimeZone, formatDateTimeAs, monthName, uses12HourClock } from './date-format'

// Intl may put a narrow no-break space before am/pm; the tests read any space as one.
const spaced = (text: string) => text.replace(/\s/gu, ' ')

describe('date and time formats', () => {
  const moment = new Date('2026-11-26T08:00:00Z') // 7:00 pm on Thursday 26 November in Sydney

  it('write each kind in Australian English and in Spanish', () => {
    expect(formatDateTimeAs('date', moment, 'en')).toBe('26 Nov 2026')
    expect(formatDateTimeAs('date', moment, 'es')).toBe('26 nov 2026')
    expect(spaced(formatDateTimeAs('dateTime', moment, 'en'))).toBe('26 Nov 2026, 7:00 pm')
    expect(formatDateTimeAs('dateTime', moment, 'es')).toBe('26 nov 2026, 19:00')
    expect(formatDateTimeAs('weekdayDate', moment, 'en')).toBe('Thursday 26 Nov 2026')
    expect(formatDateTimeAs('weekdayDate', moment, 'es')).toBe('jueves, 26 de nov de 2026')
    expect(formatDateTimeAs('monthYear', '2026-11', 'en')).toBe('Nov 2026')
    expect(formatDateTimeAs('monthYear', '2026-11', 'es')).toBe('nov 2026')
    expect(monthName(1, 'en')).toBe('January')
    expect(monthName(1, 'es')).toBe('enero')
  })

  it('keep the clock of the locale: 12 hours in English, 24 in Spanish', () => {
    expect(uses12HourClock('en')).toBe(true)
    expect(uses12HourClock('es')).toBe(false)
    expect(spaced(formatDateTimeAs('time', '19:05', 'en'))).toBe('7:05 pm')
    expect(formatDateTimeAs('time', '19:05', 'es')).toBe('19:05')
    expect(spaced(formatDateTimeAs('time', '00:30', 'en'))).toBe('12:30 am')
    expect(formatDateTimeAs('time', '00:30', 'es')).toBe('0:30')
  })

  it('show a moment near midnight in the team time zone, Sydney by default', () => {
    const late = new Date('2026-11-28T12:28:00Z') // 11:28 pm on the 28th in Sydney, 8:28 pm in Perth
    expect(defaultTimeZone).toBe('Australia/Sydney')
    expect(spaced(formatDateTimeAs('dateTime', late, 'en'))).toBe('28 Nov 2026, 11:28 pm')
    expect(spaced(formatDateTimeAs('dateTime', late, 'en', 'Australia/Perth'))).toBe('28 Nov 2026, 8:28 pm')
    expect(spaced(formatDateTimeAs('dateTime', new Date('2026-11-28T13:28:00Z'), 'en'))).toBe('29 Nov 2026, 12:28 am')
    expect(formatDateTimeAs('dateTime', new Date('2026-11-28T13:28:00Z'), 'es', 'Australia/Sydney')).toBe('29 nov 2026, 0:28')
    // Epoch milliseconds and ISO timestamps are moments too.
    expect(formatDateTimeAs('date', Date.parse('2026-11-28T13:28:00Z'), 'en')).toBe('29 Nov 2026')
    expect(formatDateTimeAs('date', '2026-11-28T13:28:00Z', 'en')).toBe('29 Nov 2026')
  })

  it('never shift a calendar date or a wall-clock time by a zone', () => {
    for (const zone of ['Australia/Sydney', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'UTC']) {
      expect(formatDateTimeAs('date', '2026-03-04', 'en', zone)).toBe('4 Mar 2026')
      expect(formatDateTimeAs('weekdayDate', '2026-03-04', 'es', zone)).toBe('miércoles, 4 de mar de 2026')
      expect(spaced(formatDateTimeAs('time', '09:15', 'en', zone))).toBe('9:15 am')
    }
  })

  it('show a text that is no date as it came, and an unknown zone as the default one', () => {
    expect(formatDateTimeAs('date', 'soon', 'en')).toBe('soon')
    expect(formatDateTimeAs('date', moment, 'en', 'Not/AZone')).toBe('26 Nov 2026')
  })

  it('read any form of a supported locale, English otherwise', () => {
    expect(dateLocaleTag('es')).toBe('es-AU')
    expect(dateLocaleTag('es-ES')).toBe('es-AU')
    expect(dateLocaleTag('en')).toBe('en-AU')
    expect(dateLocaleTag('fr')).toBe('en-AU')
    expect(dateLocaleTag(undefined)).toBe('en-AU')
  })
})
