import { describe, expect, it } from 'vitest'
import { csvCell, csvText } from './csv'

describe('CSV', () => {
  it('defuses a cell a spreadsheet would run as a formula, and quotes what needs quoting', () => {
    expect(['=1+1', '+61 412', '-2', '@SUM(A1)', '\t=1', '\r=1'].map(csvCell)).toEqual(["'=1+1", "'+61 412", "'-2", "'@SUM(A1)", "'\t=1", '"\'\r=1"'])
    expect(['plain', 'a, b', 'say "hi"', 'two\nlines', 'a=b', '', null, undefined, 3, true].map(csvCell)).toEqual([
      'plain',
      '"a, b"',
      '"say ""hi"""',
      '"two\nlines"',
      'a=b',
      '',
      '',
      '',
      '3',
      'true',
    ])
  })

  it('writes a byte order mark, the header and CRLF line ends', () => {
    expect(csvText({ header: ['Name', 'Phone'], rows: [['Ána', '+61 1']] })).toBe("\uFEFFName,Phone\r\nÁna,'+61 1\r\n")
  })
})
