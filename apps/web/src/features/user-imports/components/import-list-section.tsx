import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core'
import type { UserImportListItem, UserImportType } from '@crm/domain'
import { PagedListSection } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { useDateFormat } from '../../../lib/date-format'
import { useUserImports } from '../queries'

/** Not processed or Processed imports of /contacts/import-and-share, paged (spec 2 §2.4), newest first. */
export function ImportListSection({ type, teamId }: { type: UserImportType; teamId: number }) {
  const { t } = useTranslation('import-and-share')
  const paging = useSectionPaging(type)
  const list = useUserImports(type, { team_id: teamId, type, page: paging.page, per_page: paging.pageSize, order_by: 'created', order: 'desc' }, true)
  const title = t(`sections.${type}`)
  return (
    <PagedListSection
      title={title}
      list={list}
      paging={paging}
      itemKey={(item) => item.id}
      renderItem={(item) => <ImportRow item={item} />}
      texts={{
        nothingFound: t('list.nothingFound'),
        loadFailed: t('list.loadFailed'),
        retry: t('retry'),
        loading: t('list.loading'),
        updating: t('list.updating'),
        count: (count) => t('list.count', { count }),
        pagesOf: t('list.pagesOf', { list: title }),
      }}
    />
  )
}

/** A label shown on a phone's card, where the row's columns stack. */
function Label({ children }: { children: string }) {
  return (
    <Text span c="dimmed" size="sm">
      {children}:{' '}
    </Text>
  )
}

function ImportRow({ item }: { item: UserImportListItem }) {
  const { t } = useTranslation('import-and-share')
  const format = useDateFormat()
  return (
    <Paper withBorder p="sm" role="listitem">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="xs">
        <Anchor component={Link} to={`/contacts/import-and-share/edit/${item.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Anchor>
        <Text size="sm">
          <Label>{t('list.eventDate')}</Label>
          {item.date ? format.date(item.date) : t('list.noDate')}
        </Text>
        <Text size="sm">
          <Label>{t('list.people')}</Label>
          {t('list.peopleCount', { processed: item.count_processed, total: item.count_users })}
        </Text>
        <Text size="sm">
          <Label>{t('list.created')}</Label>
          {item.created_display}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Label>{t('list.author')}</Label>
          {item.author_name ?? '—'}
        </Text>
      </SimpleGrid>
    </Paper>
  )
}
