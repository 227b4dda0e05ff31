import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { useSession } from '../../session/session'
import { isPrimaryGroup } from '../../session/selection'
import { usePageTitle } from '../../../lib/page-title'

/** The dashboard (/). Its widgets come with the features they show. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const { team, group } = useSession()
  usePageTitle(t('pageName'))
  // The route guard only renders this page with a team and a group selected.
  if (!team || !group) return null
  const title = isPrimaryGroup(team, group)
    ? t('title', { team: team.title })
    : t('titleWithGroup', { team: team.title, group: group.title })
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
    </Stack>
  )
}

export { DashboardPage as Component }
