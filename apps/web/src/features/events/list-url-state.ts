import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import type { EventListType, EventsQuery } from '@crm/domain'

/**
 * URL scheme of /events (spec 3 §2.1): one search (`search`) and the recurring-only filter
 * (`recurring=1`) for the three lists; each list's page under its own key (`today_page`,
 * `future_page`, `past_page`). Defaults are left out, so a reload or Back returns to the same
 * view. A new search or filter starts every list at page 1 and replaces the history entry.
 */
export function useEventsFilter() {
  const [params, setParams] = useSearchParams()
  const search = (params.get('search') ?? '').trim().slice(0, 200)
  const recurringOnly = params.get('recurring') === '1'
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key)
            else next.set(key, value)
          }
          for (const type of ['today', 'future', 'past']) next.delete(`${type}_page`)
          return next
        },
        { replace: true, flushSync: true },
      ),
    [setParams],
  )
  const setSearch = useCallback((value: string) => update({ search: value.trim() }), [update])
  const setRecurringOnly = useCallback((on: boolean) => update({ recurring: on ? '1' : undefined }), [update])
  return { search, recurringOnly, setSearch, setRecurringOnly }
}

/** The request of one list: created, newest first by default (spec 3 §9). */
export function buildEventsQuery(
  teamId: number,
  type: EventListType,
  state: { search: string; recurringOnly: boolean; page: number; pageSize: number },
): EventsQuery {
  const query: EventsQuery = { team_id: teamId, type, page: state.page, per_page: state.pageSize, order_by: 'created', order: 'desc' }
  if (state.search) query.search = state.search
  if (state.recurringOnly) query.is_recurring = true
  return query
}
