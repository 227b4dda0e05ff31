import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { pageTransitionMs } from '@crm/domain'
import { TestProviders } from '../test/wrapper'
import { RootLayout } from './root-layout'

/** The root layout over two pages; the second's chunk arrives when the test says so. */
function renderWithSlowPage() {
  let arrive: () => void = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const router = createMemoryRouter([
    {
      path: '/',
      element: <RootLayout />,
      children: [
        { index: true, element: <Link to="/slow">Slow page</Link> },
        { path: 'slow', lazy: () => arrived.then(() => ({ Component: () => <p>Slow page loaded</p> })) },
      ],
    },
  ])
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return { arrive }
}

/** Moves the test's clock on (timers only), letting the promises that wake settle. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('page transitions (spec 1 §9: 400 ms)', () => {
  // The delay is timed on a test clock, so the test waits for nothing in real time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('D1-9-02 shows the loading bar only once a page has taken the 400 ms transition delay, and hides it when the page arrives', async () => {
    const { arrive } = renderWithSlowPage()
    fireEvent.click(screen.getByRole('link', { name: 'Slow page' }))
    await wait(pageTransitionMs - 1)
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Slow page' })).toBeInTheDocument()
    await wait(1)
    expect(screen.getByTestId('page-loading')).toBeInTheDocument()
    arrive()
    await wait(0)
    expect(screen.getByText('Slow page loaded')).toBeInTheDocument()
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
  })

  it('D1-9-02 shows no loading bar when the page arrives within the delay', async () => {
    const { arrive } = renderWithSlowPage()
    fireEvent.click(screen.getByRole('link', { name: 'Slow page' }))
    await wait(100)
    arrive()
    await wait(0)
    expect(screen.getByText('Slow page loaded')).toBeInTheDocument()
    await wait(pageTransitionMs)
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
  })
})
