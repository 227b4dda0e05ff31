import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Paper, SimpleGrid, Text } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import type { TransferListItem, TransfersQuery } from '@crm/domain'
import { PagedListSection, type ListQuery } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { useDateFormat } from '../../../lib/date-format'
import { transferDateText } from '../transfer-date'
import { useTransferList } from '../queries'

export type TransferListKind = 'upcoming' | 'processed'

interface TransferListSectionProps {
  kind: TransferListKind
  teamId: number
  search: string
}

const emptyPage = { items: [], count: 0, max_pages: 1 }

/** One list of /transfers, Upcoming or Processed, created newest first (spec 3 §2.2, §9). */
export function TransferListSection({ kind, teamId, search }: TransferListSectionProps) {
  const { t } = useTranslation('transfers')
  const paging = useSectionPaging(kind)
  const query: TransfersQuery = {
    team_id: teamId,
    processed: kind === 'processed' ? 1 : 0,
    page: paging.page,
    per_page: paging.pageSize,
    order_by: 'created',
    order: 'desc',
    ...(search ? { search } : {}),
  }
  const list = useTransferList(query)
  // A list that fails to load is shown empty, without a message (spec 3 §8).
  const shown: ListQuery<TransferListItem> = {
    data: list.data ?? (list.isError ? emptyPage : undefined),
    isError: list.isError,
    isFetching: list.isFetching,
    isPlaceholderData: list.isPlaceholderData,
    refetch: list.refetch,
  }
  const title = t(`list.${kind}`)
  return (
    <PagedListSection
      title={title}
      list={shown}
      paging={paging}
      itemKey={(item) => item.id}
      renderItem={(item) => <TransferRow item={item} />}
      texts={{
        nothingFound: t('nothingFound'),
        loadFailed: t('nothingFound'),
        retry: t('list.retry'),
        loading: t('list.loading'),
        updating: t('list.updating'),
        count: (count) => t('list.count', { count }),
        pagesOf: t('list.pagesOf', { list: title }),
      }}
    />
  )
}

function TransferRow({ item }: { item: TransferListItem }) {
  const { t } = useTranslation('transfers')
  const format = useDateFormat()
  return (
    <Paper withBorder p="sm" role="listitem">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <Anchor component={Link} to={`/transfers/view/${item.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.user_name}
        </Anchor>
        <Group gap={6} wrap="wrap" aria-label={t('list.fromTo', { from: item.from_team_name, to: item.to_team_name })} role="group">
          <Text size="sm" aria-hidden="true">
            {item.from_team_name}
          </Text>
          <IconArrowRight size={14} aria-hidden="true" />
          <Text size="sm" aria-hidden="true">
            {item.to_team_name}
          </Text>
        </Group>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('list.date')}:{' '}
          </Text>
          {transferDateText(item, t, format)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('list.counts', { move: item.move_count, share: item.share_count })}
        </Text>
      </SimpleGrid>
    </Paper>
  )
}
