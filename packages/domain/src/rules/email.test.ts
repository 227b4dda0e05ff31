import { describe, expect, it } from 'vitest'
import { email, normalizeEmail } from './email'

describe('email on the wire (issue #8 item 9)', () => {
  it.each([
    ['  Ann@Church.ORG ', 'ann@church.org'],
    // Full-width letters and the compatibility forms become plain letters (NFKC).
    ['ａｎｎ@ｃｈｕｒｃｈ.ｏｒｇ', 'ann@church.org'],
    ['\u212bngstrom@church.org', '\u00e5ngstrom@church.org'],
    ['ann@church.org\u3000', 'ann@church.org'],
  ])('normalizes %j to %j', (value, expected) => {
    expect(email.parse(value)).toBe(expected)
    expect(normalizeEmail(value)).toBe(expected)
  })

  it.each([
    ['zero-width space', 'ann\u200b@church.org'],
    ['zero-width non-joiner', 'an\u200cn@church.org'],
    ['zero-width joiner', 'ann@chu\u200drch.org'],
    ['word joiner', 'ann@church\u2060.org'],
    ['byte order mark', 'ann@\ufeffchurch.org'],
    ['soft hyphen', 'an\u00adn@church.org'],
    ['left-to-right mark', 'ann@church.org\u200e'],
    ['right-to-left override', 'ann@\u202egro.hcruhc'],
    ['first strong isolate', 'ann@\u2068church.org'],
    ['Arabic letter mark', 'ann\u061c@church.org'],
    ['Mongolian vowel separator', 'ann\u180e@church.org'],
    ['Hangul filler', 'ann\u3164@church.org'],
    ['variation selector', 'ann\ufe0f@church.org'],
    ['escape', 'ann\u001b@church.org'],
    ['bell', 'ann\u0007@church.org'],
    ['NUL', 'ann\u0000@church.org'],
  ])('refuses an address with a %s', (_, value) => {
    const result = email.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]!.message).toBe('Remove the invisible characters')
  })

  it('refuses what is not an address, and more than 254 characters', () => {
    expect(email.safeParse('not-an-email').success).toBe(false)
    expect(email.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false)
    expect(email.safeParse('x'.repeat(5000)).success).toBe(false)
  })
})
