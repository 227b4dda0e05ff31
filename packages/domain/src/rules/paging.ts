import { pageButtonsAtEdges } from '../constants'

/** Number of pages for `count` rows at `perPage` a page; at least 1. */
export function maxPages(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage))
}

/** The page to show: 1 by default, and never above max_pages (spec 1 §9). */
export function clampPage(page: number | undefined, pages: number): number {
  if (!page || !Number.isFinite(page) || page < 1) return 1
  return Math.min(Math.floor(page), Math.max(1, pages))
}

/**
 * Page buttons: the first 3, the last 3, the current page and its neighbours, in order,
 * with `null` standing for a gap. 20 pages at page 10 gives 1 2 3 … 9 10 11 … 18 19 20.
 */
export function pageButtons(current: number, pages: number): Array<number | null> {
  const shown = new Set<number>()
  for (let p = 1; p <= Math.min(pageButtonsAtEdges, pages); p++) shown.add(p)
  for (let p = Math.max(1, pages - pageButtonsAtEdges + 1); p <= pages; p++) shown.add(p)
  for (let p = current - 1; p <= current + 1; p++) if (p >= 1 && p <= pages) shown.add(p)
  const sorted = [...shown].sort((a, b) => a - b)
  const buttons: Array<number | null> = []
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1]
    if (previous !== undefined && page - previous > 1) buttons.push(null)
    buttons.push(page)
  })
  return buttons
}

/** The offset of a page; pages past the end are served as the last page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage
}

/**
 * How far a filtered list counts exactly (issue 11): ten pages past the page asked for, and
 * at least 1,000 rows. Counting every match costs what the tenant holds; counting up to a
 * bound costs the same at 20,000 contacts and at 1,000,000. A list asked for a page beyond
 * the bound (the pager's "last" asks for the largest page) counts that far, so its count
 * becomes exact and the page is served or reduced as usual.
 */
export const minCountBound = 1000
export const countBoundPagesAhead = 10

export function countBound(page: number, perPage: number): number {
  return Math.max(minCountBound, (page + countBoundPagesAhead) * perPage)
}

/**
 * A list's count and pages from a count that may have stopped at its bound: `counted` is
 * what a `limit bound + 1` count found. Over the bound, `count` is the bound, a lower bound
 * the answer flags with count_is_lower_bound (the pager then offers the pages it knows and
 * a way on), and max_pages covers the bound.
 */
export function boundedListCount(counted: number, bound: number, perPage: number): { count: number; max_pages: number; count_is_lower_bound?: true } {
  if (counted <= bound) return { count: counted, max_pages: maxPages(counted, perPage) }
  return { count: bound, max_pages: maxPages(bound, perPage), count_is_lower_bound: true }
}

/**
 * Where a page of a list with an exact count is read from. A page in the second half is
 * read from the end, in the opposite order, so the last page walks per_page index entries
 * instead of the whole list: a deep page costs what the distance to the nearer end costs.
 * `fromEnd` pages come back reversed; the caller orders them again.
 */
export function pageSlice(page: number, perPage: number, count: number): { offset: number; limit: number; fromEnd: boolean } {
  const offset = pageOffset(page, perPage)
  if (offset >= count || offset + perPage / 2 <= count / 2) return { offset, limit: perPage, fromEnd: false }
  const limit = Math.min(perPage, count - offset)
  return { offset: count - offset - limit, limit, fromEnd: true }
}
