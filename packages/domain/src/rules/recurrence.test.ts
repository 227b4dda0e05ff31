import { describe, expect, it } from 'vitest'
import { addDays, zonedDate, zonedInstant } from './calendar-dates'
import { defaultRecurrenceForm, parseRRule, recurrenceFormErrors, toRRule, weekdayRequiredMessage, type RecurrenceForm } from './recurrence'
import { isOccurrence, lastOccurrence, nextOccurrence, occurrenceOn, occurrencesBetween, originalDateOf, scheduleError, type Schedule } from './schedule'

const start = '2026-11-03' // a Tuesday
const form = (changes: Partial<RecurrenceForm>): RecurrenceForm => ({ ...defaultRecurrenceForm(start), ...changes })
const schedule = (rrule: string | null, changes: Partial<Schedule> = {}): Schedule => ({ start, rrule, span_days: 1, ...changes })

describe('the form and the rule text (spec 3 §2.1)', () => {
  it('D3-2.1-13 stores FORTNIGHTLY as weekly with interval 2 and reads it back as FORTNIGHTLY', () => {
    const rule = toRRule(form({ frequency: 'FORTNIGHTLY', weekdays: ['TH', 'TU'], ends: 'AFTER', count: 10 }))
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10')
    expect(parseRRule(rule!, start)).toMatchObject({ form: { frequency: 'FORTNIGHTLY', weekdays: ['TU', 'TH'], ends: 'AFTER', count: 10 } })
  })

  it('D3-2.1-17 D1-3-22 writes monthly by the last weekday as BYSETPOS=-1 and reads it back', () => {
    const rule = toRRule(form({ frequency: 'MONTHLY', monthly_mode: 'weekday', position: -1, day_choice: 'MO', ends: 'AFTER', count: 5 }))
    expect(rule).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=MO;BYSETPOS=-1;COUNT=5')
    expect(parseRRule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1;COUNT=5', start)).toMatchObject({
      form: { monthly_mode: 'weekday', position: -1, day_choice: 'MO', count: 5 },
    })
    expect(occurrencesBetween(schedule(rule), start, '2027-12-31')).toEqual(['2026-11-30', '2026-12-28', '2027-01-25', '2027-02-22', '2027-03-29'])
  })

  it('D3-2.1-18 reads the day choices any day, week day and weekend day', () => {
    for (const choice of ['day', 'weekday', 'weekend_day'] as const) {
      const rule = toRRule(form({ frequency: 'MONTHLY', monthly_mode: 'weekday', position: 1, day_choice: choice }))!
      expect(parseRRule(rule, start)).toMatchObject({ form: { day_choice: choice } })
    }
    // The first weekend day of December 2026 is Saturday the 5th; the last week day of November, Monday the 30th.
    expect(occurrencesBetween(schedule('FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1'), '2026-12-01', '2026-12-31')).toEqual(['2026-12-05'])
    expect(occurrencesBetween(schedule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'), start, '2026-11-30')).toEqual(['2026-11-30'])
  })

  it('D3-2.1-19 writes monthly by day of month and refuses a day outside 1-31', () => {
    expect(toRRule(form({ frequency: 'MONTHLY', month_day: 15 }))).toBe('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15')
    expect(parseRRule('FREQ=MONTHLY;BYMONTHDAY=32', start)).toMatchObject({ field: 'month_day' })
    expect(recurrenceFormErrors(form({ frequency: 'MONTHLY', month_day: 0 }), start)).toHaveProperty('month_day')
  })

  it("D3-2.1-15 asks for a weekday: 'Please set at least one weekday.'", () => {
    const weekdayRequired = { code: 'weekday_required', params: {} }
    expect(weekdayRequiredMessage).toBe('Please set at least one weekday.')
    expect(recurrenceFormErrors(form({ frequency: 'WEEKLY', weekdays: [] }), start)).toEqual({ weekdays: weekdayRequired })
    expect(recurrenceFormErrors(form({ frequency: 'FORTNIGHTLY', weekdays: [] }), start)).toEqual({ weekdays: weekdayRequired })
    expect(parseRRule('FREQ=WEEKLY', start)).toEqual({ error: weekdayRequired, field: 'weekdays' })
  })

  it('D3-2.1-16 takes an interval of 1 to 8 only', () => {
    expect(parseRRule('FREQ=WEEKLY;INTERVAL=8;BYDAY=MO', start)).toHaveProperty('form')
    expect(parseRRule('FREQ=WEEKLY;INTERVAL=9;BYDAY=MO', start)).toMatchObject({ field: 'interval' })
    expect(parseRRule('FREQ=YEARLY;INTERVAL=0', start)).toMatchObject({ field: 'interval' })
  })

  it('D3-2.1-14 ends never, after a count or on a date, and refuses an end before the start', () => {
    expect(toRRule(form({ ends: 'DATE', until: '2026-12-01' }))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20261201')
    expect(parseRRule('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261201', start)).toMatchObject({ form: { ends: 'DATE', until: '2026-12-01' } })
    expect(parseRRule('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261101', start)).toMatchObject({ field: 'until' })
    expect(occurrencesBetween(schedule('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261201'), start, '2027-01-31')).toEqual([
      '2026-11-03',
      '2026-11-10',
      '2026-11-17',
      '2026-11-24',
      '2026-12-01',
    ])
    expect(occurrencesBetween(schedule('FREQ=WEEKLY;BYDAY=TU;COUNT=3'), start, '2027-01-31')).toHaveLength(3)
  })

  it('refuses what the form cannot make: unknown parts, a daily rule, both COUNT and UNTIL', () => {
    expect(parseRRule('FREQ=DAILY', start)).toHaveProperty('error')
    expect(parseRRule('FREQ=WEEKLY;BYDAY=MO;BYHOUR=3', start)).toHaveProperty('error')
    expect(parseRRule('FREQ=WEEKLY;BYDAY=MO;COUNT=2;UNTIL=20270101', start)).toHaveProperty('error')
    expect(parseRRule('FREQ=WEEKLY;BYDAY=XX', start)).toHaveProperty('error')
    expect(parseRRule('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270231', start)).toHaveProperty('error')
  })

  it('refuses a rule that never happens', () => {
    expect(scheduleError({ start: '2026-02-01', rrule: 'FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30', span_days: 1 })).not.toBeNull()
    expect(scheduleError(schedule('FREQ=WEEKLY;BYDAY=TU'))).toBeNull()
  })
})

describe('expansion', () => {
  it('a fortnightly Tuesday and Thursday schedule ending after 10 occurrences', () => {
    const fortnightly = schedule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10')
    const dates = occurrencesBetween(fortnightly, '2026-01-01', '2028-01-01')
    expect(dates).toEqual([
      '2026-11-03',
      '2026-11-05',
      '2026-11-17',
      '2026-11-19',
      '2026-12-01',
      '2026-12-03',
      '2026-12-15',
      '2026-12-17',
      '2026-12-29',
      '2026-12-31',
    ])
    expect(lastOccurrence(fortnightly)).toBe('2026-12-31')
  })

  it('costs what the window asks for on a never-ending rule', () => {
    const forever = schedule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU')
    expect(lastOccurrence(forever)).toBeNull()
    expect(occurrencesBetween(forever, '2030-01-01', '2099-12-31', 12)).toHaveLength(12)
    expect(nextOccurrence(forever, '2031-06-01')).toBe('2031-06-01')
  })

  it('leaves out a cancelled occurrence and shows a moved one at its new date', () => {
    const weekly = schedule('FREQ=WEEKLY;BYDAY=TU', {
      exceptions: [
        { original_date: '2026-11-10', event_date: '2026-11-10', is_cancelled: true },
        { original_date: '2026-11-17', event_date: '2026-11-19', is_cancelled: false },
      ],
    })
    expect(occurrencesBetween(weekly, start, '2026-11-24')).toEqual(['2026-11-03', '2026-11-19', '2026-11-24'])
    expect(isOccurrence(weekly, '2026-11-10')).toBe(false)
    expect(isOccurrence(weekly, '2026-11-17')).toBe(false)
    expect(isOccurrence(weekly, '2026-11-19')).toBe(true)
    expect(originalDateOf(weekly, '2026-11-19')).toBe('2026-11-17')
    expect(originalDateOf(weekly, '2026-11-24')).toBe('2026-11-24')
    expect(originalDateOf(weekly, '2026-11-17')).toBeNull()
  })

  it('a one-off event has one occurrence; a multi-day one is attended on each of its days', () => {
    const camp = schedule(null, { span_days: 3 })
    expect(occurrencesBetween(camp, '2026-01-01', '2026-12-31')).toEqual([start])
    expect(occurrenceOn(camp, '2026-11-05')).toBe(start)
    expect(occurrenceOn(camp, '2026-11-06')).toBeNull()
    expect(nextOccurrence(camp, '2026-11-04')).toBeNull()
    expect(nextOccurrence(schedule(null), '2020-01-01')).toBe(start)
    expect(lastOccurrence(camp)).toBe(start)
  })

  it('decides a single day exactly as the expansion does (the fast path of one day)', () => {
    const rules = [
      'FREQ=WEEKLY;BYDAY=TU',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=MONTHLY;INTERVAL=3;BYDAY=SU;BYSETPOS=2;UNTIL=20280101',
      'FREQ=YEARLY;INTERVAL=2',
    ]
    for (const rule of rules) {
      const expanded = new Set(occurrencesBetween(schedule(rule), '2026-10-01', '2028-12-31'))
      for (let day = '2026-10-01'; day <= '2028-12-31'; day = addDays(day, 1)) {
        expect(isOccurrence(schedule(rule), day), `${rule} on ${day}`).toBe(expanded.has(day))
      }
    }
  })

  it('yearly repeats on the start date', () => {
    expect(occurrencesBetween(schedule('FREQ=YEARLY;COUNT=3'), start, '2030-01-01')).toEqual(['2026-11-03', '2027-11-03', '2028-11-03'])
  })
})

describe('local time across daylight-saving changes (Australia/Sydney)', () => {
  const zone = 'Australia/Sydney'

  it('keeps a 10:00 Sunday service at 10:00 across the April and October changes', () => {
    const sundays = occurrencesBetween({ start: '2026-03-29', rrule: 'FREQ=WEEKLY;BYDAY=SU', span_days: 1 }, '2026-03-29', '2026-10-11')
    expect(sundays).toContain('2026-04-05') // the change from AEDT (+11) to AEST (+10)
    expect(sundays).toContain('2026-10-04') // and back to +11
    expect(zonedInstant('2026-03-29', '10:00', zone).toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(zonedInstant('2026-04-05', '10:00', zone).toISOString()).toBe('2026-04-05T00:00:00.000Z')
    expect(zonedInstant('2026-09-27', '10:00', zone).toISOString()).toBe('2026-09-27T00:00:00.000Z')
    expect(zonedInstant('2026-10-04', '10:00', zone).toISOString()).toBe('2026-10-03T23:00:00.000Z')
    for (const date of sundays) {
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        zonedInstant(date, '10:00', zone),
      )
      expect(local).toBe('10:00')
      expect(zonedDate(zonedInstant(date, '10:00', zone), zone)).toBe(date)
    }
  })

  it('moves a time the clocks skip forward with them', () => {
    // 2:30 on 4 October 2026 does not exist in Sydney; the clock jumps from 2:00 to 3:00.
    const skipped = zonedInstant('2026-10-04', '02:30', zone)
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(skipped)).toBe('03:30')
  })
})
