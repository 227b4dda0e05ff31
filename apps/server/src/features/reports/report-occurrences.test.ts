import { describe, expect, it } from 'vitest'
import { addDays, occurrencesBetween, type Schedule } from '@crm/domain'
import { reportOccurrences } from './report-occurrences'

// The reports' expansion of the form's rules answers what the events feature's rrule.js
// expansion answers, on every rule shape, start, end and window tried (a fixed pseudo-random walk).

function random(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % n
  }
}

const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']

function ruleText(pick: (n: number) => number, start: string): string {
  const interval = 1 + pick(3)
  let body: string
  switch (pick(4)) {
    case 0:
    case 1: {
      const chosen = days.filter(() => pick(3) === 0)
      body = `FREQ=WEEKLY;INTERVAL=${interval};BYDAY=${(chosen.length ? chosen : [days[pick(7)]!]).join(',')}`
      break
    }
    case 2:
      body =
        pick(2) === 0
          ? `FREQ=MONTHLY;INTERVAL=${interval};BYMONTHDAY=${1 + pick(31)}`
          : `FREQ=MONTHLY;INTERVAL=${interval};BYDAY=${[['MO'], ['SU'], ['MO', 'TU', 'WE', 'TH', 'FR'], ['SA', 'SU'], days][pick(5)]!.join(',')};BYSETPOS=${[1, 2, 3, 4, 5, -1][pick(6)]}`
      break
    default:
      body = `FREQ=YEARLY;INTERVAL=${interval}`
  }
  const end = pick(3)
  if (end === 1) return `${body};COUNT=${1 + pick(60)}`
  if (end === 2) return `${body};UNTIL=${addDays(start, pick(1500)).replaceAll('-', '')}`
  return body
}

describe('reportOccurrences', () => {
  it('D3-2.3-11 matches the events feature’s expansion on 600 rules, with cancelled and moved occurrences', () => {
    const pick = random(18)
    for (let i = 0; i < 600; i++) {
      const start = i % 50 === 0 ? '2024-02-29' : addDays('2019-01-01', pick(2900))
      const rrule = ruleText(pick, start)
      const from = addDays(start, pick(900) - 100)
      const to = addDays(from, [0, 6, 30, 365, 1000][pick(5)]!)
      const base: Schedule = { start, rrule, span_days: 1 }
      const plain = occurrencesBetween(base, start, addDays(start, 800), 100_000)
      const exceptions =
        plain.length > 2
          ? [
              { original_date: plain[1]!, event_date: plain[1]!, is_cancelled: true },
              { original_date: plain[2]!, event_date: addDays(plain[2]!, 1), is_cancelled: false },
            ]
          : []
      const schedule = { ...base, exceptions }
      expect(reportOccurrences(schedule, from, to), `${start} ${rrule} ${from}…${to}`).toEqual(occurrencesBetween(schedule, from, to, 100_000))
    }
  })

  it('D3-2.3-11 a one-off schedule is its start date, in the window or not', () => {
    expect(reportOccurrences({ start: '2026-03-01', rrule: null, span_days: 1 }, '2026-01-01', '2026-12-31')).toEqual(['2026-03-01'])
    expect(reportOccurrences({ start: '2025-03-01', rrule: null, span_days: 1 }, '2026-01-01', '2026-12-31')).toEqual([])
  })
})
