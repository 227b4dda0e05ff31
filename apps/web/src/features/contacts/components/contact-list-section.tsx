import { lazy, Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Center, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconFileImport, IconLock, IconPlus } from '@tabler/icons-react'
import type { ContactListKind } from '@crm/domain'
import { PagedListBody } from '../../../components/paged-list-section'
import { SearchBox } from '../../../components/search-box'
import { isApiError } from '../../../lib/api'
import { buildListQuery, filterKeys, hasActiveFilters, useContactListState } from '../list-url-state'
import { useContactList } from '../queries'
import { ContactFiltersPanel } from './contact-filters'
import { CardSort, ContactListCards } from './contact-list-cards'
import { ColumnsMenu, useContactColumns, useElementWidth } from './contact-list-columns'
import { ContactListTable } from './contact-list-table'
import { switchGroupPath } from './contacts-header'
import classes from './contact-list.module.css'

// The import dialog and its spreadsheet reader load only when someone opens it.
const ImportContactsDialog = lazy(() => import('./import-contacts'))

interface ContactListSectionProps {
  kind: ContactListKind
  title: string
  scope: { team_id: number; group_id: number }
  /** The group lets the user read this list; without it no request is made. */
  canRead: boolean
  /** Shows the Add new link (create_contact in the group). */
  canCreate: boolean
  /** Shows the Import button (import_contact in the group; D2-2.1-07, D2-6-04). */
  canImport: boolean
  /** The text of an empty list with no search or filter. */
  emptyText: string
}

/** Below this viewport width (px) a list shows cards, not a table. */
export const phoneMaxWidth = 767.98
/** A list narrower than this (px), e.g. beside the menu on a tablet, shows cards too. */
const cardsBelowWidth = 560

