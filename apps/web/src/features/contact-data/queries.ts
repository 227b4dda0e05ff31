import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { contactDataCalls, type TeamGroupParams } from '@crm/domain'
import { callApi, fetchApiBlob, type InputOf } from '../../lib/api'

/**
 * Every key of a person's data on request (issue 40 §2), under ['contact-data']: asking for an
 * erasure or calling one off reads the team's list and the contact's own again; setting the
 * retention or keeping a contact reads the setting (its due count) and the due list again.
 */
export const contactDataKeys = {
  all: ['contact-data'] as const,
  erasures: () => [...contactDataKeys.all, 'erasures'] as const,
  list: (query: ContactErasuresQuery) => [...contactDataKeys.erasures(), 'list', query] as const,
  ofContact: (contactId: number, teamId: number) => [...contactDataKeys.erasures(), 'contact', contactId, teamId] as const,
  retentions: () => [...contactDataKeys.all, 'retention'] as const,
  retention: (teamId: number) => [...contactDataKeys.retentions(), teamId] as const,
  dueLists: () => [...contactDataKeys.all, 'due'] as const,
  due: (query: ContactsDueQuery) => [...contactDataKeys.dueLists(), query] as const,
}

export type ContactErasuresQuery = { team_id: number; page: number; per_page: number }
export type ContactsDueQuery = { team_id: number; page: number; per_page: number }
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

/**
 * A write about an erasure: every list of erasures is read again, and the due lists, which a
 * request asked or called off may change.
 */
function useErasureWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactDataKeys.erasures() }),
        queryClient.invalidateQueries({ queryKey: contactDataKeys.dueLists() }),
      ]),
  })
}

/** POST erase-contact: the contact is erased or de-identified after the grace days unless called off. */
export function useEraseContact() {
  return useErasureWrite((input: InputOf<typeof contactDataCalls.eraseContact>) => callApi(contactDataCalls.eraseContact, { input }))
}

/** POST cancel-contact-erasure: the contact is kept. */
export function useCancelContactErasure() {
  return useErasureWrite((input: InputOf<typeof contactDataCalls.cancelContactErasure>) => callApi(contactDataCalls.cancelContactErasure, { input }))
}

/** GET contact-retention: how long the team keeps a contact without activity, and how many are due. */
export function contactRetentionQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: contactDataKeys.retention(teamId),
    queryFn: ({ signal }) => callApi(contactDataCalls.contactRetention, { input: { team_id: teamId }, signal }),
    enabled: teamId > 0,
  })
}

export function useContactRetention(teamId: number) {
  return useQuery(contactRetentionQueryOptions(teamId))
}

/** GET contacts-due-for-de-identification: soonest first; the rows stay while the next page loads. */
export function contactsDueQueryOptions(query: ContactsDueQuery) {
  return queryOptions({
    queryKey: contactDataKeys.due(query),
    queryFn: ({ signal }) => callApi(contactDataCalls.contactsDueForDeIdentification, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled: query.team_id > 0,
  })
}

export function useContactsDue(query: ContactsDueQuery) {
  return useQuery(contactsDueQueryOptions(query))
}

/** A write about the retention schedule: the setting (its due count) and the due lists are read again. */
function useRetentionWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactDataKeys.retentions() }),
        queryClient.invalidateQueries({ queryKey: contactDataKeys.dueLists() }),
      ]),
  })
}

/** POST set-contact-retention: 12, 24 or 36 months, or null for off; contacts already told of are no longer due. */
export function useSetContactRetention() {
  return useRetentionWrite((input: InputOf<typeof contactDataCalls.setContactRetention>) => callApi(contactDataCalls.setContactRetention, { input }))
}

/** POST keep-contact: the contact's time without activity starts again, and it leaves the due list. */
export function useKeepContact() {
  return useRetentionWrite((input: InputOf<typeof contactDataCalls.keepContact>) => callApi(contactDataCalls.keepContact, { input }))
}

/** GET contact-data-export: everything held about the contact, as a ZIP. */
export function fetchContactDataExport(query: ContactDataQuery): Promise<Blob> {
  return fetchApiBlob(contactDataCalls.contactDataExport, { input: query })
}

/** GET contact-vcard: the contact's card, vCard 4.0. */
export function fetchContactVcard(query: ContactDataQuery): Promise<Blob> {
  return fetchApiBlob(contactDataCalls.contactVcard, { input: query })
}

/** GET team-contacts-export: the team's contacts, relationships and interactions, as CSV files in a ZIP. */
export function fetchTeamContactsExport(teamId: number): Promise<Blob> {
  return fetchApiBlob(contactDataCalls.teamContactsExport, { input: { team_id: teamId } })
}

/** GET team-contacts-vcard: a vCard 4.0 card per contact of the team. */
export function fetchTeamContactsVcard(teamId: number): Promise<Blob> {
  return fetchApiBlob(contactDataCalls.teamContactsVcard, { input: { team_id: teamId } })
}
