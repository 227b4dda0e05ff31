import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Stack } from '@mantine/core'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'

/** The Remove button of a team or group edit form, with its warning (spec 3 §2.4, §6). */
export function TeamRemove({ warning, onRemove }: { warning: string; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('team')
  const [confirming, setConfirming] = useState(false)
  const failure = useActionFailure()
  return (
    <Stack gap="sm" maw={720} mt="xl">
      <Alert color="red" variant="light" title={t('remove.title')}>
        {warning}
      </Alert>
      <div>
        <Button
          color="red"
          onClick={() => {
            failure.clear()
            setConfirming(true)
          }}
        >
          {t('remove.button')}
        </Button>
      </div>
      {/* A failed removal closes the dialog; this says why (spec 3 §8). */}
      <ActionFailureAlert failure={failure} />
      <ConfirmDialog
        opened={confirming}
        title={t('remove.title')}
        message={warning}
        confirmLabel={t('remove.button')}
        danger
        onConfirm={() => failure.attempt(onRemove)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  )
}
