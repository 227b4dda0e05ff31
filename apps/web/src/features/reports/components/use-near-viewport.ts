import { useEffect, useRef, useState } from 'react'

/**
 * True once the element comes within `margin` of the viewport, and from then on. A report
 * chart is drawn only then: six recharts drawings at once blocked a phone's main thread for
 * over a second (issue 37), most of them below the fold. Where IntersectionObserver is missing
 * the element counts as near at once.
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
    return () => observer.disconnect()
  }, [near, margin])
  return [ref, near] as const
}
