import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { teamRequestCalls } from '@crm/domain'
import { callApi } from '../../lib/api'
import { teamKeys } from './queries'

export const requestKeys = {
  all: ['team-requests'] as const,
  membership: (teamId: number) => [...requestKeys.all, 'membership', teamId] as const,
  owner: () => [...requestKeys.all, 'owner'] as const,
}

/** GET membership-requests of a team (update_team). */
export function useMembershipRequests(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.membership(teamId),
    queryFn: ({ signal }) => callApi(teamRequestCalls.membershipRequests, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

/** POST accept- or reject-membership-request; the list and the menu badges refresh. */
export function useDecideMembershipRequest(teamId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, accept }: { userId: number; accept: boolean }) =>
      callApi(accept ? teamRequestCalls.acceptMembershipRequest : teamRequestCalls.rejectMembershipRequest, {
        input: { team_id: teamId, user_id: userId },
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.membership(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ])
    },
  })
}

/** GET owner-requests (site admins). */
export function useOwnerRequests(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.owner(),
    queryFn: ({ signal }) => callApi(teamRequestCalls.ownerRequests, { input: {}, signal }),
    enabled,
  })
}

/** POST accept- or reject-owner-request; the list and the menu badges refresh. */
export function useDecideOwnerRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      callApi(accept ? teamRequestCalls.acceptOwnerRequest : teamRequestCalls.rejectOwnerRequest, { input: { id } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.owner() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ])
    },
  })
}
