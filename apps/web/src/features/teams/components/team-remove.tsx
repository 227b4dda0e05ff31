import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Stack } from '@mantine/core'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { errorText } from '../../../lib/errors'

/** The Remove button of a team or group edit form, with its warning (spec 3 §2.4, §6). */
export function TeamRemove({ warning, onRemove }: { warning: string; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('team')
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <Stack gap="sm" maw={720} mt="xl">
      <Alert color="red" variant="light" title={t('remove.title')}>
        {warning}
      </Alert>
      <div>
        <Button
          color="red"
          onClick={() => {
            setError(null)
            setConfirming(true)
          }}
        >
          {t('remove.button')}
        </Button>
      </div>
      {/* A failed removal closes the dialog; this says why (spec 3 §8). */}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('remove.title')}
        message={warning}
        confirmLabel={t('remove.button')}
        danger
        onConfirm={async () => {
          setError(null)
          try {
            await onRemove()
          } catch (failure) {
            setError(errorText(failure))
            throw failure
          }
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  )
}
