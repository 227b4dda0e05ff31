import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  contactCalls,
  contactImportCalls,
  contactImportHistoryCalls,
  contactImportMappingCalls,
  contactMapCalls,
  type ContactListKind,
  type ContactListQuery,
  type MapMarker,
  type TeamGroupParams,
} from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'
import type { MapPoint } from '../../components/map-view'

/**
 * Every key of the contacts feature, one per call, under ['contacts']: a write that may change
 * any contact invalidates contactKeys.all (the lists, every contact, the new-contact access);
 * a write about one contact invalidates contactKeys.detail(id), everything cached about it.
 */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (kind: ContactListKind, query: ContactListQuery) => [...contactKeys.lists(), kind, query] as const,
  accessForNew: (scope: TeamGroupParams) => [...contactKeys.all, 'access-for-new', scope.team_id, scope.group_id] as const,
  detail: (id: number) => [...contactKeys.all, 'detail', id] as const,
  /** GET contact/{id}: the view page and the edit page read it through this one key. */
  item: (id: number, scope: TeamGroupParams, locale: string) => [...contactKeys.detail(id), 'item', scope.team_id, scope.group_id, locale] as const,
  groups: (id: number, scope: TeamGroupParams, page: number) => [...contactKeys.detail(id), 'groups', scope.team_id, scope.group_id, page] as const,
  assignments: (id: number, scope: TeamGroupParams, page: number) => [...contactKeys.detail(id), 'assignments', scope.team_id, scope.group_id, page] as const,
  map: (query: ContactsMapQuery) => [...contactKeys.all, 'map', query] as const,
  importMappings: (scope: TeamGroupParams) => [...contactKeys.all, 'import-mappings', scope.team_id, scope.group_id] as const,
  /** Under contactKeys.all: an import (useRefreshAfterContactImport) or its undo reads the team's imports again. */
  imports: (scope: TeamGroupParams) => [...contactKeys.all, 'imports', scope.team_id, scope.group_id] as const,
}

// ---------------------------------------------------------------------------------------
// The lists of /contacts (spec 2 §2); each is its own list kind for cancelling (D1-4-23).

const listCalls = {
  contacts: contactCalls.contacts,
  assigned: contactCalls.assignedContacts,
  archived: contactCalls.archivedContacts,
} as const

function sameScope(key: QueryKey, query: ContactListQuery): boolean {
  const previous = key[key.length - 1] as ContactListQuery | undefined
  return previous?.team_id === query.team_id && previous?.group_id === query.group_id
}

/**
 * One list (GET contacts, assigned-contacts or archived-contacts). The query's AbortSignal
 * goes to the request, so a new search, filter, sort or page of the same list aborts the
 * earlier request (D1-4-23): the earlier query loses its only observer and TanStack Query
 * cancels it. The rows on screen stay while the next page loads, within the same group.
 */
export function contactListQueryOptions(kind: ContactListKind, query: ContactListQuery, enabled = true) {
  return queryOptions({
    queryKey: contactKeys.list(kind, query),
    queryFn: ({ signal }) => callApi(listCalls[kind], { input: query, signal }),
    placeholderData: (previous, previousQuery) => (previousQuery && sameScope(previousQuery.queryKey, query) ? previous : undefined),
    enabled,
  })
}

export function useContactList(kind: ContactListKind, query: ContactListQuery, enabled = true) {
  return useQuery(contactListQueryOptions(kind, query, enabled))
}

// ---------------------------------------------------------------------------------------
// One contact

function contactQuery(id: number, scope: TeamGroupParams, locale: string) {
  return {
    queryKey: contactKeys.item(id, scope, locale),
    queryFn: ({ signal }: { signal: AbortSignal }) => callApi(contactCalls.contact, { params: { id }, input: { ...scope, locale }, signal }),
  }
}

/** GET contact/{id}: the contact item with ownership, auth and the child data gate. */
export function useContact(id: number, scope: TeamGroupParams, locale: string) {
  return useQuery(contactQuery(id, scope, locale))
}

/**
 * GET contact/{id} for the edit page (data_edit, auth.fields and the capabilities), under the
 * view page's key. What is edited must be what is stored now, not a cached copy: it is always
 * fetched again on mount, and the page waits for that answer (isFetchedAfterMount).
 */
export function useContactForEdit(id: number, scope: TeamGroupParams) {
  const { i18n } = useTranslation()
  return useQuery({
    ...contactQuery(id, scope, i18n.language),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
    refetchOnMount: 'always',
  })
}

