import { describe, expect, it } from 'vitest'
import { buildCsv, chartCsvRows, csvFileName } from './csv'
import { buildChart } from './reports.fixtures'

describe('report CSV', () => {
  it('D3-2.3-10 a chart: bucket labels as rows, one column per series, a BOM and CRLF line ends', () => {
    const chart = buildChart({ events: [1, 2, 0], attendance: [30, 45, 0] }, { type: 'bar' })
    const labels: Record<string, string> = { events: 'Events', attendance: 'Attendance' }
    expect(buildCsv(chartCsvRows(chart, 'Month', (key) => labels[key] ?? key))).toBe(
      '\uFEFFMonth,Events,Attendance\r\n2026-01,1,30\r\n2026-02,2,45\r\n2026-03,0,0\r\n',
    )
  })

  it('quotes commas, quotes and line breaks, and defuses text that reads as a formula', () => {
    expect(buildCsv([['Friend, family', 'Say "hi"', '=SUM(A1)', 'two\nlines', -1]])).toBe('\uFEFF"Friend, family","Say ""hi""",\'=SUM(A1),"two\nlines",-1\r\n')
  })

  it('names the file by widget and period', () => {
    expect(csvFileName('contacts', 'this_year')).toBe('reports-contacts-this_year.csv')
    expect(csvFileName('followups')).toBe('reports-followups.csv')
  })
})
