import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Call, Suggestion } from '@crm/domain'
import { callApi } from './api'

// The calls that components/ reads for every feature; a feature's own calls live in its queries.ts.

/** A GET input-suggestions/{area} call: takes a search, answers {id, title} items. */
export type SuggestionsCall = Call & { response: z.ZodType<{ items: Suggestion[] }> }

export const suggestionKeys = {
  all: ['input-suggestions'] as const,
  search: (call: SuggestionsCall, input: object, search: string) => [...suggestionKeys.all, call.path, input, search] as const,
}

// callApi's options cannot be resolved for a generic call; the input is the call's own.
function fetchSuggestions(call: SuggestionsCall, input: unknown, signal: AbortSignal): Promise<{ items: Suggestion[] }> {
  return (callApi as (call: SuggestionsCall, options: { input: unknown; signal: AbortSignal }) => Promise<{ items: Suggestion[] }>)(call, { input, signal })
}

/** GET input-suggestions/{area}: the matches of a search, with the call's other parameters (`input`). */
export function suggestionsQueryOptions(call: SuggestionsCall, input: object, search: string) {
  return queryOptions({
    queryKey: suggestionKeys.search(call, input, search),
    queryFn: ({ signal }) => fetchSuggestions(call, { ...input, search }, signal),
    staleTime: 30_000,
  })
}
