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
  /** Runs on confirm; the dialog closes 300 ms after it succeeds. */
  onConfirm: () => unknown
  onClose: () => void
  /** What failed, shown in the dialog: it stays open over the page that also says so. */
  error?: string | null
}

/** Asks before doing something; closes 300 ms after confirming (spec 1 §9). */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger, onConfirm, onClose, error }: ConfirmDialogProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      timer.current = setTimeout(() => {
        setBusy(false)
        onClose()
      }, confirmCloseMs)
    } catch {
      // The caller shows what failed; the dialog stays open for another try.
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {error && (
          <Text size="sm" c="red.8" fw={500} role="alert">
            {error}
          </Text>
        )}
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
