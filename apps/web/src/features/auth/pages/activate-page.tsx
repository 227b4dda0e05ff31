import { Navigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core'
import { FullPageLoader } from '../../../components/status-screens'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useActivation } from '../queries'

/**
 * /activate?key= (spec 1 §2, §4): verifies the email of the link once; loading, then
 * activated (Continue to /login) or invalid. Without a key it goes to /.
 */
export function ActivatePage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const key = params.get('key')?.trim() ?? ''
  const activation = useActivation(key)
  usePageTitle(t('activate.pageName'))
  if (key === '') return <Navigate to="/" replace />

  return (
    <Stack maw={480} mx="auto" gap="lg">
      <Title order={1} size="h2">
        {t('activate.title')}
      </Title>
      {activation.isPending && <FullPageLoader />}
      {activation.isSuccess && (
        <Alert color="teal" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('activate.activated')}</Text>
            <Anchor href="/login" fw={600}>
              {t('activate.continue')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {activation.isError && (
        <Alert color="red" role="alert">
          {isApiError(activation.error) && activation.error.code === 'key_invalid' ? t('activate.expired') : t('activate.error')}
        </Alert>
      )}
    </Stack>
  )
}

export { ActivatePage as Component }
