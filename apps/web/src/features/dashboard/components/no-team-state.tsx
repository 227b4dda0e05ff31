import { useTranslation } from 'react-i18next'
import { Alert, Stack, Text, Title } from '@mantine/core'
import { IconUsersGroup } from '@tabler/icons-react'
import { usePageTitle } from '../../../lib/page-title'
import { InvitesList } from '../../teams/components/invites-list'

/** What a user without teams sees instead of team content. */
export function NoTeamState() {
  const { t } = useTranslation('dashboard')
  usePageTitle(t('pageName'))
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('noTeams.title')}</Title>
      <Alert icon={<IconUsersGroup />} color="gray">
        {t('noTeams.message')}
      </Alert>
      <Text>{t('noTeams.guidance')}</Text>
      <InvitesList />
    </Stack>
  )
}
