import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { duplicateCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

/** Every key of the duplicates feature, under ['duplicates']: a dismissal reads the pairs again. */
export const duplicateKeys = {
  all: ['duplicates'] as const,
  list: (query: PossibleDuplicatesQuery) => [...duplicateKeys.all, 'list', query] as const,
}

export type PossibleDuplicatesQuery = { team_id: number; page: number; per_page: number }

/** GET possible-duplicates: the team's pairs, a page at a time; the rows stay while the next page loads. */
export function possibleDuplicatesQueryOptions(query: PossibleDuplicatesQuery) {
  return queryOptions({
    queryKey: duplicateKeys.list(query),
    queryFn: ({ signal }) => callApi(duplicateCalls.possibleDuplicates, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled: query.team_id > 0,
  })
}

export function usePossibleDuplicates(query: PossibleDuplicatesQuery) {
  return useQuery(possibleDuplicatesQueryOptions(query))
}

/** POST dismiss-possible-duplicate: the two are not the same person. */
export function useDismissPossibleDuplicate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InputOf<typeof duplicateCalls.dismissPossibleDuplicate>) => callApi(duplicateCalls.dismissPossibleDuplicate, { input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  })
}
