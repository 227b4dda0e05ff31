import { useTranslation } from 'react-i18next'
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useInvites } from '../queries'

/** Pending invites: the team's name and an 'Accept invite' link to the invite's url. */
export function InvitesList() {
  const { t } = useTranslation('teams')
  const invites = useInvites().data?.items ?? []
  if (invites.length === 0) return null
  return (
    <Stack component="section" gap="xs" aria-labelledby="pending-invites">
      <Title order={2} size="h4" id="pending-invites">
        {t('invites.title')}
      </Title>
      {invites.map((invite) => (
        <Paper key={invite.id} withBorder p="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={500}>{invite.team_name}</Text>
            <Anchor href={invite.url} aria-label={t('invites.acceptTo', { team: invite.team_name })}>
              {t('invites.accept')}
            </Anchor>
          </Group>
        </Paper>
      ))}
    </Stack>
  )
}
