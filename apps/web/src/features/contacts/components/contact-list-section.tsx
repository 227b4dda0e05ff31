import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconAdjustmentsHorizontal, IconLock, IconPlus } from '@tabler/icons-react'
import type { ContactListKind } from '@crm/domain'
import { Paging, useReducePageToMax } from '../../../components/paging'
import { SearchBox } from '../../../components/search-box'
import { isApiError } from '../../../lib/api'
import { buildListQuery, filterKeys, hasActiveFilters, useContactListState } from '../list-url-state'
import { useContactList } from '../queries'
import { ContactFiltersPanel } from './contact-filters'
import { ContactListTable } from './contact-list-table'
import { switchGroupPath } from './contacts-header'

interface ContactListSectionProps {
  kind: ContactListKind
  title: string
  scope: { team_id: number; group_id: number }
  /** The group lets the user read this list; without it no request is made. */
  canRead: boolean
  /** Shows the Add new link (create_contact in the group). */
  canCreate: boolean
  /** The text of an empty list with no search or filter. */
  emptyText: string
}

/** One list of /contacts: search, filters, sortable rows, paging and Add new (spec 2 §2). */
export function ContactListSection({ kind, title, scope, canRead, canCreate, emptyText }: ContactListSectionProps) {
  const { t } = useTranslation('contacts')
  const headingId = useId()
  const filtersId = useId()
  const state = useContactListState(kind)
  const [filtersOpen, setFiltersOpen] = useState(() => hasActiveFilters(state.filters))
  const query = buildListQuery(scope, state)
  const list = useContactList(kind, query, canRead)
  const answer = list.data
  // Only an answer to the page on screen may move it back to the last page (D1-9-07).
  useReducePageToMax(state.page, list.isPlaceholderData ? undefined : answer?.max_pages, state.setPage)

  const activeFilters = filterKeys.filter((key) => state.filters[key] !== undefined).length
  const searching = state.search !== '' || activeFilters > 0
  const forbidden = !canRead || (isApiError(list.error) && list.error.status === 403)

  let body
  if (forbidden) {
    body = <AccessDenied />
  } else if (answer) {
    body =
      answer.items.length === 0 ? (
        <Text c="dimmed" py="sm">
          {searching ? t('nothingFound') : emptyText}
        </Text>
      ) : (
        <Stack gap="sm">
          <ContactListTable
            items={answer.items}
            sort={state.sort}
            onSort={state.setSort}
            busy={list.isPlaceholderData && list.isFetching}
            caption={title}
          />
          <Paging
            page={state.page}
            maxPages={answer.max_pages}
            onPageChange={(page) => state.setPage(page)}
            pageSize={state.pageSize}
            onPageSizeChange={state.setPageSize}
            label={t('paging.pagesOf', { list: title })}
          />
        </Stack>
      )
  } else if (list.isError) {
    // A failed list says so quietly and offers another try (spec 2 §8: lists fail silently).
    body = (
      <Group gap="sm" py="sm">
        <Text c="dimmed">{t('list.loadFailed')}</Text>
        <Button variant="light" size="compact-sm" onClick={() => void list.refetch()}>
          {t('list.retry')}
        </Button>
      </Group>
    )
  } else {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label={t('list.loading')} />
      </Center>
    )
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={2} id={headingId} size="h3">
            {title}
          </Title>
          {answer && !forbidden && (
            <Text c="dimmed" size="sm">
              {t('list.count', { count: answer.count })}
            </Text>
          )}
        </Group>
        {canCreate && (
          <Button component={Link} to="/contacts/new" size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            {t('addNew')}
          </Button>
        )}
      </Group>
      {!forbidden && (
        <>
          <Group gap="sm" align="end" wrap="wrap">
            <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
              <SearchBox label={t('list.search')} hideLabel placeholder={t('list.searchPlaceholder')} defaultValue={state.search} onSearch={state.setSearch} />
            </div>
            <Button
              variant={filtersOpen ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {activeFilters > 0 ? t('filters.toggleActive', { count: activeFilters }) : t('filters.toggle')}
            </Button>
          </Group>
          {filtersOpen && (
            <div id={filtersId}>
              <ContactFiltersPanel filters={state.filters} onChange={state.setFilter} onClear={state.clearFilters} />
            </div>
          )}
        </>
      )}
      {body}
    </Stack>
  )
}

/** Without read_contact in the group (or a 403 from the server): spec 2 §2, D2-2.1-15. */
function AccessDenied() {
  const { t } = useTranslation('contacts')
  return (
    <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
      <Stack gap={4}>
        <Text size="sm">{t('accessDenied')}</Text>
        <Anchor component={Link} to={switchGroupPath} size="sm">
          {t('list.switchGroupLink')}
        </Anchor>
      </Stack>
    </Alert>
  )
}
