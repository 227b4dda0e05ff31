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
