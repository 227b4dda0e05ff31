import { useTranslation } from 'react-i18next'
import { Stack, Text } from '@mantine/core'
import { useSession } from '../../features/session/session'

/** The header's selected team with the user's role, and the selected group. */
export function SelectionSummary() {
  const { t } = useTranslation(['shell', 'common'])
  const { team, group } = useSession()
  if (!team) return null
  const role = t(`common:roles.${team.user_role}`)
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600} truncate="end" aria-label={t('header.team')}>
        {t('header.teamWithRole', { team: team.title, role })}
      </Text>
      {group && (
        <Text size="xs" c="dimmed" truncate="end" aria-label={t('header.group')}>
          {group.title}
        </Text>
      )}
    </Stack>
  )
}
