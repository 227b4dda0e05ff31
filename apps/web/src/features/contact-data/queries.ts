import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { contactDataCalls, type TeamGroupParams } from '@crm/domain'
import { callApi, fetchApiBlob, type InputOf } from '../../lib/api'

/**
 * Every key of a person's data on request (issue 40 §2), under ['contact-data']: asking for an
 * erasure or calling one off reads the team's list and the contact's own again.
 */
export const contactDataKeys = {
  all: ['contact-data'] as const,
  erasures: () => [...contactDataKeys.all, 'erasures'] as const,
  list: (query: ContactErasuresQuery) => [...contactDataKeys.erasures(), 'list', query] as const,
  ofContact: (contactId: number, teamId: number) => [...contactDataKeys.erasures(), 'contact', contactId, teamId] as const,
}

export type ContactErasuresQuery = { team_id: number; page: number; per_page: number }
/** The contact, in the team and group its page was opened from (as every contact call). */
export type ContactDataQuery = TeamGroupParams & { user_id: number }

/** GET contact-erasures: the team's erasures, newest first; the rows stay while the next page loads. */
export function contactErasuresQueryOptions(query: ContactErasuresQuery) {
  return queryOptions({
    queryKey: contactDataKeys.list(query),
    queryFn: ({ signal }) => callApi(contactDataCalls.contactErasures, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled: query.team_id > 0,
  })
}

export function useContactErasures(query: ContactErasuresQuery) {
  return useQuery(contactErasuresQueryOptions(query))
}

/**
 * GET contact-erasures for one contact: its page asks whether an erasure is pending. One page
 * of the newest is enough: at most one is pending, and it is the newest.
 */
export function contactErasuresOfContactQueryOptions(contactId: number, teamId: number, enabled = true) {
  return queryOptions({
    queryKey: contactDataKeys.ofContact(contactId, teamId),
    queryFn: ({ signal }) => callApi(contactDataCalls.contactErasures, { input: { team_id: teamId, contact_id: contactId, per_page: 4 }, signal }),
    enabled,
    select: (answer) => answer.items.find((erasure) => erasure.status === 'pending') ?? null,
  })
}

/** The contact's pending erasure, or null while none is. */
export function usePendingErasure(contactId: number, teamId: number, enabled = true) {
  return useQuery(contactErasuresOfContactQueryOptions(contactId, teamId, enabled))
}

/** A write about an erasure: every list of erasures is read again. */
function useErasureWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactDataKeys.erasures() }),
  })
}

/** POST erase-contact: the contact is erased after the grace days unless called off. */
export function useEraseContact() {
  return useErasureWrite((input: InputOf<typeof contactDataCalls.eraseContact>) => callApi(contactDataCalls.eraseContact, { input }))
}

/** POST cancel-contact-erasure: the contact is kept. */
export function useCancelContactErasure() {
  return useErasureWrite((input: InputOf<typeof contactDataCalls.cancelContactErasure>) => callApi(contactDataCalls.cancelContactErasure, { input }))
}

/** GET contact-data-export: everything held about the contact, as a ZIP. */
export function fetchContactDataExport(query: ContactDataQuery): Promise<Blob> {
  return fetchApiBlob(contactDataCalls.contactDataExport, { input: query })
}

/** GET contact-vcard: the contact's card, vCard 4.0. */
export function fetchContactVcard(query: ContactDataQuery): Promise<Blob> {
  return fetchApiBlob(contactDataCalls.contactVcard, { input: query })
}