/** GET contact-groups/{id}: the groups of the team the contact is in. */
export function contactGroupsQueryOptions(id: number, scope: TeamGroupParams, page = 1, enabled = true) {
  return queryOptions({
    queryKey: contactKeys.groups(id, scope, page),
    queryFn: ({ signal }) => callApi(contactCalls.contactGroups, { params: { id }, input: { ...scope, page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useContactGroups(id: number, scope: TeamGroupParams, page = 1, enabled = true) {
  return useQuery(contactGroupsQueryOptions(id, scope, page, enabled))
}

/** GET contact-assignments/{id}: who follows the contact up, in the server's order. */
export function contactAssignmentsQueryOptions(id: number, scope: TeamGroupParams, page = 1) {
  return queryOptions({
    queryKey: contactKeys.assignments(id, scope, page),
    queryFn: ({ signal }) => callApi(contactCalls.contactAssignments, { params: { id }, input: { ...scope, page }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useContactAssignments(id: number, scope: TeamGroupParams, page = 1) {
  return useQuery(contactAssignmentsQueryOptions(id, scope, page))
}

/** GET contact-access-for-new: may the caller add a contact here, which fields, and the child data gate. */
export function contactAccessForNewQueryOptions(scope: TeamGroupParams) {
  return queryOptions({
    queryKey: contactKeys.accessForNew(scope),
    queryFn: ({ signal }) => callApi(contactCalls.contactAccessForNew, { input: scope, signal }),
    staleTime: 0,
  })
}

export function useContactAccessForNew(scope: TeamGroupParams) {
  return useQuery(contactAccessForNewQueryOptions(scope))
}

// ---------------------------------------------------------------------------------------
// Writes that may change any contact or list: everything under contactKeys.all is read again.

function useContactsWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  })
}

/** POST create-user. A duplicate answers 409 user_exists_in_this_team / user_exists_in_other_team. */
export function useCreateContact() {
  return useContactsWrite((input: InputOf<typeof contactCalls.createUser>) => callApi(contactCalls.createUser, { input }))
}

/** POST add-existing-user: into this group, or a request to the owning team. */
export function useAddExistingContact() {
  return useContactsWrite((input: InputOf<typeof contactCalls.addExistingUser>) => callApi(contactCalls.addExistingUser, { input }))
}

/** POST update-user with the changed fields. */
export function useUpdateContact() {
  return useContactsWrite((input: InputOf<typeof contactCalls.updateUser>) => callApi(contactCalls.updateUser, { input }))
}

export type ContactAction = 'archive' | 'restore' | 'remove'

const actionCalls = {
  archive: contactCalls.archiveUser,
  restore: contactCalls.unarchiveUser,
  remove: contactCalls.removeContactFromTeam,
} as const

/** POST archive-user, unarchive-user or remove-contact-from-team (the latter from the selected group). */
export function useContactAction() {
  return useContactsWrite(({ action, ...input }: TeamGroupParams & { action: ContactAction; user_id: number }) => callApi(actionCalls[action], { input }))
}

// ---------------------------------------------------------------------------------------
// Writes about one contact: everything under contactKeys.detail(id) is read again.

function useContactMutation<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) }),
  })
}

/** POST contact/{id}/take-ownership; the_user_id is the contact (spec 2 §7 names it so). */
export function useTakeOwnership(id: number, scope: TeamGroupParams) {
  return useContactMutation(id, () => callApi(contactCalls.takeOwnership, { params: { id }, input: { ...scope, the_user_id: id } }))
}

/** POST contact/{id}/relinquish: give up one's own assignment. */
export function useRelinquish(id: number, scope: TeamGroupParams) {
  return useContactMutation(id, () => callApi(contactCalls.relinquish, { params: { id }, input: scope }))
}

export type ApprovalAnswer = 'accept' | 'reject'

/** POST contact/{id}/accept- or reject-ownership-approval-request for a requesting team. */
export function useAnswerApprovalRequest(id: number, scope: TeamGroupParams) {
  return useContactMutation(id, ({ answer, requestingTeamId }: { answer: ApprovalAnswer; requestingTeamId: number }) =>
    callApi(answer === 'accept' ? contactCalls.acceptOwnershipApprovalRequest : contactCalls.rejectOwnershipApprovalRequest, {
      params: { id },
      input: { ...scope, requesting_team_id: requestingTeamId },
    }),
  )
}

/** POST add-user-to-group: the contact into a group of the team (group_id is that group). */
export function useAddContactToGroup(id: number, teamId: number) {
  return useContactMutation(id, (groupId: number) => callApi(contactCalls.addUserToGroup, { input: { team_id: teamId, group_id: groupId, user_id: id } }))
}

/** POST remove-user-from-group: the contact out of a group (group_id is that group). */
export function useRemoveContactFromGroup(id: number, teamId: number) {
  return useContactMutation(id, (groupId: number) => callApi(contactCalls.removeUserFromGroup, { input: { team_id: teamId, group_id: groupId, user_id: id } }))
}

/** POST add-contact-assignment: to oneself, or to a team user. */
export function useAddAssignment(id: number, scope: TeamGroupParams) {
  return useContactMutation(id, (to: { toSelf: true } | { toUserId: number }) =>
    callApi(contactCalls.addContactAssignment, {
      input: { ...scope, user_id: id, ...('toSelf' in to ? { to_self: true } : { to_user_id: to.toUserId }) },
    }),
  )
}

/** POST delete-contact-assignment. */
export function useDeleteAssignment(id: number, scope: TeamGroupParams) {
  return useContactMutation(id, (assignmentId: number) => callApi(contactCalls.deleteContactAssignment, { input: { ...scope, user_id: id, id: assignmentId } }))
}

// ---------------------------------------------------------------------------------------
// The contacts map (spec 2 §7), under contactKeys.all: a write that changes contacts refreshes it too.

/** The query of the contacts map: the contacts list's scope, search and filters (spec 2 §7 "same query"). */
export type ContactsMapQuery = Omit<ContactListQuery, 'page' | 'per_page' | 'order_by' | 'order'>

/** Pages of contacts-for-map read at most (10,000 markers): beyond, the map says it shows the first ones. */
export const mapPageCap = 10

/** The markers of every page, one page after the other, up to mapPageCap pages. */
export async function loadContactsMap(query: ContactsMapQuery, signal?: AbortSignal): Promise<{ markers: MapMarker[]; truncated: boolean }> {
  const markers: MapMarker[] = []
  for (let page = 1; page <= mapPageCap; page += 1) {
    const answer = await callApi(contactMapCalls.contactsForMap, { input: { ...query, page }, ...(signal ? { signal } : {}) })
    markers.push(...answer.items)
    if (!answer.has_more) return { markers, truncated: false }
  }
  return { markers, truncated: true }
}

/** GET contacts-for-map, all pages (up to the cap); `enabled` false asks nothing. */
export function contactsMapQueryOptions(query: ContactsMapQuery, enabled = true) {
  return queryOptions({
    queryKey: contactKeys.map(query),
    queryFn: ({ signal }) => loadContactsMap(query, signal),
    enabled,
  })
}

export function useContactsMap(query: ContactsMapQuery, enabled = true) {
  return useQuery(contactsMapQueryOptions(query, enabled))
}

/**
 * A marker as the map shows it: the contact's name linking to the contact. A child the
 * caller may not see has no marker at all (the server's child gate, issue 33).
 */
export function markerPoint(marker: MapMarker): MapPoint {
  return { id: marker.id, lat: marker.address_lat, lng: marker.address_lng, title: marker.name, href: `/contacts/view/${marker.id}` }
}

/** POST import-users: one chunk of a contact import (the import dialog sends them one at a time). */
export function importContacts(input: InputOf<typeof contactImportCalls.importUsers>) {
  return callApi(contactImportCalls.importUsers, { input })
}

/** After an import saved rows, once for all its chunks: every contact list is read again. */
export function useRefreshAfterContactImport() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: contactKeys.all })
}

