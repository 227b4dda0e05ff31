import { queryOptions, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { lookupCalls, type LookupList } from '@crm/domain'
import { callApi } from '../../lib/api'

export const lookupKeys = {
  all: ['lookups'] as const,
  list: (list: LookupList, parent: string | null, locale: string) => [...lookupKeys.all, list, parent, locale] as const,
}

export interface LookupOptions {
  /** The parent's id (conference-teams: the conference; bible-studies-for-parent: the study). */
  parent?: string
  enabled?: boolean
  /** A list read before sign-in (conferences, conference-teams) sends no token. */
  anonymous?: boolean
}

/**
 * A lookup list in the interface language, loaded once and cached for the session
 * (spec 1 §4). A failure is only logged (spec 1 §8); the field stays empty.
 */
export function lookupQueryOptions(list: LookupList, locale: string, { parent, enabled = true, anonymous = false }: LookupOptions = {}) {
  return queryOptions({
    queryKey: lookupKeys.list(list, parent ?? null, locale),
    queryFn: async ({ signal }) => {
      try {
        const answer = await callApi(lookupCalls.lookups, { params: { list }, input: { parent, locale }, signal, anonymous })
        return answer.items
      } catch (error) {
        if (!signal.aborted) console.error(`The lookup list ${list} could not be loaded`, error)
        throw error
      }
    },
    enabled,
    staleTime: Infinity,
  })
}

export function useLookup(list: LookupList, options: LookupOptions = {}) {
  const { i18n } = useTranslation()
  return useQuery(lookupQueryOptions(list, i18n.language, options))
}
