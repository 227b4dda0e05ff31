import { describe, expect, it } from 'vitest'
import { ageFrom, birthMonthIndex, birthMonthRange, dobOf, isChild, isSocialLink, isSourceRequired } from './contacts'
import { contactFieldsSchema } from '../calls/contact-fields'

const today = new Date(2026, 10, 20) // 20 November 2026

describe('age from a birth year and month', () => {
  it('counts whole years, the birthday month included', () => {
    expect(ageFrom(2000, 11, today)).toBe(26)
    expect(ageFrom(2000, 12, today)).toBe(25)
    expect(ageFrom(2025, 11, today)).toBe(1)
    expect(ageFrom(undefined, 5, today)).toBeUndefined()
  })
  it('makes a 17 year 11 month old a child, and an 18 year old not (spec 2 §5)', () => {
    expect(isChild(ageFrom(2008, 12, today))).toBe(true)
    expect(isChild(ageFrom(2008, 11, today))).toBe(false)
  })
})

describe('age bands', () => {
  it('hold exactly the birth months of their ages', () => {
    for (const [band, ages] of [
      ['0-12', [0, 12]],
      ['13-21', [13, 21]],
      ['22-40', [22, 40]],
      ['41-65', [41, 65]],
    ] as const) {
      const { from, to } = birthMonthRange(band, today)
      for (let year = 1900; year <= 2026; year++) {
        for (let month = 1; month <= 12; month++) {
          const index = birthMonthIndex(year, month)
          const age = ageFrom(year, month, today)!
          if (index > birthMonthIndex(2026, 11)) continue
          expect(index >= from && index <= to, `${band} ${year}-${month} age ${age}`).toBe(age >= ages[0] && age <= ages[1])
        }
      }
    }
  })
})

describe('source', () => {
  it('is required for the listed member statuses only', () => {
    expect(isSourceRequired('lead-visited')).toBe(true)
    expect(isSourceRequired('member')).toBe(false)
  })
})

describe('social links (issue 8 item 9)', () => {
  it('are http(s) links on the network’s own sites, www. and m. included', () => {
    const table: Array<[Parameters<typeof isSocialLink>[0], string, boolean]> = [
      ['facebook', 'https://facebook.com/ann', true],
      ['facebook', 'https://www.facebook.com/ann', true],
      ['facebook', 'http://m.facebook.com/ann', true],
      ['facebook', 'https://fb.com/ann', true],
      ['instagram', 'https://www.instagram.com/ann', true],
      ['linkedin', 'https://www.linkedin.com/in/ann', true],
      ['twitter', 'https://x.com/ann', true],
      ['twitter', 'https://twitter.com/ann', true],
      ['youtube', 'https://youtu.be/abc', true],
      ['youtube', 'https://m.youtube.com/@ann', true],
      ['facebook', 'javascript:alert(1)', false],
      ['facebook', 'JavaScript://facebook.com/%0aalert(1)', false],
      ['facebook', 'data:text/html,<script>alert(1)</script>', false],
      ['facebook', 'vbscript:msgbox(1)', false],
      ['facebook', 'ftp://facebook.com/ann', false],
      ['facebook', 'https://facebook.com.evil.example/ann', false],
      ['facebook', 'https://evilfacebook.com/ann', false],
      ['facebook', 'https://facebook.com@evil.example/', false],
      ['facebook', 'https://user:pw@facebook.com/', false],
      ['facebook', 'https://instagram.com/ann', false],
      ['twitter', 'https://api.x.com/ann', false],
      ['facebook', 'facebook.com/ann', false],
      ['facebook', '', false],
    ]
    for (const [network, url, ok] of table) expect(isSocialLink(network, url), `${network} ${url}`).toBe(ok)
  })

  it('are checked by the contract, where an empty link clears one', () => {
    const social = contactFieldsSchema.shape.social
    expect(social.safeParse({ facebook: 'https://facebook.com/ann', twitter: '' }).data).toEqual({ facebook: 'https://facebook.com/ann', twitter: null })
    const refused = social.safeParse({ facebook: 'javascript:alert(1)' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['facebook'])
  })
})

describe('contact names (issue 8 item 9)', () => {
  it('refuse control and bidi-override characters in the contact’s and the parent’s names', () => {
    for (const field of ['first_name', 'last_name', 'parent_carer_first_name', 'parent_carer_last_name'] as const) {
      const schema = contactFieldsSchema.shape[field]
      expect(schema.safeParse('Ann').success, field).toBe(true)
      expect(schema.safeParse('An\u001bn').success, field).toBe(false)
      expect(schema.safeParse('An\u0007n').success, field).toBe(false)
      expect(schema.safeParse('\u202eAnn').success, field).toBe(false)
    }
  })
})

describe('dob (spec 2 §3)', () => {
  it('is "YYYY-MM", "YYYY" with a year alone, or null', () => {
    expect(dobOf(1990, 3)).toBe('1990-03')
    expect(dobOf(2011, 12)).toBe('2011-12')
    expect(dobOf(1990, null)).toBe('1990')
    expect(dobOf(null, 3)).toBeNull()
    expect(dobOf(null, null)).toBeNull()
  })
})
