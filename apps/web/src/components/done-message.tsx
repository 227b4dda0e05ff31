import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, type AlertProps } from '@mantine/core'

export type DoneMessageProps = {
  /** What the action did; nothing is shown while it is null, false or ''. */
  message: ReactNode
  onClose: () => void
} & Omit<AlertProps, 'children' | 'color' | 'role' | 'title' | 'withCloseButton' | 'closeButtonLabel' | 'onClose'>

/**
 * What an action just did (a pair dismissed, a contact kept, a merge undone), closable. The
 * polite live region stays in the page, so the message is announced when it appears; beside
 * it ActionFailureAlert says why one did not work.
 */
export function DoneMessage({ message, onClose, ...props }: DoneMessageProps) {
  const { t } = useTranslation('common')
  return (
    <div aria-live="polite">
      {message ? (
        <Alert role="status" color="teal" withCloseButton closeButtonLabel={t('close')} onClose={onClose} {...props}>
          {message}
        </Alert>
      ) : null}
    </div>
  )
}
