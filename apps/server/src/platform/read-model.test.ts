import { describe, expect, it } from 'vitest'
import { searchTextOf, sortNameOf } from './read-model'

describe('the contacts read model', () => {
  it('searches names, email and the phone as people write it', () => {
    const text = searchTextOf({ first_name: 'Ann', last_name: 'Lee', email: 'Ann.Lee@Church.org', phone: '+61412345678' })
    expect(text).toBe('ann lee ann.lee@church.org 61412345678 0412345678')
  })
  it('sorts by first and last name, lower-cased', () => {
    expect(sortNameOf({ first_name: 'Zoë', last_name: 'Adams' })).toBe('zoë adams')
  })
})
