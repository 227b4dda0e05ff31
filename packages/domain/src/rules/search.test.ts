import { describe, expect, it } from 'vitest'
import { likePattern } from './search'

describe('likePattern', () => {
  it('finds the text anywhere and takes %, _ and \\ literally', () => {
    expect(likePattern('ann')).toBe('%ann%')
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
