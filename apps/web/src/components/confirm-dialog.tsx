import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { confirmCloseMs } from '@crm/domain'

export interface ConfirmDialogProps {
  opened: boolean
  title: string
  message: ReactNode
  confirmLabel?: string
  /** Red confirm button, for removals. */
  danger?: boolean
  /**
   * Runs on confirm; the dialog closes 300 ms after it succeeds, at once when it throws. The
   * caller says on its page what failed (spec 3 §8), most through `useActionFailure`.
   */
  onConfirm: () => unknown
  onClose: () => void
  /**
   * A failure the dialog's own fields can put right (a wrong password typed in it): the
   * dialog stays open and the caller says it at the field. Not a generic failure.
   */
  keepsOpenOn?: (error: unknown) => boolean
}

/** Asks before doing something; closes 300 ms after confirming (spec 1 §9), at once on failure. */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger, onConfirm, onClose, keepsOpenOn }: ConfirmDialogProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch (error) {
      // Spec 3 §8: a failure closes the dialog; the page behind it says why.
      setBusy(false)
      if (!keepsOpenOn?.(error)) onClose()
      return
    }
    timer.current = setTimeout(() => {
      setBusy(false)
      onClose()
    }, confirmCloseMs)
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={busy} onClick={() => void confirm()}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
