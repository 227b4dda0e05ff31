import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { contactCalls, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'

/** Everything cached about one contact sits under ['contact', id]: one invalidation refreshes it all. */
export const contactKeys = {
  ofContact: (id: number) => ['contact', id] as const,
  item: (id: number, scope: TeamGroupParams, locale: string) => ['contact', id, 'item', scope, locale] as const,
  groups: (id: number, scope: TeamGroupParams, page: number) => ['contact', id, 'groups', scope, page] as const,
  assignments: (id: number, scope: TeamGroupParams, page: number) => ['contact', id, 'assignments', scope, page] as const,
}

/** GET contact/{id}: the contact item with ownership, auth and the child data gate. */
export function useContact(id: number, scope: TeamGroupParams, locale: string) {
  return useQuery({
    queryKey: contactKeys.item(id, scope, locale),
    queryFn: ({ signal }) => callApi(contactCalls.contact, { params: { id }, input: { ...scope, locale }, signal }),
  })
}

/** GET contact-groups/{id}: the groups of the team the contact is in. */
export function useContactGroups(id: number, scope: TeamGroupParams, page = 1, enabled = true) {
  return useQuery({
    queryKey: contactKeys.groups(id, scope, page),
    queryFn: ({ signal }) => callApi(contactCalls.contactGroups, { params: { id }, input: { ...scope, page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** GET contact-assignments/{id}: who follows the contact up, in the server's order. */
export function useContactAssignments(id: number, scope: TeamGroupParams, page = 1) {
  return useQuery({
    queryKey: contactKeys.assignments(id, scope, page),
    queryFn: ({ signal }) => callApi(contactCalls.contactAssignments, { params: { id }, input: { ...scope, page }, signal }),
    placeholderData: keepPreviousData,
  })
}

/** A write about the contact; on success everything cached about it is fetched again. */
function useContactMutation<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.ofContact(id) }),
  })
}

/** POST contact/{id}/take-ownership; the_user_id is the contact (spec 2 §7 names it so). */
export function useTakeOwnership(id: number, scope: TeamGroupParams) {
  return useContactMutation(id, () =>
    callApi(contactCalls.takeOwnership, { params: { id }, input: { ...scope, the_user_id: id } }),
  )
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
  return useContactMutation(id, (groupId: number) =>
    callApi(contactCalls.addUserToGroup, { input: { team_id: teamId, group_id: groupId, user_id: id } }),
  )
}

/** POST remove-user-from-group: the contact out of a group (group_id is that group). */
export function useRemoveContactFromGroup(id: number, teamId: number) {
  return useContactMutation(id, (groupId: number) =>
    callApi(contactCalls.removeUserFromGroup, { input: { team_id: teamId, group_id: groupId, user_id: id } }),
  )
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
  return useContactMutation(id, (assignmentId: number) =>
    callApi(contactCalls.deleteContactAssignment, { input: { ...scope, user_id: id, id: assignmentId } }),
  )
}
