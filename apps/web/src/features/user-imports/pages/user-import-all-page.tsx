import { useId, useRef } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ProcessedUserImportUser } from '@crm/domain'
import { PagedListBody } from '../../../components/paged-list-section'
import { useListPaging } from '../../../components/paging'
import { usePageTitle } from '../../../lib/page-title'
import { ExportCsvButton } from '../components/export-csv-button'
import { ImportAccessDenied, useImportTeam } from '../components/import-access'
import { personName } from '../components/import-people'
import { fetchProcessedUserImportCsv, useProcessedUserImportPeople, type UserImportAllQuery } from '../queries'

/**
 * /contacts/import-and-share/all (spec 2 §2.4): every person processed from the conference's
 * imports, by name (spec 2 §9), with the import and the church; Export CSV.
 */
export function UserImportAllPage() {
  const { t } = useTranslation('import-and-share')
  const team = useImportTeam()
  usePageTitle(t('all.pageName'))
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const paging = useListPaging()
  const query: UserImportAllQuery = { team_id: team?.id ?? 0, page: paging.page, per_page: paging.pageSize, order_by: 'name', order: 'asc' }
  const list = useProcessedUserImportPeople(query, team !== null)

  if (!team) return <ImportAccessDenied title={t('all.pageName')} />

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/contacts/import-and-share" size="sm">
          {t('backToList')}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1} size="h2" id={headingId} ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
            {t('all.pageName')}
          </Title>
          <ExportCsvButton load={() => fetchProcessedUserImportCsv(query)} filename="processed-imports.csv" />
        </Group>
        <Text c="dimmed">{t('all.intro')}</Text>
        {list.data && (
          <Text c="dimmed" size="sm">
            {t('all.count', { count: list.data.count })}
          </Text>
        )}
      </Stack>
      <PagedListBody
        list={list}
        paging={paging}
        label={{ labelledBy: headingId }}
        pagingTarget={headingRef}
        texts={{ nothingFound: t('all.nothingFound'), loadFailed: t('all.loadFailed'), retry: t('retry'), loading: t('loading'), pagesOf: t('all.pagesOf') }}
        itemKey={(item) => `${item.import_id}-${item.id}`}
        renderItem={(item) => <ProcessedRow item={item} />}
      />
    </Stack>
  )
}

function ProcessedRow({ item }: { item: ProcessedUserImportUser }) {
  const { t } = useTranslation('import-and-share')
  const label = (text: string) => (
    <Text span c="dimmed" size="sm">
      {text}:{' '}
    </Text>
  )
  return (
    <Paper withBorder p="sm" role="listitem">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {personName(item)}
        </Text>
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label(t('edit.email'))}
            {item.email ?? '—'}
          </Text>
          <Text size="sm">
            {label(t('edit.phone'))}
            {item.phone ?? '—'}
          </Text>
        </Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label(t('all.import'))}
          <Anchor component={Link} to={`/contacts/import-and-share/edit/${item.import_id}`} size="sm">
            {item.import_title}
          </Anchor>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label(t('all.church'))}
          {item.processed_team_title ?? '—'}
        </Text>
      </SimpleGrid>
    </Paper>
  )
}

export { UserImportAllPage as Component }
