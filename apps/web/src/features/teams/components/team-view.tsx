import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { TeamDetail } from '@crm/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { errorText } from '../../../lib/errors'

export interface TeamViewProps {
  team: TeamDetail
  /** The group page (/group) rather than the team page. */
  asGroup: boolean
  editPath: string
  /** Leaves the team or group; resolves once the account is reloaded. */
  onLeave: () => Promise<void>
}

/** An OpenStreetMap page centred on the place (no map library is bundled). */
function mapLink(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
}

/**
 * The team or group (spec 3 §2.4): title, description, the address with a directions link,
 * a map link when the place has a position, the caller's role, Edit (update_team) and
 * Leave (never for owners) behind a confirmation.
 */
export function TeamView({ team, asGroup, editPath, onLeave }: TeamViewProps) {
  const { t } = useTranslation(['team', 'common'])
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const hasPosition = team.address_lat !== null && team.address_lng !== null
  const leaveLabel = asGroup ? t('view.leaveGroup') : t('view.leaveTeam')

  const leave = async () => {
    setError(null)
    try {
      await onLeave()
    } catch (failure) {
      setError(errorText(failure))
      throw failure
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {team.title}
          </Title>
          {team.user_role && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('view.yourRole')}
              </Text>
              <Badge variant="light">{t(`common:roles.${team.user_role}`)}</Badge>
            </Group>
          )}
        </Stack>
        <Group gap="sm">
          {team.user_capabilities.update_team && (
            <Button component={RouterLink} to={editPath} variant="default">
              {t('view.edit')}
            </Button>
          )}
          {team.can_leave && (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              {leaveLabel}
            </Button>
          )}
        </Group>
      </Group>
      {team.description && <Text style={{ whiteSpace: 'pre-line' }}>{team.description}</Text>}
      {team.address_formatted_break && (
        <Paper withBorder p="md" maw={480}>
          <Stack gap="xs">
            <Text fw={500}>{t('view.address')}</Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{team.address_formatted_break}</Text>
            <Group gap="md">
              {team.address_directions_link && (
                <Anchor href={team.address_directions_link} target="_blank" rel="noopener noreferrer">
                  {t('view.directions')}
                </Anchor>
              )}
              {hasPosition && (
                <Anchor href={mapLink(team.address_lat!, team.address_lng!)} target="_blank" rel="noopener noreferrer" aria-label={t('view.mapLabel')}>
                  {t('view.map')}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming}
        title={leaveLabel}
        message={asGroup ? t('view.leaveGroupConfirm', { title: team.title }) : t('view.leaveTeamConfirm', { title: team.title })}
        confirmLabel={leaveLabel}
        danger
        error={error}
        onConfirm={leave}
        onClose={() => {
          setConfirming(false)
          setError(null)
        }}
      />
    </Stack>
  )
}
