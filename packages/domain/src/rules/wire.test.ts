import { describe, expect, it } from 'vitest'
import { findMalformedText, id, integer, isMalformedText, maxId, pagingQuerySchema } from './wire'

describe('ids on the wire', () => {
  it('are positive integers that fit a PostgreSQL integer', () => {
    expect(id.parse('42')).toBe(42)
    expect(id.parse(maxId)).toBe(maxId)
    for (const bad of [maxId + 1, 2 ** 40, '99999999999999999999', 0, -1, 1.5, 'abc']) expect(id.safeParse(bad).success, String(bad)).toBe(false)
  })

  it('take a number or a string of digits, never what Number() would also read as one', () => {
    expect(id.parse(12)).toBe(12)
    expect(id.parse('12')).toBe(12)
    // Leading zeros are still digits.
    expect(id.parse('01')).toBe(1)
    const loose = [true, false, [1], ['1'], { valueOf: () => 1 }, '1e3', ' 1', '1 ', '+1', '-1', '0x10', '1.0', '', null, Number.NaN, Infinity]
    for (const bad of loose) {
      const parsed = id.safeParse(bad)
      expect(parsed.success, JSON.stringify(bad)).toBe(false)
      expect(parsed.error?.issues[0]?.message).toBe('Expected a whole number')
    }
    for (const bad of [1.5, -1]) expect(id.safeParse(bad).success, String(bad)).toBe(false)
  })
})

describe('whole numbers on the wire', () => {
  it('hold to their bounds from a number or a string, and refuse the rest', () => {
    const month = integer(1, 12)
    expect(month.parse('07')).toBe(7)
    expect(month.parse(12)).toBe(12)
    for (const bad of [0, '13', true, '1e1', ' 3', 3.5]) expect(month.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    expect(integer(0, 130).parse('0')).toBe(0)
  })

  it('page a list only by numbers or digits', () => {
    expect(pagingQuerySchema.parse({ page: '3', per_page: '50' })).toMatchObject({ page: 3, per_page: 50 })
    expect(pagingQuerySchema.parse({})).toMatchObject({ page: 1 })
    for (const bad of [{ page: true }, { page: '2e1' }, { per_page: [20] }, { per_page: '30' }]) {
      expect(pagingQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

describe('malformed text', () => {
  it('is a NUL or a surrogate without its pair; joined pairs and other text are fine', () => {
    expect(isMalformedText('a\u0000b')).toBe(true)
    expect(isMalformedText('\ud800')).toBe(true)
    expect(isMalformedText('x\udc00y')).toBe(true)
    expect(isMalformedText('\udc00\ud800')).toBe(true)
    expect(isMalformedText('Zoë 😀 \u200d 漢字 \t\n')).toBe(false)
    expect(isMalformedText('')).toBe(false)
  })

  it('is found in any string or key of a request, however deep', () => {
    expect(findMalformedText({ team_id: 1, title: 'ok', tags: ['a', 'b'] })).toBeUndefined()
    expect(findMalformedText({ title: 'a\u0000' })).toBe('title')
    expect(findMalformedText({ names: [{ first: 'ok' }, { first: '\ud83d' }] })).toBe('names.1.first')
    expect(findMalformedText({ ['bad\u0000key']: 1 })).toBe('bad\u0000key')
    expect(findMalformedText('\u0000')).toBe('_')
    let deep: unknown = '\u0000'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(findMalformedText(deep)).toMatch(/^0(\.0)*$/)
  })
})
