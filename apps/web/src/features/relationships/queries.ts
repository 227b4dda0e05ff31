import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { relationshipCalls, type RelationshipType, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

/** Under the contact's detail key: a write about the contact reads its relationships again. */
export const relationshipKeys = {
  list: (id: number, scope: TeamGroupParams, page: number) => [...contactKeys.detail(id), 'relationships', scope.team_id, scope.group_id, page] as const,
}

/** GET contact-relationships/{id}: direct (paged), inverse and inferred. */
export function contactRelationshipsQueryOptions(id: number, scope: TeamGroupParams, page = 1) {
  return queryOptions({
    queryKey: relationshipKeys.list(id, scope, page),
    queryFn: ({ signal }) => callApi(relationshipCalls.contactRelationships, { params: { id }, input: { ...scope, page }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useContactRelationships(id: number, scope: TeamGroupParams, page = 1) {
  return useQuery(contactRelationshipsQueryOptions(id, scope, page))
}

/**
 * A relationship write: both contacts show it (one directly, the other as its inverse), and
 * the contact's activity log has a new row, so everything cached about either is read again.
 */
function useRelationshipWrite<T extends { relatedId?: number | undefined }, R>(id: number, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: async (_result, variables) => {
      await queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) })
      if (variables.relatedId !== undefined) await queryClient.invalidateQueries({ queryKey: contactKeys.detail(variables.relatedId) })
    },
  })
}

export function useAddRelationship(id: number, scope: TeamGroupParams) {
  return useRelationshipWrite(id, ({ relatedId, type }: { relatedId: number; type: RelationshipType }) =>
    callApi(relationshipCalls.addContactRelationship, {
      input: { ...scope, user_id: id, related_user_id: relatedId, relationship_type: type },
    }),
  )
}

export function useUpdateRelationship(id: number, scope: TeamGroupParams) {
  return useRelationshipWrite(id, ({ relationshipId, type }: { relationshipId: number; relatedId: number; type: RelationshipType }) =>
    callApi(relationshipCalls.updateContactRelationship, { input: { ...scope, user_id: id, id: relationshipId, relationship_type: type } }),
  )
}

export function useDeleteRelationship(id: number, scope: TeamGroupParams) {
  return useRelationshipWrite(id, ({ relationshipId }: { relationshipId: number; relatedId: number }) =>
    callApi(relationshipCalls.deleteContactRelationship, { input: { ...scope, user_id: id, id: relationshipId } }),
  )
}

export function useConfirmInferredRelationship(id: number, scope: TeamGroupParams) {
  return useRelationshipWrite(id, ({ relatedId, type }: { relatedId: number; type: RelationshipType }) =>
    callApi(relationshipCalls.confirmInferredContactRelationship, {
      input: { ...scope, user_id: id, related_user_id: relatedId, relationship_type: type },
    }),
  )
}

export function useRemoveInferredRelationship(id: number, scope: TeamGroupParams) {
  return useRelationshipWrite(id, ({ relatedId }: { relatedId: number }) =>
    callApi(relationshipCalls.removeInferredContactRelationship, { input: { ...scope, user_id: id, related_user_id: relatedId } }),
  )
}
