import { describe, expect, it } from 'vitest'
import { boundedListCount, clampPage, countBound, maxPages, pageButtons, pageSlice } from './paging'

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

describe('counting a filtered list up to a bound (issue 11)', () => {
  it('counts ten pages past the page asked for, and at least 1,000 rows', () => {
    expect(countBound(1, 100)).toBe(1100)
    expect(countBound(1, 4)).toBe(1000)
    expect(countBound(500, 200)).toBe(102_000)
  })
  it('is exact up to the bound, then a lower bound with the pages it covers', () => {
    expect(boundedListCount(1100, 1100, 100)).toEqual({ count: 1100, max_pages: 11 })
    expect(boundedListCount(1101, 1100, 100)).toEqual({ count: 1100, max_pages: 11, count_is_lower_bound: true })
    expect(boundedListCount(0, 1000, 100)).toEqual({ count: 0, max_pages: 1 })
  })
})

describe('where a page is read from', () => {
  it('reads the first half from the start', () => {
    expect(pageSlice(1, 100, 950)).toEqual({ offset: 0, limit: 100, fromEnd: false })
    expect(pageSlice(5, 100, 950)).toEqual({ offset: 400, limit: 100, fromEnd: false })
  })
  it('reads the second half from the end: the last page is as near as the first', () => {
    expect(pageSlice(10, 100, 950)).toEqual({ offset: 0, limit: 50, fromEnd: true })
    expect(pageSlice(9, 100, 950)).toEqual({ offset: 50, limit: 100, fromEnd: true })
    expect(pageSlice(3, 4, 10)).toEqual({ offset: 0, limit: 2, fromEnd: true })
  })
  it('leaves a page past the end empty', () => {
    expect(pageSlice(4, 4, 10)).toEqual({ offset: 12, limit: 4, fromEnd: false })
    expect(pageSlice(2, 100, 0)).toEqual({ offset: 100, limit: 100, fromEnd: false })
  })
})
