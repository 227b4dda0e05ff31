import { describe, expect, it } from 'vitest'
import { ratePassword } from './password'

describe('password strength (spec 1 §5)', () => {
  it('rates anything under 12 characters Weak and refuses it', () => {
    expect(ratePassword('Xq7#pL2!vB9')).toMatchObject({ rating: 'Weak', acceptable: false })
  })
  it('refuses common and guessable passwords of any length', () => {
    expect(ratePassword('password1234').acceptable).toBe(false)
    expect(ratePassword('aaaaaaaaaaaaaaaa').acceptable).toBe(false)
  })
  it('accepts a long passphrase', () => {
    const strength = ratePassword('correct horse battery staple')
    expect(strength.acceptable).toBe(true)
    expect(['Good', 'Strong']).toContain(strength.rating)
  })
  it("counts the person's own name and email against the password", () => {
    const inputs = ['grace', 'hopper', 'grace.hopper@church.org']
    expect(ratePassword('gracehopper2026!', inputs).score).toBeLessThan(ratePassword('gracehopper2026!').score)
  })
})
