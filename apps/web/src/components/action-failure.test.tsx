import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { setupUser } from '../test/user'
import { TestProviders } from '../test/wrapper'
import { ApiError } from '../lib/api'
import { ActionFailureAlert, useActionFailure, type DescribeFailure } from './action-failure'
import { ConfirmDialog } from './confirm-dialog'

/** A page with a Remove button behind a confirmation, saying above it why the removal failed. */
function RemovePage({ onRemove, describe }: { onRemove: () => Promise<unknown>; describe?: DescribeFailure | string }) {
  const [opened, setOpened] = useState(false)
  const failure = useActionFailure()
  return (
    <>
      <ActionFailureAlert failure={failure} />
      <button
        type="button"
        onClick={() => {
          failure.clear()
          setOpened(true)
        }}
      >
        Remove Tom
      </button>
      <button type="button" onClick={() => void failure.attempt(onRemove, describe).catch(() => undefined)}>
        Remove Tom now
      </button>
      <ConfirmDialog
        opened={opened}
        title="Remove"
        message="Remove Tom?"
        confirmLabel="Remove"
        danger
        onConfirm={() => failure.attempt(onRemove, describe)}
        onClose={() => setOpened(false)}
      />
    </>
  )
}

const emailExists = () => new ApiError('email_exists', 409, 'email_exists')

async function confirmRemove(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Remove Tom' }))
  await user.click(screen.getByRole('button', { name: 'Remove' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
}

describe('useActionFailure and ActionFailureAlert', () => {
  it("a failed confirmation closes the dialog and the page says the server's reason (D3-8-01)", async () => {
    const user = setupUser()
    render(<RemovePage onRemove={() => Promise.reject(emailExists())} />, { wrapper: TestProviders })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await confirmRemove(user)
    expect(screen.getByRole('alert')).toHaveTextContent('A user with this email already exists')
  })

  it("says the caller's own text for a failure without the server's reason, else 'Error'", async () => {
    const user = setupUser()
    const { unmount } = render(<RemovePage onRemove={() => Promise.reject(new ApiError('internal_error', 500, 'boom'))} describe="Could not remove Tom." />, {
      wrapper: TestProviders,
    })
    await confirmRemove(user)
    expect(screen.getByRole('alert')).toHaveTextContent('Could not remove Tom.')
    unmount()

    render(<RemovePage onRemove={() => Promise.reject(new Error('offline'))} />, { wrapper: TestProviders })
    await confirmRemove(user)
    expect(screen.getByRole('alert')).toHaveTextContent(/^Error$/)
  })

  it('a later success clears the failure', async () => {
    const user = setupUser()
    const onRemove = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(emailExists()).mockResolvedValueOnce(undefined)
    render(<RemovePage onRemove={onRemove} />, { wrapper: TestProviders })
    await user.click(screen.getByRole('button', { name: 'Remove Tom now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists')
    await user.click(screen.getByRole('button', { name: 'Remove Tom now' }))
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(onRemove).toHaveBeenCalledTimes(2)
  })

  it('clear() forgets the failure when the dialog opens again', async () => {
    const user = setupUser()
    render(<RemovePage onRemove={() => Promise.reject(emailExists())} />, { wrapper: TestProviders })
    await confirmRemove(user)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove Tom' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("attempt gives the action's value, and rethrows its failure as it came", async () => {
    const { result } = renderHook(() => useActionFailure(), { wrapper: TestProviders })
    let value: unknown
    await act(async () => {
      value = await result.current.attempt(() => Promise.resolve(42))
    })
    expect(value).toBe(42)
    expect(result.current.text).toBeNull()

    const failure = emailExists()
    let thrown: unknown
    await act(async () => {
      thrown = await result.current.attempt(() => Promise.reject(failure)).catch((error: unknown) => error)
    })
    expect(thrown).toBe(failure)
    expect(result.current.text).toBe('A user with this email already exists')
  })

  it('keeps the layout props of its spot on the page', () => {
    render(<ActionFailureAlert failure={{ text: 'Error' }} py={6} data-testid="failure" />, { wrapper: TestProviders })
    expect(screen.getByRole('alert')).toHaveTextContent('Error')
    expect(screen.getByTestId('failure')).toBe(screen.getByRole('alert'))
  })
})
