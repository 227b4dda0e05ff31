import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formErrorResetMs, formResetMs, formSuccessMs, saveIndicatorStepMs, saveIndicatorSuccessMs } from '@crm/domain'
import { errorText } from './errors'

/**
 * Spec 1 §4, shared by all forms: idle → processing (button disabled) → processed, shown
 * as successful for 1 s → idle 3 s later; or error, reset after about 3 s. The contact's
 * forms use the save indicator's timing instead (spec 2 §4): successful for 1 s, then
 * processed and idle 200 ms apart.
 */
export type SubmissionStatus = 'idle' | 'processing' | 'success' | 'processed' | 'error'

export type SubmissionResult<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface FormSubmissionOptions {
  /**
   * The form's own error text, used when the server's error has no text of the spec; a
   * function reads the failure (a form that can say which fields were refused, or why).
   */
  errorMessage?: string | ((error: unknown) => string | null | undefined)
  /** The success text when the server sends no success_message; default 'Saved'. */
  successMessage?: string
  /** 'saveIndicator': the contact forms' timing (spec 2 §4 "Save indicators"). */
  timing?: 'form' | 'saveIndicator'
}

const timings = {
  form: { successMs: formSuccessMs, resetMs: formResetMs },
  saveIndicator: { successMs: saveIndicatorSuccessMs, resetMs: saveIndicatorStepMs },
} as const

export interface FormSubmission {
  status: SubmissionStatus
  /** The success or error text to show, while there is one. */
  message: string | null
  /** True while the request runs: the submit button is disabled. */
  isProcessing: boolean
  submit: <T>(action: () => Promise<T>) => Promise<SubmissionResult<T>>
  /** Submitting with field errors: 'Please correct the errors to continue.' */
  reportInvalid: () => void
  reset: () => void
}

function successMessageOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'success_message' in value) {
    const message = (value as { success_message?: unknown }).success_message
    if (typeof message === 'string' && message.trim()) return message
  }
  return null
}

export function useFormSubmission(options: FormSubmissionOptions = {}): FormSubmission {
  const { t } = useTranslation()
  const [status, setStatus] = useState<SubmissionStatus>('idle')
  const [message, setMessage] = useState<string | null>(null)
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([])
  const optionsRef = useRef(options)
  useEffect(() => {
    optionsRef.current = options
  })

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer)
    timers.current = []
  }, [])
  useEffect(() => clearTimers, [clearTimers])

  const later = useCallback((ms: number, step: () => void) => {
    timers.current.push(setTimeout(step, ms))
  }, [])

  const reset = useCallback(() => {
    clearTimers()
    setStatus('idle')
    setMessage(null)
  }, [clearTimers])

  const fail = useCallback(
    (text: string) => {
      clearTimers()
      setStatus('error')
      setMessage(text)
      later(formErrorResetMs, () => {
        setStatus('idle')
        setMessage(null)
      })
    },
    [clearTimers, later],
  )

  const submit = useCallback(
    async <T>(action: () => Promise<T>): Promise<SubmissionResult<T>> => {
      clearTimers()
      setStatus('processing')
      setMessage(null)
      try {
        const value = await action()
        setStatus('success')
        setMessage(successMessageOf(value) ?? optionsRef.current.successMessage ?? t('saved'))
        const timing = timings[optionsRef.current.timing ?? 'form']
        later(timing.successMs, () => {
          setStatus('processed')
          setMessage(null)
        })
        later(timing.successMs + timing.resetMs, () => setStatus('idle'))
        return { ok: true, value }
      } catch (error) {
        const own = optionsRef.current.errorMessage
        fail(errorText(error, (typeof own === 'function' ? own(error) : own) ?? undefined))
        return { ok: false, error }
      }
    },
    [clearTimers, fail, later, t],
  )

  const reportInvalid = useCallback(() => fail(t('correctErrors')), [fail, t])

  return { status, message, isProcessing: status === 'processing', submit, reportInvalid, reset }
}
