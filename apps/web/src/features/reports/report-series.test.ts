import { describe, expect, it } from 'vitest'
import type { ReportChart } from '@crm/domain'
import { seriesPalette, toChartRows, todayLabel, withoutFutureBuckets } from './report-series'

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

// WCAG's relative luminance and contrast ratio, and CIELAB distance (CIE76) to tell colours apart.
const channels = (hex: string) =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
const lab = (hex: string) => {
  const [r, g, b] = channels(hex) as [number, number, number]
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)
  const [x, y, z] = [
    (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047,
    r * 0.2126 + g * 0.7152 + b * 0.0722,
    (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883,
  ].map(f) as [number, number, number]
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)]
}
const distance = (a: string, b: string) => Math.hypot(...lab(a).map((value, index) => value - lab(b)[index]!))

describe('the series palette (issue 37)', () => {
  it('gives every colour at least 3:1 against the card’s white (WCAG 1.4.11)', () => {
    for (const color of seriesPalette) expect(contrast(color, '#ffffff'), color).toBeGreaterThanOrEqual(3)
  })

  it('holds colours that are all told apart, not shades of one blue', () => {
    for (const [index, color] of seriesPalette.entries()) {
      for (const other of seriesPalette.slice(index + 1)) expect(distance(color, other), `${color} ${other}`).toBeGreaterThanOrEqual(15)
    }
  })

  it('colours a pie of every contact source (13 with Other) with 13 different colours', () => {
    const keys = Array.from({ length: 13 }, (_, index) => `source-${index}`)
    const pie: ReportChart = { type: 'pie', period: 'this_year', granularity: 'month', keys, points: [], totals: {} }
    const { series } = toChartRows(pie, (key) => key, { date: String, monthYear: String })
    expect(new Set(series.map((item) => item.color)).size).toBe(13)
  })
})
