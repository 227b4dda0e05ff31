import { queryOptions, useQuery } from '@tanstack/react-query'
import { placeCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

type PlaceSearch = InputOf<typeof placeCalls.placeSuggestions> & { search: string }

export const placeKeys = {
  all: ['places'] as const,
  suggestions: (input: PlaceSearch) => [...placeKeys.all, 'suggestions', input.search, input.locale, input.country_code ?? null] as const,
}

/** GET place-suggestions: addresses for an address field, cached a minute per search. */
export function placeSuggestionsQueryOptions(input: PlaceSearch, enabled: boolean) {
  return queryOptions({
    queryKey: placeKeys.suggestions(input),
    queryFn: ({ signal }) => callApi(placeCalls.placeSuggestions, { input, signal }),
    enabled,
    staleTime: 60_000,
  })
}

export function usePlaceSuggestions(input: PlaceSearch, enabled: boolean) {
  return useQuery(placeSuggestionsQueryOptions(input, enabled))
}
