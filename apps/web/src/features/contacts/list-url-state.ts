import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  ageBands,
  contactOrderBy,
  defaultContactSorts,
  firstSortOrder,
  genders,
  growPhases,
  interactionFilters,
  type ContactListKind,
  type ContactListQuery,
  type ContactSort,
} from '@crm/domain'
import { usePageParam, usePageSize } from '../../components/paging'

// The URL state of the three lists of /contacts (spec 2 §2); their requests are in queries.ts.

export const filterKeys = ['age', 'interaction', 'member_status', 'source', 'grow_phase', 'gender'] as const
export type FilterKey = (typeof filterKeys)[number]
export type ContactFilters = Pick<ContactListQuery, FilterKey>

/**
 * URL scheme: every list keeps its state in the query string of /contacts under its own
 * prefix, so lists page and filter independently and a reload or the back button returns
 * to the same view. All contacts use plain keys (`page`, `search`, `order_by`, `order`, and
 * the filter keys, as the API names them); My contacts prefix them with `assigned_`,
 * Archived contacts with `archived_` (`assigned_page`, `archived_search`, …). Defaults are
 * left out of the URL. The page size is one setting for every list (localStorage `per_page`).
 */
export const queryPrefixes: Record<ContactListKind, string> = { contacts: '', assigned: 'assigned_', archived: 'archived_' }

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : undefined
}

function lookupValue(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? ''
  return trimmed !== '' && trimmed.length <= 60 ? trimmed : undefined
}

export interface ContactListView {
  search: string
  sort: ContactSort
  filters: ContactFilters
}

/** Reads a list's search, sort and filters from the URL; unknown values are ignored. */
export function readListView(kind: ContactListKind, params: URLSearchParams): ContactListView {
  const prefix = queryPrefixes[kind]
  const get = (key: string) => params.get(prefix + key)
  const fallback = defaultContactSorts[kind]
  const orderBy = oneOf(contactOrderBy, get('order_by')) ?? fallback.order_by
  const order = oneOf(['asc', 'desc'] as const, get('order')) ?? (orderBy === fallback.order_by ? fallback.order : firstSortOrder(orderBy))
  const filters: ContactFilters = {
    age: oneOf(ageBands, get('age')),
    interaction: oneOf(interactionFilters, get('interaction')),
    member_status: lookupValue(get('member_status')),
    source: lookupValue(get('source')),
    grow_phase: oneOf(growPhases, get('grow_phase')),
    gender: oneOf(genders, get('gender')),
  }
  return { search: (get('search') ?? '').trim(), sort: { order_by: orderBy, order }, filters }
}

export function hasActiveFilters(filters: ContactFilters): boolean {
  return filterKeys.some((key) => filters[key] !== undefined)
}

/**
 * A list's state in the URL, with setters. A new search, filter or sort starts again at
 * page 1 and replaces the history entry; paging adds one, so Back returns to the page before.
 */
export function useContactListState(kind: ContactListKind) {
  const prefix = queryPrefixes[kind]
  const [params, setParams] = useSearchParams()
  const [page, setPage] = usePageParam(`${prefix}page`)
  const [pageSize, setPageSize] = usePageSize()
  const paramsText = params.toString()
  const view = useMemo(() => readListView(kind, new URLSearchParams(paramsText)), [kind, paramsText])

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(prefix + key)
            else next.set(prefix + key, value)
          }
          next.delete(`${prefix}page`)
          return next
        },
        // Rendered at once, not in a transition: the request leaves when the debounce
        // fires (400 ms after the last keystroke, spec 1 §9), not a render later.
        { replace: true, flushSync: true },
      )
    },
    [prefix, setParams],
  )

  const setSearch = useCallback((search: string) => update({ search: search.trim() }), [update])
  const setFilter = useCallback((key: FilterKey, value: string | undefined) => update({ [key]: value }), [update])
  const clearFilters = useCallback(() => update(Object.fromEntries(filterKeys.map((key) => [key, undefined]))), [update])
  const setSort = useCallback(
    (sort: ContactSort) => {
      const isDefault = sort.order_by === defaultContactSorts[kind].order_by && sort.order === defaultContactSorts[kind].order
      update({ order_by: isDefault ? undefined : sort.order_by, order: isDefault ? undefined : sort.order })
    },
    [kind, update],
  )
  const changePageSize = useCallback(
    (size: Parameters<typeof setPageSize>[0]) => {
      setPageSize(size)
      setPage(1, { replace: true })
    },
    [setPage, setPageSize],
  )

  return { ...view, page, pageSize, setPage, setPageSize: changePageSize, setSearch, setFilter, clearFilters, setSort }
}

/** The request of a list from its state (D1-9-04, D1-9-06, D2-9-01, D2-9-02). */
export function buildListQuery(
  scope: { team_id: number; group_id: number },
  state: Pick<ContactListView, 'search' | 'sort' | 'filters'> & { page: number; pageSize: number },
): ContactListQuery {
  const query: ContactListQuery = {
    team_id: scope.team_id,
    group_id: scope.group_id,
    page: state.page,
    per_page: state.pageSize,
    order_by: state.sort.order_by,
    order: state.sort.order,
  }
  if (state.search) query.search = state.search
  for (const key of filterKeys) {
    const value = state.filters[key]
    if (value !== undefined) Object.assign(query, { [key]: value })
  }
  return query
}
