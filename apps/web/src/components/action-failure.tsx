import { useCallback, useState } from 'react'
import { Alert, type AlertProps } from '@mantine/core'
import { errorText } from '../lib/errors'

/** Turns a failure into the text the page shows (the server's reason, or the caller's own). */
export type DescribeFailure = (error: unknown) => string

export interface ActionFailure {
  /** Why the last confirmed action failed; null while nothing failed. */
  text: string | null
  /**
   * Runs a confirmed action: clears the old failure, and when the action fails keeps its text
   * and rethrows, so the ConfirmDialog closes at once. The text is the server's reason, else
   * the page's own text when `describe` is one, else 'Error'; or what `describe` makes of it.
   */
  attempt: <T>(action: () => Promise<T>, describe?: DescribeFailure | string) => Promise<T>
  /** Forgets the failure (a page that clears it when a dialog opens). */
  clear: () => void
}

/**
 * Spec 3 §8: a failure closes the confirm dialog and the page behind it says why. One state
 * for it, so every page clears and keeps the text alike.
 */
export function useActionFailure(): ActionFailure {
  const [text, setText] = useState<string | null>(null)
  const clear = useCallback(() => setText(null), [])
  const attempt = useCallback(async <T,>(action: () => Promise<T>, describe?: DescribeFailure | string): Promise<T> => {
    setText(null)
    try {
      return await action()
    } catch (error) {
      setText(typeof describe === 'function' ? describe(error) : errorText(error, describe))
      throw error
    }
  }, [])
  return { text, attempt, clear }
}

/** Layout props (mt, py…) of the page's spot; the look and the alert role are the same everywhere. */
export type ActionFailureAlertProps = { failure: Pick<ActionFailure, 'text'> } & Omit<AlertProps, 'children' | 'color' | 'role'>

/** The failure of a confirmed action, announced where the page says it; nothing while none. */
export function ActionFailureAlert({ failure, ...props }: ActionFailureAlertProps) {
  if (!failure.text) return null
  return (
    <Alert {...props} color="red" role="alert">
      {failure.text}
    </Alert>
  )
}
