import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Text } from '@mantine/core'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { deleteAccount } from '../queries'

/** 'Remove account' (spec 3 §2.6, §4): asks first, then removes it, signs out and goes to /login. */
export function RemoveAccount() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const [failed, setFailed] = useState(false)

  const remove = async () => {
    setFailed(false)
    try {
      await deleteAccount()
    } catch (error) {
      setFailed(true)
      throw error
    }
    // /logout clears this device's session, key, drafts and cache and goes to /login (outside
    // the signed-in frame, whose guard would otherwise add a redirect_to back here).
    await navigate('/logout', { replace: true })
  }

  return (
    <Group>
      <Button color="red" variant="outline" onClick={() => setOpened(true)}>
        {t('remove.button')}
      </Button>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {t('remove.failed')}
        </Text>
      )}
      <ConfirmDialog
        opened={opened}
        title={t('remove.title')}
        message={t('remove.message')}
        confirmLabel={t('remove.confirm')}
        danger
        onConfirm={remove}
        onClose={() => setOpened(false)}
      />
    </Group>
  )
}
