import { lazy, Suspense, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { usePageTitle } from '../../../lib/page-title'
import { errorText } from '../../../lib/errors'
import { useSession } from '../../session/session'
import { hasActiveFilters, readListView } from '../list-url-state'
import { markerPoint, useContactsMap, type ContactsMapQuery } from '../queries'

const MapView = lazy(() => import('../../../components/map-view').then((module) => ({ default: module.MapView })))

/** The contacts list's search and filters in the URL, as the map passes them on (plain keys). */
const listKeys = ['search', 'age', 'interaction', 'member_status', 'source', 'grow_phase', 'gender']

/**
 * /contacts/map (spec 1 §2.9): the selected group's contacts that have coordinates, under the
 * contacts list's search and filters when the URL carries them (the list's link passes them),
 * fitted to the markers (zoom at most 21; 15 around the default centre with none).
 */
export function ContactsMapPage() {
  const { t } = useTranslation(['map', 'common'])
  usePageTitle(t('pageName'))
  const { team, group } = useSession()
  const [params] = useSearchParams()
  const paramsText = params.toString()
  const { query, filtered } = useMemo(() => {
    const view = readListView('contacts', new URLSearchParams(paramsText))
    const filters = Object.fromEntries(Object.entries(view.filters).filter(([, value]) => value !== undefined))
    return {
      query: { ...filters, ...(view.search ? { search: view.search } : {}) },
      filtered: view.search !== '' || hasActiveFilters(view.filters),
    }
  }, [paramsText])
  const scope: ContactsMapQuery = { team_id: team?.id ?? 0, group_id: group?.id ?? 0, ...query }
  const map = useContactsMap(scope, Boolean(team && group))
  const markers = map.data?.markers
  const points = useMemo(() => (markers ?? []).map(markerPoint), [markers])
  // The route guard only renders this page with a team and a group selected.
  if (!team || !group) return null

  const back = new URLSearchParams([...params].filter(([key]) => listKeys.includes(key))).toString()
  const loader = (
    <Center h={400}>
      <Loader role="status" aria-label={t('common:loading')} />
    </Center>
  )
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('pageName')}</Title>
        <Text c="dimmed">
          {t('groupLabel')}{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {group.title}
          </Text>
        </Text>
      </Stack>
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={{ pathname: '/contacts', search: back }}>
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden="true" />
            {t('backToList')}
          </Group>
        </Anchor>
        {filtered && <Text size="sm">{t('filtered')}</Text>}
      </Group>
      {map.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(map.error)}
        </Alert>
      ) : map.isPending ? (
        loader
      ) : (
        <>
          <Text aria-live="polite">{map.data.truncated ? t('countTruncated', { count: points.length }) : t('count', { count: points.length })}</Text>
          <Suspense fallback={loader}>
            <MapView points={points} label={t('label', { group: group.title })} opening="fit" height="max(360px, calc(100vh - 300px))" locate />
          </Suspense>
        </>
      )}
    </Stack>
  )
}

export { ContactsMapPage as Component }
