import { describe, expect, it } from 'vitest'
import { clampPage, maxPages, pageButtons } from './paging'

describe('page buttons', () => {
  it('show the first 3, the last 3, the current page and its neighbours (spec 1 §9)', () => {
    expect(pageButtons(10, 20)).toEqual([1, 2, 3, null, 9, 10, 11, null, 18, 19, 20])
  })
  it('have no gaps when the pages touch', () => {
    expect(pageButtons(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageButtons(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(pageButtons(1, 1)).toEqual([1])
  })
  it('show the edges and the neighbours near the start and end', () => {
    expect(pageButtons(2, 12)).toEqual([1, 2, 3, null, 10, 11, 12])
    expect(pageButtons(11, 12)).toEqual([1, 2, 3, null, 10, 11, 12])
  })
})

describe('the current page', () => {
  it('defaults to 1 and is reduced to max_pages', () => {
    expect(clampPage(undefined, 5)).toBe(1)
    expect(clampPage(0, 5)).toBe(1)
    expect(clampPage(999, 5)).toBe(5)
    expect(clampPage(3, 5)).toBe(3)
  })
  it('max_pages is at least 1', () => {
    expect(maxPages(0, 100)).toBe(1)
    expect(maxPages(101, 100)).toBe(2)
    expect(maxPages(200, 100)).toBe(2)
  })
})