/** One list of /contacts: search, filters, sortable rows, paging and Add new (spec 2 §2). */
export function ContactListSection({ kind, title, scope, canRead, canCreate, canImport, emptyText }: ContactListSectionProps) {
  const { t } = useTranslation('contacts')
  const headingId = useId()
  const filtersId = useId()
  const sectionRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const state = useContactListState(kind)
  const [importing, setImporting] = useState(false)
  const [filtersOpen, setFiltersOpen] = useState(() => hasActiveFilters(state.filters))
  const query = buildListQuery(scope, state)
  const list = useContactList(kind, query, canRead)
  // The rows render at low priority, in slices the browser can interrupt: a page of 100 rows
  // arriving does not block typing, scrolling or the rest of the page for hundreds of ms.
  // Until the first answer is rendered the skeleton keeps its place.
  const answer = useDeferredValue(list.data)

  const isPhone = useMediaQuery(`(max-width: ${phoneMaxWidth}px)`, false, { getInitialValueInEffect: false })
  const width = useElementWidth(sectionRef, !isPhone)
  const cards = isPhone || (width !== undefined && width < cardsBelowWidth)
  // Cards stack every column: only the reader's choice hides one there.
  const { shown, setShown } = useContactColumns(cards ? undefined : width)
  const rowsKey = `contact_rows:${kind}:${scope.team_id}:${scope.group_id}`
  const rowsOnScreen = list.data && !list.isPlaceholderData ? list.data.items.length : undefined
  useEffect(() => {
    if (rowsOnScreen !== undefined) rememberRows(rowsKey, rowsOnScreen)
  }, [rowsKey, rowsOnScreen])

  const activeFilters = filterKeys.filter((key) => state.filters[key] !== undefined).length
  const searching = state.search !== '' || activeFilters > 0
  const forbidden = !canRead || (isApiError(list.error) && list.error.status === 403)
  const updating = list.isPlaceholderData && list.isFetching

  return (
    <Stack component="section" ref={sectionRef} aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="baseline">
          {/* Focusable by script only: paging moves focus here. Clear of the 60 px header. */}
          <Title order={2} id={headingId} size="h3" ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
            {title}
          </Title>
          {answer && !forbidden && (
            <Text c="dimmed" size="sm">
              {/* A long filtered list is counted up to a bound: "More than 1,000" (issue #11). */}
              {t(answer.count_is_lower_bound ? 'list.countMoreThan' : 'list.count', { count: answer.count })}
            </Text>
          )}
          {updating && !forbidden && <Loader size="xs" role="status" aria-label={t('list.updating')} style={{ alignSelf: 'center' }} />}
        </Group>
        {(canCreate || canImport) && (
          <Group gap="xs">
            {canImport && (
              <Button variant="default" size="sm" onClick={() => setImporting(true)} leftSection={<IconFileImport size={16} aria-hidden="true" />}>
                {t('import.button')}
              </Button>
            )}
            {canCreate && (
              <Button component={Link} to="/contacts/new" size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />}>
                {t('addNew')}
              </Button>
            )}
          </Group>
        )}
        {importing && (
          <Suspense fallback={null}>
            <ImportContactsDialog scope={scope} onClose={() => setImporting(false)} />
          </Suspense>
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
            <ColumnsMenu shown={shown} onChange={setShown} />
            {cards && <CardSort sort={state.sort} onSort={state.setSort} />}
          </Group>
          {filtersOpen && (
            <div id={filtersId}>
              <ContactFiltersPanel filters={state.filters} onChange={state.setFilter} onClear={state.clearFilters} />
            </div>
          )}
        </>
      )}
      {forbidden ? (
        <AccessDenied />
      ) : (
        <PagedListBody
          // A deferred answer that lags the query's is not the current page's: it may not move the page.
          list={{
            data: answer,
            isError: list.isError,
            isFetching: list.isFetching,
            isPlaceholderData: list.isPlaceholderData || answer !== list.data,
            refetch: list.refetch,
          }}
          paging={state}
          pagingTarget={headingRef}
          // A failed list says so quietly and offers another try (spec 2 §8: lists fail silently).
          texts={{
            nothingFound: searching ? t('nothingFound') : emptyText,
            loadFailed: t('list.loadFailed'),
            retry: t('list.retry'),
            loading: t('list.loading'),
            pagesOf: t('paging.pagesOf', { list: title }),
          }}
          loading={<ListSkeleton rows={Math.min(state.pageSize, recalledRows(rowsKey) ?? state.pageSize)} cards={cards} label={t('list.loading')} />}
          renderRows={(items, busy) =>
            cards ? (
              <ContactListCards items={items} columns={shown} busy={busy} caption={title} />
            ) : (
              <ContactListTable items={items} columns={shown} sort={state.sort} onSort={state.setSort} busy={busy} caption={title} />
            )
          }
        />
      )}
    </Stack>
  )
}

// The rows a list showed last, per list and group (sessionStorage): its skeleton takes their
// height, so the lists below are not pushed down when the answer arrives (layout shift).

function recalledRows(key: string): number | undefined {
  try {
    const rows = Number(window.sessionStorage.getItem(key) ?? Number.NaN)
    return Number.isInteger(rows) && rows >= 0 ? rows : undefined
  } catch {
    return undefined
  }
}

function rememberRows(key: string, rows: number): void {
  try {
    window.sessionStorage.setItem(key, String(rows))
  } catch {
    // Not remembered: the next skeleton takes a full page.
  }
}

/** Estimated heights (px) of the table's header and paging, a row, and a phone's card. */
const rowHeight = { header: 45, paging: 60, row: 42, card: 118 }

/** While a list loads: its expected height, reserved, with a loader at the top. */
function ListSkeleton({ rows, cards, label }: { rows: number; cards: boolean; label: string }) {
  const height = Math.max(1, rows) * (cards ? rowHeight.card : rowHeight.row) + rowHeight.header + rowHeight.paging
  return (
    <div className={classes.skeleton} style={{ height }}>
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={label} />
      </Center>
      {Array.from({ length: Math.min(rows, 6) }, (_, index) => (
        <Skeleton key={index} height={cards ? rowHeight.card - 12 : rowHeight.row - 12} radius="sm" />
      ))}
    </div>
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
