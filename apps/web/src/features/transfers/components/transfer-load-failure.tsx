import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { isApiError } from '../../../lib/api'

/**
 * A transfer that could not be read: 403 shows the not-allowed page (spec 3 §6, §8); 404 (or
 * a bad id) says it does not exist, as the events do; anything else that it failed.
 */
export function TransferLoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('transfers')
  if (isApiError(error) && error.status === 403) {
    return (
      <Text fw={600} py="xl" ta="center">
        {t('notAllowed')}
      </Text>
    )
  }
  const notFound = error === null || (isApiError(error) && (error.status === 404 || error.status === 400))
  return (
    <Stack gap="md">
      <Alert color={notFound ? 'gray' : 'red'} variant="light">
        {notFound ? t('view.notFound') : t('view.loadFailed')}
      </Alert>
      <Anchor component={Link} to="/transfers">
        {t('view.back')}
      </Anchor>
    </Stack>
  )
}
