import { describe, expect, it } from 'vitest'
import { TestClock } from '../test/harness'

// The tests' clock helper that keeps a test clear of midnight in the teams' time zone.
function clockAt(iso: string): TestClock {
  const clock = new TestClock()
  clock.advance(Date.parse(iso) - clock.now().getTime())
  return clock
}

const sydney = (clock: TestClock) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(clock.now())

describe('TestClock.clearOfMidnight', () => {
  it('moves a clock just after midnight in Sydney past the margin', () => {
    const clock = clockAt('2026-11-28T13:16:00Z') // 00:16 on the 29th in Sydney (UTC+11)
    clock.clearOfMidnight(35)
    expect(sydney(clock)).toBe('2026-11-29, 00:36')
  })

  it('moves a clock just before midnight on into the next day, past the margin', () => {
    const clock = clockAt('2026-11-28T12:58:00Z') // 23:58 in Sydney
    clock.clearOfMidnight(5)
    expect(sydney(clock)).toBe('2026-11-29, 00:06')
  })

  it('leaves a clock far from midnight alone', () => {
    const clock = clockAt('2026-11-28T02:00:00Z') // 13:00 in Sydney
    clock.clearOfMidnight(35)
    expect(sydney(clock)).toBe('2026-11-28, 13:00')
  })
})
