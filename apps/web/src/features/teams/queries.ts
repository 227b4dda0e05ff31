import { useMutation, useQuery } from '@tanstack/react-query'
import { inviteCalls, teamCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

export const teamKeys = {
  all: ['teams'] as const,
  invites: () => [...teamKeys.all, 'invites'] as const,
  pendingItems: (teamId: number) => [...teamKeys.all, 'pending-items', teamId] as const,
  inviteKeyCheck: (key: string) => [...teamKeys.all, 'check-invite-key', key] as const,
}

/** The signed-in person's pending invites (GET invites). */
export function useInvites() {
  return useQuery({
    queryKey: teamKeys.invites(),
    queryFn: ({ signal }) => callApi(teamCalls.invites, { signal }),
  })
}

/** Badge counts of the menu (GET pending-items); not asked while membership is pending. */
export function usePendingItems(teamId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.pendingItems(teamId ?? 0),
    queryFn: ({ signal }) => callApi(teamCalls.pendingItems, { input: { team_id: teamId ?? 0 }, signal }),
    enabled: enabled && teamId !== null,
    staleTime: 60_000,
  })
}

/** POST add-group; the caller reloads the account so the new group shows. */
export function useAddGroup() {
  return useMutation({
    mutationFn: (input: InputOf<typeof teamCalls.addGroup>) => callApi(teamCalls.addGroup, { input }),
  })
}

/** POST check-invite-key, once per page view (no retries, no refetching). */
export function useInviteKeyCheck(key: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.inviteKeyCheck(key),
    queryFn: () => callApi(inviteCalls.checkInviteKey, { input: { key }, anonymous: true }),
    enabled: enabled && key !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  })
}

/** POST activate-invite: a call before sign-in (the key proves the email). */
export function useActivateInvite() {
  return useMutation({
    mutationFn: (input: InputOf<typeof inviteCalls.activateInvite>) => callApi(inviteCalls.activateInvite, { input, anonymous: true }),
  })
}
