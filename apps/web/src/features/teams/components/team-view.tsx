import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { mapZoom, type TeamDetail } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'

export interface TeamViewProps {
  team: TeamDetail
  /** The group page (/group) rather than the team page. */
  asGroup: boolean
  editPath: string
  /** Leaves the team or group; resolves once the account is reloaded. */
  onLeave: () => Promise<void>
}

// Leaflet and its CSS load only for a team with a position.
const MapView = lazy(() => import('../../../components/map-view').then((module) => ({ default: module.MapView })))

/**
 * The team or group (spec 3 §2.4): title, description, the address with a directions link,
 * a map when the place has a position (D3-2.4-10), the caller's role, Edit (update_team) and
 * Leave (never for owners) behind a confirmation.
 */
export function TeamView({ team, asGroup, editPath, onLeave }: TeamViewProps) {
  const { t } = useTranslation(['team', 'common', 'map'])
  const [confirming, setConfirming] = useState(false)
  const failure = useActionFailure()
  const { address_lat: lat, address_lng: lng } = team
  // One marker at the place, at the default zoom; no link (it is the team's own page).
  const place = useMemo(() => (lat !== null && lng !== null ? [{ id: 'team', lat, lng, title: team.title, href: null }] : null), [lat, lng, team.title])
  const leaveLabel = asGroup ? t('view.leaveGroup') : t('view.leaveTeam')

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
            <Button
              color="red"
              variant="light"
              onClick={() => {
                failure.clear()
                setConfirming(true)
              }}
            >
              {leaveLabel}
            </Button>
          )}
        </Group>
      </Group>
      {/* A failed leave closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={failure} />
      {team.description && <Text style={{ whiteSpace: 'pre-line' }}>{team.description}</Text>}
      {team.address_formatted_break && (
        <Paper withBorder p="md" maw={480}>
          <Stack gap="xs">
            <Text fw={500}>{t('view.address')}</Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{team.address_formatted_break}</Text>
            {team.address_directions_link && (
              <Anchor href={team.address_directions_link} target="_blank" rel="noopener noreferrer">
                {t('view.directions')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      )}
      {place && (
        <Suspense fallback={null}>
          <MapView points={place} label={t('map:placeLabel', { title: team.title })} opening={mapZoom.default} height={320} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={confirming}
        title={leaveLabel}
        message={asGroup ? t('view.leaveGroupConfirm', { title: team.title }) : t('view.leaveTeamConfirm', { title: team.title })}
        confirmLabel={leaveLabel}
        danger
        onConfirm={() => failure.attempt(onLeave)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  )
}
