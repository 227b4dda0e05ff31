import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Stack, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { SearchBox } from '../../../components/search-box'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { TransferListSection, type TransferListKind } from '../components/transfer-list-section'

const kinds: TransferListKind[] = ['upcoming', 'processed']

/**
 * /transfers (spec 3 §2.2): the conference's Upcoming and Processed transfers, one search for
 * both (`search` in the URL), each list paged on its own (`upcoming_page`, `processed_page`).
 */
export function TransfersPage() {
  const { t } = useTranslation('transfers')
  const { team } = useSession()
  const [params, setParams] = useSearchParams()
  const search = (params.get('search') ?? '').trim().slice(0, 200)
  usePageTitle(t('pageName'))
  const setSearch = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value.trim()) next.set('search', value.trim())
          else next.delete('search')
          // A new search starts both lists at page 1.
          for (const kind of kinds) next.delete(`${kind}_page`)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  if (!team) return null

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('pageName')}
        </Title>
        {/* The route asks for create_transfer on a conference (app/router.tsx): whoever reads this list may add. */}
        <Button component={Link} to="/transfers/new" leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('addNew')}
        </Button>
      </Group>
      <div style={{ maxWidth: 420 }}>
        <SearchBox label={t('list.search')} hideLabel placeholder={t('list.searchPlaceholder')} defaultValue={search} onSearch={setSearch} />
      </div>
      {kinds.map((kind) => (
        <TransferListSection key={`${kind}-${team.id}`} kind={kind} teamId={team.id} search={search} />
      ))}
    </Stack>
  )
}

export { TransfersPage as Component }
