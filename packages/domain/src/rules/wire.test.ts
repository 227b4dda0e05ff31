import { describe, expect, it } from 'vitest'
import { findMalformedText, id, isMalformedText, maxId } from './wire'

describe('ids on the wire', () => {
  it('are positive integers that fit a PostgreSQL integer', () => {
    expect(id.parse('42')).toBe(42)
    expect(id.parse(maxId)).toBe(maxId)
    for (const bad of [maxId + 1, 2 ** 40, '99999999999999999999', 0, -1, 1.5, 'abc']) expect(id.safeParse(bad).success, String(bad)).toBe(false)
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
