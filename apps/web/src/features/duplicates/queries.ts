import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { duplicateCalls, mergeCalls, type ContactMergeRequest } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

/**
 * Every key of the duplicates feature, under ['duplicates']: a dismissal reads the pairs again.
 * A contact's undoable merges and pending merge requests sit under its detail key, so a write
 * about the contact (a merge, an undo, a request or its answer) reads them again.
 */
export const duplicateKeys = {
  all: ['duplicates'] as const,
  lists: () => [...duplicateKeys.all, 'list'] as const,
  list: (query: PossibleDuplicatesQuery) => [...duplicateKeys.lists(), query] as const,
  preview: (query: ContactMergePreviewQuery) => [...duplicateKeys.all, 'merge-preview', query] as const,
  merges: (contactId: number, teamId: number) => [...contactKeys.detail(contactId), 'merges', teamId] as const,
  mergeRequests: (contactId: number, teamId: number) => [...contactKeys.detail(contactId), 'merge-requests', teamId] as const,
}

export type PossibleDuplicatesQuery = { team_id: number; page: number; per_page: number }
export type ContactMergePreviewQuery = { team_id: number; contact_id: number; other_contact_id: number }

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

/** GET contact-merge-preview: the two records side by side and the values to choose between. */
export function contactMergePreviewQueryOptions(query: ContactMergePreviewQuery, enabled = true) {
  return queryOptions({
    queryKey: duplicateKeys.preview(query),
    queryFn: ({ signal }) => callApi(mergeCalls.contactMergePreview, { input: query, signal }),
    enabled: enabled && query.team_id > 0 && query.contact_id > 0 && query.other_contact_id > 0,
  })
}

export function useContactMergePreview(query: ContactMergePreviewQuery, enabled = true) {
  return useQuery(contactMergePreviewQueryOptions(query, enabled))
}

/** GET contact-merges: the merges into a contact that can still be undone, newest first. */
export function contactMergesQueryOptions(contactId: number, teamId: number, enabled = true) {
  return queryOptions({
    queryKey: duplicateKeys.merges(contactId, teamId),
    queryFn: ({ signal }) => callApi(mergeCalls.contactMerges, { input: { team_id: teamId, contact_id: contactId }, signal }),
    enabled,
  })
}

export function useContactMerges(contactId: number, teamId: number, enabled = true) {
  return useQuery(contactMergesQueryOptions(contactId, teamId, enabled))
}

/**
 * A merge or its undo moves a person's history between two records: every contact and every
 * pair is read again. The merge's preview is not: it would answer that the pair is gone while
 * the page that asked for it is leaving.
 */
function useMergeWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: contactKeys.all }), queryClient.invalidateQueries({ queryKey: duplicateKeys.lists() })]),
  })
}

/** POST merge-contacts: other_contact_id into contact_id (the record kept). */
export function useMergeContacts() {
  return useMergeWrite((input: InputOf<typeof mergeCalls.mergeContacts>) => callApi(mergeCalls.mergeContacts, { input }))
}

/** POST undo-contact-merge: both records as they were. */
export function useUndoContactMerge() {
  return useMergeWrite((input: InputOf<typeof mergeCalls.undoContactMerge>) => callApi(mergeCalls.undoContactMerge, { input }))
}

/** GET contact-merge-requests with contact_id: the pending requests naming the contact (either record), newest first. */
export function contactMergeRequestsQueryOptions(contactId: number, teamId: number, enabled = true) {
  return queryOptions({
    queryKey: duplicateKeys.mergeRequests(contactId, teamId),
    queryFn: ({ signal }) => callApi(mergeCalls.contactMergeRequests, { input: { team_id: teamId, contact_id: contactId }, signal }),
    enabled: enabled && contactId > 0 && teamId > 0,
  })
}

export function useContactMergeRequests(contactId: number, teamId: number, enabled = true) {
  return useQuery(contactMergeRequestsQueryOptions(contactId, teamId, enabled))
}

/** The pending request to merge these two records, whichever of them it keeps; undefined if none. */
export function pendingRequestOf(requests: readonly ContactMergeRequest[] | undefined, pair: readonly [number, number]) {
  const asked = (request: ContactMergeRequest) => [request.contact_id, request.other_contact_id].sort((a, b) => a - b).join()
  const wanted = [...pair].sort((a, b) => a - b).join()
  return requests?.find((request) => request.status === 'pending' && asked(request) === wanted)
}

/** POST request-contact-merge: asks the other teams' owners to agree; both records' requests are read again. */
export function useRequestContactMerge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InputOf<typeof mergeCalls.requestContactMerge>) => callApi(mergeCalls.requestContactMerge, { input }),
    onSuccess: (_, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(Number(input.contact_id)) }),
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(Number(input.other_contact_id)) }),
      ]),
  })
}

/**
 * POST decide-contact-merge-request: the team agrees or declines. The last agreement merges, so
 * everything a merge changes is read again; so is a refusal (merge_request_decided: the request
 * was answered meanwhile, and the notice should go).
 */
export function useDecideContactMergeRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InputOf<typeof mergeCalls.decideContactMergeRequest>) => callApi(mergeCalls.decideContactMergeRequest, { input }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: contactKeys.all }), queryClient.invalidateQueries({ queryKey: duplicateKeys.lists() })]),
  })
}
