import { lazy, Suspense, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Anchor, Card, Center, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core'
import { mapZoom } from '@crm/domain'
import { useSession } from '../../session/session'
import { markerPoint, useContactsMap } from '../queries'

// Leaflet and its CSS load with the map, after the dashboard's own widgets.
const MapView = lazy(() => import('../../../components/map-view').then((module) => ({ default: module.MapView })))

/**
 * The dashboard's contacts map (spec 1 §2.8, §2.9): the group's contacts with coordinates at
 * zoom 9 around them (the default centre when there are none). Only with the group's
 * capability read_contact; it fails silently (hidden when the call fails).
 */
export function ContactsMapWidget({ teamId, groupId }: { teamId: number; groupId: number }) {
  const { t } = useTranslation(['map', 'common'])
  const { group } = useSession()
  const allowed = group?.id === groupId && group.user_capabilities.read_contact === true
  const map = useContactsMap({ team_id: teamId, group_id: groupId }, allowed)
  const markers = map.data?.markers
  const points = useMemo(() => (markers ?? []).map(markerPoint), [markers])
  if (!allowed || map.isError) return null

  const loader = (
    <Center h={320}>
      <Loader size="sm" role="status" aria-label={t('common:loading')} />
    </Center>
  )
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="contacts-map-widget-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="contacts-map-widget-title">
            {t('widget.title')}
          </Title>
          <Anchor component={Link} to="/contacts/map" size="sm">
            {t('widget.open')}
          </Anchor>
        </Group>
        {map.isPending ? (
          // The count's line is kept too: the map must not move the page under it when it answers (issue 37).
          <>
            <Skeleton width="30%" radius="sm" aria-hidden="true">
              <Text size="sm">{'\u00a0'}</Text>
            </Skeleton>
            {loader}
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {map.data.truncated ? t('countTruncated', { count: points.length }) : t('count', { count: points.length })}
            </Text>
            <Suspense fallback={loader}>
              <MapView points={points} label={t('widget.label')} opening={mapZoom.dashboard} height={320} />
            </Suspense>
          </>
        )}
      </Stack>
    </Card>
  )
}
