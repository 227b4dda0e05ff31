import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { TeamUsersView, UsersNotAllowed } from '../components/team-users-view'

/** /team/users and /group/users: the users of the selected team or group (spec 3 §2.4). */
export function TeamUsersPage() {
  const { t } = useTranslation('team-users')
  const { team, group } = useSession()
  const isGroup = useLocation().pathname.startsWith('/group')
  const title = isGroup ? t('groupPageName') : t('pageName')
  usePageTitle(title)
  if (!team || (isGroup && !group)) return null

  const capabilities = isGroup && group ? group.user_capabilities : team.user_capabilities
  const allowed = capabilities.read_dcrm_team_users_names === true || team.user_capabilities.read_dcrm_team_users_names === true

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {!allowed ? (
        <UsersNotAllowed />
      ) : isGroup && group && group.id !== team.id ? (
        <TeamUsersView key={`group-${group.id}`} scope={{ kind: 'group', teamId: team.id, groupId: group.id }} />
      ) : (
        <TeamUsersView key={`team-${team.id}`} scope={{ kind: 'team', teamId: team.id }} withImport={!isGroup} />
      )}
    </Stack>
  )
}

export { TeamUsersPage as Component }
