import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { clampPage, defaultPageSize, pageButtons, pageSizes, type PageSize } from '@crm/domain'

// The widget's texts live in the contacts namespace until `common` holds a `paging` block
// (the contacts list is the first list of the product).
const namespace = 'contacts'

// ---------------------------------------------------------------------------------------
// Rows per page: one setting for every list, remembered in localStorage under `per_page`.

/** The localStorage key of the chosen page size (spec 1 §9). */
export const pageSizeStorageKey = 'per_page'

const pageSizeListeners = new Set<() => void>()

function isPageSize(value: number): value is PageSize {
  return (pageSizes as readonly number[]).includes(value)
}

function readPageSize(): PageSize {
  try {
    const stored = Number(window.localStorage.getItem(pageSizeStorageKey))
    return isPageSize(stored) ? stored : defaultPageSize
  } catch {
    // Storage can be unavailable (private windows, blocked cookies): the default still works.
    return defaultPageSize
  }
}

function subscribePageSize(listener: () => void): () => void {
  pageSizeListeners.add(listener)
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === pageSizeStorageKey || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    pageSizeListeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function storePageSize(size: PageSize): void {
  try {
    window.localStorage.setItem(pageSizeStorageKey, String(size))
  } catch {
    // Not remembered; every list on this page still follows the choice below.
  }
  for (const listener of pageSizeListeners) listener()
}

/** The page size every list uses: 100 by default, the last choice once made (D1-9-04, D1-9-05). */
export function usePageSize(): [PageSize, (size: PageSize) => void] {
  const size = useSyncExternalStore(subscribePageSize, readPageSize, () => defaultPageSize)
  return [size, storePageSize]
}

// ---------------------------------------------------------------------------------------
// The page: a query parameter of the URL, 1 by default.

/** Reads a page number from a query value: 1 for anything but a positive integer (D1-9-06). */
export function readPageParam(value: string | null): number {
  return clampPage(value === null ? undefined : Number(value), Number.MAX_SAFE_INTEGER)
}

/**
 * The page of a list, kept in the URL query `key` ('page' by default; a page with several
 * lists gives each its own key). Page 1 is left out of the URL.
 */
export function usePageParam(key = 'page'): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams()
  const page = readPageParam(params.get(key))
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current)
          if (next > 1) updated.set(key, String(next))
          else updated.delete(key)
          return updated
        },
        { replace: options.replace },
      )
    },
    [key, setParams],
  )
  return [page, setPage]
}

/**
 * Reduces the page to max_pages once an answer shows it is past the end (D1-9-07). Pass
 * undefined for max_pages while the answer on screen is not the current page's.
 */
export function useReducePageToMax(page: number, maxPages: number | undefined, setPage: (page: number, options: { replace: boolean }) => void): void {
  useEffect(() => {
    if (maxPages !== undefined && page > Math.max(1, maxPages)) setPage(Math.max(1, maxPages), { replace: true })
  }, [page, maxPages, setPage])
}

/** A list's page and the shared page size, as a paged list reads and changes them. */
export interface ListPaging {
  page: number
  setPage: (page: number, options?: { replace?: boolean }) => void
  pageSize: PageSize
  /** Also starts the list at page 1. */
  setPageSize: (size: PageSize) => void
}

/**
 * A list's page under the URL key `key` and the shared page size; a new page size starts the
 * list at page 1.
 */
export function useListPaging(key = 'page'): ListPaging {
  const [page, setPage] = usePageParam(key)
  const [pageSize, setPageSize] = usePageSize()
  const changePageSize = useCallback(
    (size: PageSize) => {
      setPageSize(size)
      setPage(1, { replace: true })
    },
    [setPage, setPageSize],
  )
  return { page, setPage, pageSize, setPageSize: changePageSize }
}

/** A section's page under its own URL key (`${prefix}_page`, e.g. `future_page`): for pages with several lists. */
export function useSectionPaging(prefix: string): ListPaging {
  return useListPaging(`${prefix}_page`)
}

/**
 * A list's page held by the component, not the URL (the attendance lists of one date, beside
 * other lists on the event's page), and the shared page size.
 */
export function useLocalPaging(): ListPaging {
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = usePageSize()
  const changePageSize = useCallback(
    (size: PageSize) => {
      setPageSize(size)
      setPage(1)
    },
    [setPageSize],
  )
  return { page, setPage, pageSize, setPageSize: changePageSize }
}

// ---------------------------------------------------------------------------------------
// The widget

export interface PagingProps {
  page: number
  maxPages: number
  onPageChange: (page: number) => void
  pageSize: PageSize
  onPageSizeChange: (size: PageSize) => void
  /** Names the page navigation, e.g. 'Pages of Archived contacts'. */
  label?: string
  /**
   * The list has more pages than max_pages: its count stopped at a bound
   * (count_is_lower_bound, issue 11). A gap follows the last page known, and Next stays on.
   */
  more?: boolean
}

/**
 * Rows per page (4, 20, 50, 100, 200) and page buttons: the first 3, the last 3, the current
 * page and its neighbours, gaps as an ellipsis (spec 1 §9). Native controls: keyboard and
 * screen readers work as everywhere.
 */
export function Paging({ page, maxPages, onPageChange, pageSize, onPageSizeChange, label, more = false }: PagingProps) {
  const { t } = useTranslation(namespace)
  const pages = Math.max(1, maxPages)
  const current = Math.min(Math.max(1, page), pages)
  const buttons = more ? [...pageButtons(current, pages), null] : pageButtons(current, pages)

  return (
    <Group justify="space-between" align="end" gap="sm" wrap="wrap">
      <NativeSelect
        label={t('paging.rowsPerPage')}
        size="xs"
        w={110}
        data={pageSizes.map((size) => String(size))}
        value={String(pageSize)}
        onChange={(event) => {
          const size = Number(event.currentTarget.value)
          if (isPageSize(size)) onPageSizeChange(size)
        }}
      />
      {(pages > 1 || more) && (
        <nav aria-label={label ?? t('paging.pages')}>
          <Group component="ul" gap={4} wrap="wrap" p={0} m={0} style={{ listStyle: 'none' }}>
            <li>
              <ActionIcon variant="default" size="md" aria-label={t('paging.previous')} disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
                <IconChevronLeft size={16} aria-hidden="true" />
              </ActionIcon>
            </li>
            {buttons.map((button, index) =>
              button === null ? (
                <li key={`gap-${index}`} aria-hidden="true">
                  <Text component="span" px={4} c="dimmed">
                    …
                  </Text>
                </li>
              ) : (
                <li key={button}>
                  <Button
                    size="compact-sm"
                    miw={32}
                    variant={button === current ? 'filled' : 'default'}
                    aria-label={t('paging.page', { page: button })}
                    aria-current={button === current ? 'page' : undefined}
                    onClick={() => {
                      if (button !== current) onPageChange(button)
                    }}
                  >
                    {button}
                  </Button>
                </li>
              ),
            )}
            <li>
              <ActionIcon
                variant="default"
                size="md"
                aria-label={t('paging.next')}
                disabled={current >= pages && !more}
                onClick={() => onPageChange(current + 1)}
              >
                <IconChevronRight size={16} aria-hidden="true" />
              </ActionIcon>
            </li>
          </Group>
        </nav>
      )}
    </Group>
  )
}
