import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { useSession } from '../../session/session'
import { usePageTitle } from '../../../lib/page-title'
import { InvitesList } from '../components/invites-list'
import { ListButton } from '../components/list-button'

/** /team/switch and /profile/switch-team: pick the team to work in. */
export function SwitchTeamPage() {
  const { t } = useTranslation(['teams', 'common'])
  const { teams, team: selected, selectTeam } = useSession()
  const navigate = useNavigate()
  usePageTitle(t('switchTeam.pageName'))

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('switchTeam.title')}</Title>
      {teams.length === 0 ? (
        <Text>{t('switchTeam.noTeams')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('switchTeam.teamsLabel')}>
          {teams.map((team) => {
            const isSelected = selected?.id === team.id
            return (
              <li key={team.id}>
                <ListButton
                  variant={isSelected ? 'light' : 'default'}
                  aria-current={isSelected ? 'true' : undefined}
                  leftSection={isSelected ? <IconCheck size={18} aria-hidden="true" /> : undefined}
                  rightSection={
                    <Group gap="xs" wrap="nowrap">
                      {isSelected && (
                        <Badge variant="outline" size="sm">
                          {t('switchTeam.selected')}
                        </Badge>
                      )}
                      <Badge variant="light" color="gray" size="sm">
                        {t(`common:roles.${team.user_role}`)}
                      </Badge>
                    </Group>
                  }
                  onClick={() => {
                    // Picking a team selects it and its primary group, then opens the dashboard.
                    selectTeam(team.id)
                    void navigate('/')
                  }}
                >
                  {team.title}
                </ListButton>
              </li>
            )
          })}
        </Stack>
      )}
      <InvitesList />
    </Stack>
  )
}

export { SwitchTeamPage as Component }
