import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupUser } from '../test/user'
import { confirmCloseMs } from '@crm/domain'
import { TestProviders } from '../test/wrapper'
import { ConfirmDialog } from './confirm-dialog'

afterEach(() => vi.useRealTimers())

/** A button that opens the dialog, as the pages have. */
function RemoveButton({ onConfirm }: { onConfirm: () => unknown }) {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Remove Tom
      </button>
      <ConfirmDialog opened={opened} title="Remove" message="Remove Tom?" confirmLabel="Remove" danger onConfirm={onConfirm} onClose={() => setOpened(false)} />
    </>
  )
}

describe('ConfirmDialog', () => {
  it('closes 300 ms after confirming (D1-9-09)', async () => {
    vi.useFakeTimers()
    const user = userEvent.setup({ delay: null })
    const onConfirm = vi.fn()
    const onClose = vi.fn()
    render(<ConfirmDialog opened title="Archive contact" message="Archive Tom?" onConfirm={onConfirm} onClose={onClose} />, { wrapper: TestProviders })
    expect(screen.getByRole('dialog', { name: 'Archive contact' })).toHaveTextContent('Archive Tom?')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(confirmCloseMs - 1))
    expect(onClose).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes at once when confirming fails, without the 300 ms wait (D3-8-01)', async () => {
    vi.useFakeTimers()
    const user = userEvent.setup({ delay: null })
    const onClose = vi.fn()
    render(<ConfirmDialog opened title="Remove" message="Remove?" onConfirm={() => Promise.reject(new Error('no'))} onClose={onClose} />, {
      wrapper: TestProviders,
    })
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('a failed confirmation leaves the dialog gone and the focus on the button that opened it (D3-8-01)', async () => {
    const user = setupUser()
    render(<RemoveButton onConfirm={() => Promise.reject(new Error('no'))} />, { wrapper: TestProviders })
    await user.click(screen.getByRole('button', { name: 'Remove Tom' }))
    expect(screen.getByRole('dialog', { name: 'Remove' })).toHaveTextContent('Remove Tom?')
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The dialog shows no error of its own any more: the page says what failed.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Tom' })).toHaveFocus())
  })

  it('stays open on a failure its own fields can put right (keepsOpenOn), and closes on any other', async () => {
    const user = setupUser()
    const onClose = vi.fn()
    const failures = [new Error('wrong password'), new Error('server down')]
    const onConfirm = vi.fn(() => Promise.reject(failures.shift()!))
    render(
      <ConfirmDialog
        opened
        title="Remove"
        message="Remove?"
        onConfirm={onConfirm}
        keepsOpenOn={(error) => error instanceof Error && error.message === 'wrong password'}
        onClose={onClose}
      />,
      { wrapper: TestProviders },
    )
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(onConfirm).toHaveBeenCalledTimes(2)
  })

  it('Cancel closes it without confirming', async () => {
    const user = setupUser()
    const onConfirm = vi.fn()
    render(<RemoveButton onConfirm={onConfirm} />, { wrapper: TestProviders })
    await user.click(screen.getByRole('button', { name: 'Remove Tom' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('its close button is named, as a screen reader announces it (issue 37: axe button-name)', async () => {
    const user = setupUser()
    const onConfirm = vi.fn()
    render(<RemoveButton onConfirm={onConfirm} />, { wrapper: TestProviders })
    await user.click(screen.getByRole('button', { name: 'Remove Tom' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
