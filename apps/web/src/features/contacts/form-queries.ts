import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { contactCalls, type TeamGroupParams } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

// What a write changes: the contact lists (list-queries: ['contact-lists', …]), every contact
// (contact-queries: ['contact', id, …]) and the new-contact access.
const contactKeyRoots = new Set(['contact-lists', 'contact', 'contact-access-for-new'])

/** After a write: every cached contact list and contact is read again. */
export function invalidateContacts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => contactKeyRoots.has(String(query.queryKey[0])) })
}

export const contactAccessForNewKey = (scope: TeamGroupParams) => ['contact-access-for-new', scope.team_id, scope.group_id] as const

/** GET contact-access-for-new: may the caller add a contact here, which fields, and the child data gate. */
export function useContactAccessForNew(scope: TeamGroupParams) {
  return useQuery({
    queryKey: contactAccessForNewKey(scope),
    queryFn: ({ signal }) => callApi(contactCalls.contactAccessForNew, { input: scope, signal }),
    staleTime: 0,
  })
}

export const contactForEditKey = (id: number, scope: TeamGroupParams, locale: string) =>
  ['contact', id, scope.team_id, scope.group_id, locale, 'edit'] as const

/** GET contact/{id} for the edit page: data_edit, auth.fields and the capabilities. */
export function useContactForEdit(id: number, scope: TeamGroupParams) {
  const { i18n } = useTranslation()
  const locale = i18n.language
  return useQuery({
    queryKey: contactForEditKey(id, scope, locale),
    queryFn: ({ signal }) => callApi(contactCalls.contact, { params: { id }, input: { ...scope, locale }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    // What is edited must be what is stored now, not a cached copy.
    staleTime: 0,
  })
}

type CreateInput = InputOf<typeof contactCalls.createUser>

/** POST create-user. A duplicate answers 409 user_exists_in_this_team / user_exists_in_other_team. */
export function useCreateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateInput) => callApi(contactCalls.createUser, { input }),
    onSuccess: () => invalidateContacts(queryClient),
  })
}

/** POST add-existing-user: into this group, or a request to the owning team. */
export function useAddExistingContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InputOf<typeof contactCalls.addExistingUser>) => callApi(contactCalls.addExistingUser, { input }),
    onSuccess: () => invalidateContacts(queryClient),
  })
}

/** POST update-user with the changed fields. */
export function useUpdateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InputOf<typeof contactCalls.updateUser>) => callApi(contactCalls.updateUser, { input }),
    onSuccess: () => invalidateContacts(queryClient),
  })
}

export type ContactAction = 'archive' | 'restore' | 'remove'

const actionCalls = {
  archive: contactCalls.archiveUser,
  restore: contactCalls.unarchiveUser,
  remove: contactCalls.removeContactFromTeam,
} as const

/** POST archive-user, unarchive-user or remove-contact-from-team (the latter from the selected group). */
export function useContactAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, ...input }: TeamGroupParams & { action: ContactAction; user_id: number }) =>
      callApi(actionCalls[action], { input }),
    onSuccess: () => invalidateContacts(queryClient),
  })
}
