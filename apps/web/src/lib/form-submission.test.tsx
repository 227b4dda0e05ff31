import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { formErrorResetMs, formResetMs, formSuccessMs } from '@crm/domain'
import { TestProviders } from '../test/wrapper'
import { ApiError } from './api'
import { useFormSubmission, type FormSubmissionOptions } from './form-submission'

function setup(options?: FormSubmissionOptions) {
  return renderHook(() => useFormSubmission(options), { wrapper: TestProviders })
}

// The fake clock moves inside act; the braces give act's synchronous form (a callback that
// returns a value would be its async one, a promise to await).
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useFormSubmission (spec 1 §4)', () => {
  it('goes idle → processing → successful for 1 s → processed → idle 3 s later', async () => {
    const { result } = setup()
    expect(result.current.status).toBe('idle')
    const request = deferred<{ id: number }>()
    let submitted: Promise<unknown> = Promise.resolve()
    act(() => {
      submitted = result.current.submit(() => request.promise)
    })
    expect(result.current.status).toBe('processing')
    expect(result.current.isProcessing).toBe(true)

    await act(async () => {
      request.resolve({ id: 1 })
      await submitted
    })
    expect(result.current.status).toBe('success')
    expect(result.current.message).toBe('Saved')
    expect(result.current.isProcessing).toBe(false)

    advance(formSuccessMs - 1)
    expect(result.current.status).toBe('success')
    advance(1)
    expect(result.current.status).toBe('processed')
    expect(result.current.message).toBeNull()

    advance(formResetMs - 1)
    expect(result.current.status).toBe('processed')
    advance(1)
    expect(result.current.status).toBe('idle')
  })

  it('D2-4.9-01 a contact form shows success for 1000 ms, then processed and idle 200 ms apart', async () => {
    const { result } = setup({ timing: 'saveIndicator' })
    await act(() => result.current.submit(() => Promise.resolve({ id: 1 })))
    expect(result.current.status).toBe('success')
    advance(999)
    expect(result.current.status).toBe('success')
    advance(1)
    expect(result.current.status).toBe('processed')
    expect(result.current.message).toBeNull()
    advance(199)
    expect(result.current.status).toBe('processed')
    advance(1)
    expect(result.current.status).toBe('idle')
  })

  it("shows the server's success_message when it sends one", async () => {
    const { result } = setup()
    await act(() => result.current.submit(() => Promise.resolve({ id: 1, success_message: 'Group added.' })))
    expect(result.current.message).toBe('Group added.')
  })

  it('shows the text of a spec error code, then resets after about 3 s', async () => {
    const { result } = setup({ errorMessage: 'Could not save the group.' })
    let outcome: unknown
    await act(async () => {
      outcome = await result.current.submit(() => Promise.reject(new ApiError('email_exists', 409, 'email_exists')))
    })
    expect(outcome).toMatchObject({ ok: false })
    expect(result.current.status).toBe('error')
    expect(result.current.message).toBe('A user with this email already exists')
    advance(formErrorResetMs)
    expect(result.current.status).toBe('idle')
    expect(result.current.message).toBeNull()
  })

  it("shows the form's own message for an error without a spec text, else 'Error'", async () => {
    const withMessage = setup({ errorMessage: 'Could not save the group.' }).result
    await act(() => withMessage.current.submit(() => Promise.reject(new ApiError('internal_error', 500, 'boom'))))
    expect(withMessage.current.message).toBe('Could not save the group.')

    const plain = setup().result
    await act(() => plain.current.submit(() => Promise.reject(new Error('offline'))))
    expect(plain.current.message).toBe('Error')
  })

  it("reads the form's message from the failure when given a function; nothing from it falls back to 'Error'", async () => {
    const byCode = (error: unknown) => (error instanceof ApiError && error.code === 'invalid_request' ? 'Check the marked fields.' : null)
    const { result } = setup({ errorMessage: byCode })
    await act(() => result.current.submit(() => Promise.reject(new ApiError('invalid_request', 400, 'invalid'))))
    expect(result.current.message).toBe('Check the marked fields.')
    await act(() => result.current.submit(() => Promise.reject(new ApiError('internal_error', 500, 'boom'))))
    expect(result.current.message).toBe('Error')
  })
  it("says 'Please correct the errors to continue.' when submitted with field errors", () => {
    const { result } = setup()
    act(() => result.current.reportInvalid())
    expect(result.current.status).toBe('error')
    expect(result.current.message).toBe('Please correct the errors to continue.')
  })

  it('restarts the timings on a new submission', async () => {
    const { result } = setup()
    await act(() => result.current.submit(() => Promise.resolve({})))
    advance(formSuccessMs + 100)
    await act(() => result.current.submit(() => Promise.resolve({})))
    advance(formResetMs)
    // The first submission's reset timer would have fired by now.
    expect(result.current.status).toBe('processed')
  })
})
