import { useEffect, useState } from 'react'
import { searchDebounceMs } from '@crm/domain'

/** The value, once it has stopped changing for `delay` ms (400 ms for search and suggestions). */
export function useDebouncedValue<T>(value: T, delay: number = searchDebounceMs): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}