// ---------------------------------------------------------------------------------------
// The team's remembered column matches of a contact import (issue 41 item 1).

/** GET contact-import-mappings: the team's last matches, one per system the files came from. */
export function contactImportMappingsQueryOptions(scope: TeamGroupParams) {
  return queryOptions({
    queryKey: contactKeys.importMappings(scope),
    queryFn: ({ signal }) => callApi(contactImportMappingCalls.contactImportMappings, { input: scope, signal }),
  })
}

export function useContactImportMappings(scope: TeamGroupParams) {
  return useQuery(contactImportMappingsQueryOptions(scope))
}

/** POST save-contact-import-mapping: the matches of an import (columns and values), proposed for the team's next file of that system. */
export function useSaveContactImportMapping(scope: TeamGroupParams) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (matches: Pick<InputOf<typeof contactImportMappingCalls.saveContactImportMapping>, 'system' | 'columns' | 'values'>) =>
      callApi(contactImportMappingCalls.saveContactImportMapping, { input: { ...scope, ...matches } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.importMappings(scope) }),
  })
}

// ---------------------------------------------------------------------------------------
// The team's recent contact imports and their undo (issue 41 item 3).

/** GET contact-imports: the team's contact imports of the last 30 days, newest first. */
export function contactImportsQueryOptions(scope: TeamGroupParams) {
  return queryOptions({
    queryKey: contactKeys.imports(scope),
    queryFn: ({ signal }) => callApi(contactImportHistoryCalls.contactImports, { input: scope, signal }),
  })
}

export function useContactImports(scope: TeamGroupParams) {
  return useQuery(contactImportsQueryOptions(scope))
}

/**
 * POST undo-contact-import: removes the contacts an import made and gives back what it changed.
 * Undone, every contact list is read again, the team's imports with them; refused (undone
 * already, or too late), the team's imports are read again to show why.
 */
export function useUndoContactImport(scope: TeamGroupParams) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (importId: number) => callApi(contactImportHistoryCalls.undoContactImport, { input: { ...scope, import_id: importId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    onError: () => queryClient.invalidateQueries({ queryKey: contactKeys.imports(scope) }),
  })
}
