import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * True once the element comes within `margin` of the viewport, and from then on. A report
 * chart is drawn only then: six recharts drawings at once blocked a phone's main thread for
 * over a second (issue 37), most of them below the fold. Printing draws them all (the page
 * prints its charts); where IntersectionObserver is missing the element counts as near at once.
 */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    // Synchronously: the printout is laid out as soon as the handler returns.
    const print = () => flushSync(() => setNear(true))
    window.addEventListener('beforeprint', print)
    return () => {
      observer.disconnect()
      window.removeEventListener('beforeprint', print)
    }
  }, [near, margin])
  return [ref, near] as const
}
