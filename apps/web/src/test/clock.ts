import { onTestFinished, vi } from 'vitest'

/**
 * Stops the clock at a moment for the rest of the test: `new Date()` and `Date.now()` answer
 * it, so "today" cannot turn into tomorrow between a page's render and the test's check. Only
 * Date is faked: timers, and so user-event, waitFor and React, run as usual.
 */
export function pinClock(at: Date): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at)
  onTestFinished(() => {
    vi.useRealTimers()
  })
}
