import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupUser } from '../test/user'
import { confirmCloseMs } from '@crm/domain'
import { TestProviders } from '../test/wrapper'
import { ConfirmDialog } from './confirm-dialog'

afterEach(() => vi.useRealTimers())

describe('ConfirmDialog', () => {
  it('closes 300 ms after confirming (D1-9-09)', async () => {
    vi.useFakeTimers()
    const user = userEvent.setup({ delay: null })
    const onConfirm = vi.fn()
    const onClose = vi.fn()
    render(
      <ConfirmDialog opened title="Archive contact" message="Archive Tom?" onConfirm={onConfirm} onClose={onClose} />,
      { wrapper: TestProviders },
    )
    expect(screen.getByRole('dialog', { name: 'Archive contact' })).toHaveTextContent('Archive Tom?')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(confirmCloseMs - 1))
    expect(onClose).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('stays open when confirming fails, and Cancel closes it', async () => {
    const user = setupUser()
    const onClose = vi.fn()
    render(
      <ConfirmDialog
        opened
        title="Remove"
        message="Remove?"
        confirmLabel="Remove"
        danger
        onConfirm={() => Promise.reject(new Error('no'))}
        onClose={onClose}
      />,
      { wrapper: TestProviders },
    )
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await new Promise((resolve) => setTimeout(resolve, confirmCloseMs + 50))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('shows what failed inside the dialog, where the person is looking', () => {
    const { rerender } = render(<ConfirmDialog opened title="Remove" message="Remove?" onConfirm={() => {}} onClose={() => {}} />, {
      wrapper: TestProviders,
    })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    rerender(<ConfirmDialog opened title="Remove" message="Remove?" onConfirm={() => {}} onClose={() => {}} error="Error" />)
    expect(within(screen.getByRole('dialog', { name: 'Remove' })).getByRole('alert')).toHaveTextContent('Error')
  })
})
