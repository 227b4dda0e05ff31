import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core'
import { useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useResetIcalUrls } from '../queries'

/**
 * The profile's Calendar section (issue 14 item 4): the calendar links are personal and
 * secret; 'Reset calendar links' asks first, then replaces them (POST reset-ical-urls) so the
 * old ones stop working in every calendar app. A failure closes the dialog and is said here.
 */
export function ResetCalendarUrls() {
  const { t } = useTranslation('calendar')
  const reset = useResetIcalUrls()
  const [opened, setOpened] = useState(false)
  const [done, setDone] = useState(false)
  const failure = useActionFailure()

  const open = () => {
    setDone(false)
    failure.clear()
    setOpened(true)
  }

  const confirm = async () => {
    await failure.attempt(() => reset.mutateAsync(), t('reset.failed'))
    setDone(true)
  }

  return (
    <Fieldset legend={t('reset.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('reset.explanation')}</Text>
        <Group>
          <Button variant="outline" color="red" onClick={open}>
            {t('reset.button')}
          </Button>
        </Group>
        <Text size="sm" c="teal.8" fw={500} role="status">
          {done ? t('reset.done') : ''}
        </Text>
        <Text size="sm" c="red.8" fw={500} role="alert">
          {failure.text ?? ''}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={opened}
        title={t('reset.confirmTitle')}
        message={t('reset.confirmMessage')}
        confirmLabel={t('reset.confirm')}
        danger
        onConfirm={confirm}
        onClose={() => setOpened(false)}
      />
    </Fieldset>
  )
}
