import { describe, expect, it } from 'vitest'
import { dateFormatFor } from '../../lib/date-format'
import { i18next } from '../../lib/i18n'
import { formatBucketLabel, formatResponseTime } from './report-format'

const t = i18next.getFixedT('en', 'reports')

describe('report formats', () => {
  it('D3-2.3-06 writes the average response time in days and hours, minutes under an hour, — without one', () => {
    expect(formatResponseTime(51, t)).toBe('2 days 3 hours')
    expect(formatResponseTime(5, t)).toBe('5 hours')
    expect(formatResponseTime(1.2, t)).toBe('1 hour')
    expect(formatResponseTime(48, t)).toBe('2 days')
    expect(formatResponseTime(24.4, t)).toBe('1 day')
    expect(formatResponseTime(0.5, t)).toBe('30 minutes')
    expect(formatResponseTime(null, t)).toBe('—')
  })

  it('D3-2.3-12 labels a bucket by its granularity in the locale', () => {
    const en = dateFormatFor('en', 'Pacific/Honolulu')
    const es = dateFormatFor('es')
    expect(formatBucketLabel('2026-03-06', en)).toBe('6 Mar 2026')
    expect(formatBucketLabel('2026-03', en)).toBe('Mar 2026')
    expect(formatBucketLabel('2026', en)).toBe('2026')
    expect(formatBucketLabel('2026-03', es)).toBe('mar 2026')
    expect(formatBucketLabel('2026-03-06', es)).toBe('6 mar 2026')
  })
})
