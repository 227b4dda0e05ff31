import { useEffect, type RefObject } from 'react'
import type { ConsentEmbedMessage } from '@crm/domain'

/** Posts a message of the embedded page to the app around it, to its own origin only (spec 2 §4.2). */
export function postToParent(message: ConsentEmbedMessage): void {
  // Not framed, window.parent is the page itself, which does not listen: no harm.
  window.parent.postMessage(message, window.location.origin)
}

/**
 * In embed mode, reports the content's height to the app around it once it shows and on
 * every resize, so the frame fits the form (the app adds consentEmbedExtraHeight).
 */
export function useEmbedHeight(enabled: boolean, content: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = content.current
    if (!enabled || !element) return
    let last = -1
    const report = () => {
      const height = Math.min(100_000, Math.ceil(element.getBoundingClientRect().height))
      if (height === last) return
      last = height
      postToParent({ type: 'consent-embed-height', height })
    }
    report()
    const observer = new ResizeObserver(report)
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, content])
}
