import { describe, expect, it } from 'vitest'
import type { ReportChart } from '@crm/domain'
import { todayLabel, withoutFutureBuckets } from './report-series'

const chart = (labels: string[]): ReportChart => ({
  type: 'line',
  period: 'this_year',
  granularity: 'month',
  keys: ['contacts'],
  points: labels.map((label, index) => ({ label, values: { contacts: index } })),
  totals: { contacts: 0 },
})

describe('withoutFutureBuckets', () => {
  it('keeps the buckets up to today’s, whatever the granularity', () => {
    const months = chart(['2026-10', '2026-11', '2026-12'])
    expect(withoutFutureBuckets(months, '2026-11-28')!.points.map((point) => point.label)).toEqual(['2026-10', '2026-11'])
    const days = chart(['2026-11-27', '2026-11-28', '2026-11-29'])
    expect(withoutFutureBuckets(days, '2026-11-28')!.points.map((point) => point.label)).toEqual(['2026-11-27', '2026-11-28'])
    const years = chart(['2025', '2026'])
    expect(withoutFutureBuckets(years, '2026-11-28')).toBe(years)
    // Last year is all past.
    expect(withoutFutureBuckets(chart(['2025-11', '2025-12']), '2026-11-28')!.points).toHaveLength(2)
    expect(withoutFutureBuckets(undefined)).toBeUndefined()
  })

  it('reads today on the reader’s clock', () => {
    expect(todayLabel(new Date(2026, 0, 5, 9))).toBe('2026-01-05')
  })
})
