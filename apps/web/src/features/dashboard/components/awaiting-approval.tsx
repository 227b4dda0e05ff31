import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { IconHourglass } from '@tabler/icons-react'
import { usePageTitle } from '../../../lib/page-title'

/** All a user sees while membership of the selected team is pending (role member_request). */
export function AwaitingApproval() {
  const { t } = useTranslation('dashboard')
  usePageTitle(t('pageName'))
  return (
    <Stack align="center" gap="md" py="xl">
      <IconHourglass size={40} stroke={1.5} aria-hidden="true" />
      <Title order={1} size="h2">
        {t('awaitingApproval')}
      </Title>
    </Stack>
  )
}
