import { useCallback, useId, useRef } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { UserImportListItem, UserImportType } from '@crm/domain'
import { Paging, usePageParam, usePageSize, useReducePageToMax } from '../../../components/paging'
import { formatDay } from '../../events/format-day'
import { useUserImports } from '../queries'

/** One list's page (its own URL key, e.g. `processed_page`) and the shared page size. */
function useSectionPaging(type: UserImportType) {
  const [page, setPage] = usePageParam(`${type}_page`)
  const [pageSize, setPageSize] = usePageSize()
  const changePageSize = useCallback(
    (size: Parameters<typeof setPageSize>[0]) => {
      setPageSize(size)
      setPage(1, { replace: true })
    },
    [setPage, setPageSize],
  )
  return { page, setPage, pageSize, setPageSize: changePageSize }
}

/** Not processed or Processed imports of /contacts/import-and-share, paged (spec 2 §2.4), newest first. */
export function ImportListSection({ type, teamId }: { type: UserImportType; teamId: number }) {
  const { t } = useTranslation('import-and-share')
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const paging = useSectionPaging(type)
  const list = useUserImports(type, { team_id: teamId, type, page: paging.page, per_page: paging.pageSize, order_by: 'created', order: 'desc' }, true)
  useReducePageToMax(paging.page, list.isPlaceholderData ? undefined : list.data?.max_pages, paging.setPage)
  const title = t(`sections.${type}`)
  const updating = list.isPlaceholderData && list.isFetching

  const goToPage = (page: number) => {
    paging.setPage(page)
    headingRef.current?.scrollIntoView({ block: 'start' })
    headingRef.current?.focus({ preventScroll: true })
  }

  let body
  if (list.data) {
    body =
      list.data.items.length === 0 ? (
        <Text c="dimmed" py="xs">
          {t('list.nothingFound')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" role="list" aria-labelledby={headingId} aria-busy={updating}>
            {list.data.items.map((item) => (
              <ImportRow key={item.id} item={item} />
            ))}
          </Stack>
          <Paging
            page={paging.page}
            maxPages={list.data.max_pages}
            more={list.data.count_is_lower_bound === true}
            onPageChange={goToPage}
            pageSize={paging.pageSize}
            onPageSizeChange={paging.setPageSize}
            label={t('list.pagesOf', { list: title })}
          />
        </Stack>
      )
  } else if (list.isError) {
    body = (
      <Group gap="sm" py="xs">
        <Text c="dimmed" role="alert">
          {t('list.loadFailed')}
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    )
  } else {
    body = (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={t('list.loading')} />
      </Center>
    )
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group gap="sm" align="baseline">
        <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
          {title}
        </Title>
        {list.data && (
          <Text c="dimmed" size="sm">
            {t('list.count', { count: list.data.count })}
          </Text>
        )}
        {updating && <Loader size="xs" role="status" aria-label={t('list.updating')} />}
      </Group>
      {body}
    </Stack>
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
  const { t, i18n } = useTranslation('import-and-share')
  return (
    <Paper withBorder p="sm" role="listitem">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="xs">
        <Anchor component={Link} to={`/contacts/import-and-share/edit/${item.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Anchor>
        <Text size="sm">
          <Label>{t('list.eventDate')}</Label>
          {item.date ? formatDay(item.date, i18n.language) : t('list.noDate')}
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
