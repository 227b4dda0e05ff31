import { describe, expect, it } from 'vitest'
import { isDomain, isEmail, email } from './email'
import { formatInternational, isPhone, toE164 } from './phone'
import { flag, pagingQuerySchema, personName, requiredPersonName } from './wire'

describe('email (spec 1 §5)', () => {
  it.each([
    ['a@b.co', true],
    ['a@b', false],
    ['a b@c.d', false],
    ['name.surname@church.org.au', true],
  ])('%s → %s', (value, valid) => expect(isEmail(value)).toBe(valid))

  it('is trimmed and lower-cased on the wire', () => {
    expect(email.parse('  Ann@Church.ORG ')).toBe('ann@church.org')
  })
})

describe('domain (spec 1 §5)', () => {
  it.each([
    ['example.com', true],
    ['example.c', false],
    ['example', false],
    ['sub.church.org.au', true],
  ])('%s → %s', (value, valid) => expect(isDomain(value)).toBe(valid))
})

describe('phone (spec 1 §5)', () => {
  it('needs a valid international number; AU by default', () => {
    expect(isPhone('123')).toBe(false)
    expect(isPhone('+61 2 9999 9999')).toBe(true)
    expect(toE164('0412 345 678')).toBe('+61412345678')
    expect(toE164('021 123 4567', 'NZ')).toBe('+64211234567')
    expect(formatInternational('+61412345678')).toBe('+61 412 345 678')
  })

  it('formats each number as itself while it remembers the latest ones', () => {
    // More numbers than it remembers: the oldest are forgotten and formatted again.
    for (let n = 0; n < 25_000; n++) formatInternational(`+6141${String(n).padStart(7, '0')}`)
    expect(formatInternational('+61410000001')).toBe('+61 410 000 001')
    expect(formatInternational('+61410024999')).toBe('+61 410 024 999')
    expect(formatInternational('+6421123456')).toBe('+64 21 123 456')
    expect(formatInternational('not a number')).toBe('not a number')
  })
})

describe('wire fields', () => {
  it('read flags from JSON and form data alike', () => {
    for (const yes of [true, 1, '1', 'true', 'on']) expect(flag.parse(yes)).toBe(true)
    for (const no of [false, 0, '0', 'false', '']) expect(flag.parse(no)).toBe(false)
    expect(flag.safeParse('maybe').success).toBe(false)
  })
  it('page sizes are 4, 20, 50, 100 and 200; the default is 100', () => {
    expect(pagingQuerySchema.parse({})).toMatchObject({ page: 1, per_page: 100 })
    expect(pagingQuerySchema.parse({ per_page: '20', page: '3' })).toMatchObject({ page: 3, per_page: 20 })
    expect(pagingQuerySchema.safeParse({ per_page: 30 }).success).toBe(false)
  })
})

describe('person names', () => {
  it('refuse control and bidirectional-override characters', () => {
    for (const bad of ['Ann\u001b[31m', 'Ann\u0007', 'Ann\u202eevil', 'Ann\u2066x', 'A\tnn', 'Ann\u0085'])
      expect(personName().safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })

  it('keep letters of every script, joiners and apostrophes', () => {
    for (const good of ['Ann', "O'Brien", 'José María', 'می\u200cخواهم', 'Nguyễn', '李']) expect(personName().parse(` ${good} `)).toBe(good)
  })

  it('required names need a character after trimming', () => {
    expect(requiredPersonName().safeParse('   ').success).toBe(false)
    expect(requiredPersonName().parse(' Ann ')).toBe('Ann')
  })
})
