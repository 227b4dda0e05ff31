import { startTransition, useCallback, useEffect, useState, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'

// What every long list (a page of up to 100 rows) uses so that showing it never blocks the
// page: rows appear in steps on first show, and row links are plain anchors.

/** Rows shown by the first step; enough to fill a 1280 × 800 screen and more. */
const firstStep = 25

/**
 * How many of `total` rows to render: the first step at once, then one more step per task
 * at low priority, so that a page of 100 rows is several short tasks, not one long one.
 * Once every row has shown, later answers (paging, sorting) render whole.
 */
export function useRevealedRows(total: number): number {
  const [revealed, setRevealed] = useState(firstStep)
  const done = revealed >= total
  useEffect(() => {
    if (done) return
    const timer = setTimeout(() => startTransition(() => setRevealed((shown) => shown + firstStep)), 0)
    return () => clearTimeout(timer)
  }, [done, revealed])
  return Math.min(total, revealed)
}

/** Marks an anchor whose plain clicks the list's container routes in the app (routeLinkClicks). */
export const routeLinkAttribute = 'data-route-link'

/**
 * One click handler for a whole list: a plain click on a row's in-app link navigates in the
 * app, as react-router's Link would, without a Link (and its hooks) per row. A click with a
 * modifier key or another button keeps the browser's own behaviour (a new tab, say).
 */
export function useRouteLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate()
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = (event.target as Element).closest?.(`a[${routeLinkAttribute}]`)
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return
      event.preventDefault()
      void navigate(anchor.getAttribute('href') ?? '/')
    },
    [navigate],
  )
}
