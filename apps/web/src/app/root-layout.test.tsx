import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { pageTransitionMs } from '@crm/domain'
import { TestProviders } from '../test/wrapper'
import { setupUser } from '../test/user'
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

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

describe('page transitions (spec 1 §9: 400 ms)', () => {
  it('D1-9-02 shows the loading bar only once a page has taken the 400 ms transition delay, and hides it when the page arrives', async () => {
    const user = setupUser()
    const { arrive } = renderWithSlowPage()
    await user.click(screen.getByRole('link', { name: 'Slow page' }))
    await wait(pageTransitionMs - 150)
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Slow page' })).toBeInTheDocument()
    await wait(300)
    expect(screen.getByTestId('page-loading')).toBeInTheDocument()
    await act(async () => arrive())
    expect(await screen.findByText('Slow page loaded')).toBeInTheDocument()
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
  })

  it('D1-9-02 shows no loading bar when the page arrives within the delay', async () => {
    const user = setupUser()
    const { arrive } = renderWithSlowPage()
    await user.click(screen.getByRole('link', { name: 'Slow page' }))
    await wait(100)
    await act(async () => arrive())
    expect(await screen.findByText('Slow page loaded')).toBeInTheDocument()
    await wait(pageTransitionMs)
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
  })
})
