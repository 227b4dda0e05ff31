import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { authCalls, inviteCalls, subTeamCalls, teamAdminCalls, teamCalls, teamRequestCalls, type ManageTeamsQuery } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

export const teamKeys = {
  all: ['teams'] as const,
  invites: () => [...teamKeys.all, 'invites'] as const,
  pendingItems: (teamId: number) => [...teamKeys.all, 'pending-items', teamId] as const,
  inviteKeyCheck: (key: string) => [...teamKeys.all, 'check-invite-key', key] as const,
  /** GET manage-team/{id}: the team, group and sub-team pages and the users screens. */
  manageTeams: () => [...teamKeys.all, 'manage-team'] as const,
  manageTeam: (id: number, input: ManageTeamInput) => [...teamKeys.manageTeams(), id, input] as const,
}

/** The signed-in person's pending invites (GET invites). */
export function invitesQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.invites(),
    queryFn: ({ signal }) => callApi(teamCalls.invites, { signal }),
  })
}

export function useInvites() {
  return useQuery(invitesQueryOptions())
}

/** Badge counts of the menu (GET pending-items); not asked while membership is pending. */
export function pendingItemsQueryOptions(teamId: number | null, enabled: boolean) {
  return queryOptions({
    queryKey: teamKeys.pendingItems(teamId ?? 0),
    queryFn: ({ signal }) => callApi(teamCalls.pendingItems, { input: { team_id: teamId ?? 0 }, signal }),
    enabled: enabled && teamId !== null,
    staleTime: 60_000,
  })
}

export function usePendingItems(teamId: number | null, enabled: boolean) {
  return useQuery(pendingItemsQueryOptions(teamId, enabled))
}

/** POST add-group; the caller reloads the account so the new group shows. */
export function useAddGroup() {
  return useMutation({
    mutationFn: (input: InputOf<typeof teamCalls.addGroup>) => callApi(teamCalls.addGroup, { input }),
  })
}

/** POST check-invite-key, once per page view (no retries, no refetching). */
export function inviteKeyCheckQueryOptions(key: string, enabled: boolean) {
  return queryOptions({
    queryKey: teamKeys.inviteKeyCheck(key),
    queryFn: () => callApi(inviteCalls.checkInviteKey, { input: { key }, anonymous: true }),
    enabled: enabled && key !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  })
}

export function useInviteKeyCheck(key: string, enabled: boolean) {
  return useQuery(inviteKeyCheckQueryOptions(key, enabled))
}

/** POST activate-invite: a call before sign-in (the key proves the email). */
export function useActivateInvite() {
  return useMutation({
    mutationFn: (input: InputOf<typeof inviteCalls.activateInvite>) => callApi(inviteCalls.activateInvite, { input, anonymous: true }),
  })
}

// ---------------------------------------------------------------------------------------
// Membership and owner requests

export const requestKeys = {
  all: ['team-requests'] as const,
  membership: (teamId: number) => [...requestKeys.all, 'membership', teamId] as const,
  owner: () => [...requestKeys.all, 'owner'] as const,
}

/** GET membership-requests of a team (update_team). */
export function membershipRequestsQueryOptions(teamId: number, enabled: boolean) {
  return queryOptions({
    queryKey: requestKeys.membership(teamId),
    queryFn: ({ signal }) => callApi(teamRequestCalls.membershipRequests, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

export function useMembershipRequests(teamId: number, enabled: boolean) {
  return useQuery(membershipRequestsQueryOptions(teamId, enabled))
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
export function ownerRequestsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: requestKeys.owner(),
    queryFn: ({ signal }) => callApi(teamRequestCalls.ownerRequests, { input: {}, signal }),
    enabled,
  })
}

export function useOwnerRequests(enabled: boolean) {
  return useQuery(ownerRequestsQueryOptions(enabled))
}

/** POST accept- or reject-owner-request; the list and the menu badges refresh. */
export function useDecideOwnerRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      callApi(accept ? teamRequestCalls.acceptOwnerRequest : teamRequestCalls.rejectOwnerRequest, { input: { id } }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: requestKeys.owner() }), queryClient.invalidateQueries({ queryKey: teamKeys.all })])
    },
  })
}

// ---------------------------------------------------------------------------------------
// A conference's sub-teams (GET manage-teams)

export const subTeamKeys = {
  all: ['sub-teams'] as const,
  list: (query: ManageTeamsQuery) => [...subTeamKeys.all, 'list', query] as const,
}

/** GET manage-teams: one page of the conference's sub-teams. */
export function subTeamsQueryOptions(query: ManageTeamsQuery, enabled: boolean) {
  return queryOptions({
    queryKey: subTeamKeys.list(query),
    queryFn: ({ signal }) => callApi(subTeamCalls.manageTeams, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useSubTeams(query: ManageTeamsQuery, enabled: boolean) {
  return useQuery(subTeamsQueryOptions(query, enabled))
}

/** POST manage-teams/delete; the list refreshes. */
export function useDeleteSubTeam(conferenceId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (subTeamId: number) => callApi(subTeamCalls.manageTeamsDelete, { input: { team_id: conferenceId, sub_team_id: subTeamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subTeamKeys.all }),
  })
}

// ---------------------------------------------------------------------------------------
// The team and group pages (spec 3 §2.4): view, edit, leave, remove, and a conference's sub-team form

type ManageTeamInput = InputOf<typeof teamAdminCalls.manageTeam>

/**
 * GET manage-team/{id}?team_id: the team (id = team_id), one of its groups, or a sub-team of the
 * conference team_id; with_users=1 adds its users and open invites.
 */
export function manageTeamQueryOptions(id: number, input: ManageTeamInput) {
  return queryOptions({
    queryKey: teamKeys.manageTeam(id, input),
    queryFn: ({ signal }) => callApi(teamAdminCalls.manageTeam, { params: { id }, input, signal }),
  })
}

/** What the view and edit pages show. */
export function useTeamDetail(teamId: number, id: number, enabled = true) {
  return useQuery({ ...manageTeamQueryOptions(id, { team_id: teamId }), enabled: enabled && teamId > 0 && id > 0 })
}

/** A change of a team: every cached team page (and users page) reads again. */
function useTeamMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

export function useUpdateTeam() {
  return useTeamMutation((input: InputOf<typeof teamAdminCalls.updateTeam>) => callApi(teamAdminCalls.updateTeam, { input }))
}

export function useUpdateGroup() {
  return useTeamMutation((input: InputOf<typeof teamAdminCalls.updateGroup>) => callApi(teamAdminCalls.updateGroup, { input }))
}

export function useRemoveGroup() {
  return useTeamMutation((input: InputOf<typeof teamAdminCalls.removeGroup>) => callApi(teamAdminCalls.removeGroup, { input }))
}

export function useLeaveTeam() {
  return useMutation({
    mutationFn: (input: InputOf<typeof teamAdminCalls.leaveTeam>) => callApi(teamAdminCalls.leaveTeam, { input }),
  })
}

/** POST manage-teams/add: a new sub-team of the conference. */
export function useAddSubTeam() {
  return useTeamMutation((input: InputOf<typeof teamAdminCalls.manageTeamsAdd>) => callApi(teamAdminCalls.manageTeamsAdd, { input }))
}

/** POST remove-sub-team: the conference removes one of its sub-teams. */
export function useRemoveSubTeam() {
  return useTeamMutation((input: InputOf<typeof subTeamCalls.removeSubTeam>) => callApi(subTeamCalls.removeSubTeam, { input }))
}

/** GET acms-get-id-for-team: the ACMS id guessed from a sub-team's name (null when none). */
export async function guessAcmsId(input: InputOf<typeof teamAdminCalls.acmsGetIdForTeam>): Promise<string | null> {
  try {
    return (await callApi(teamAdminCalls.acmsGetIdForTeam, { input })).id
  } catch {
    // A guess that fails leaves the field for the user to fill in.
    return null
  }
}

// ---------------------------------------------------------------------------------------
// The users screens of a team, group or sub-team

/**
 * Whose users a users screen shows (spec 3 §2.4): the selected team, the selected group of
 * it, or a conference's sub-team (the conference acts on it).
 */
export type UsersScope =
  { kind: 'team'; teamId: number } | { kind: 'group'; teamId: number; groupId: number } | { kind: 'subTeam'; conferenceId: number; subTeamId: number }

/** The manage-team/{id} call of the scope, with_users=1: the team or group, its users and open invites. */
function manageTeamOf(scope: UsersScope): { id: number; input: ManageTeamInput } {
  switch (scope.kind) {
    case 'team':
      return { id: scope.teamId, input: { team_id: scope.teamId, with_users: 1 } }
    case 'group':
      return { id: scope.groupId, input: { team_id: scope.teamId, with_users: 1 } }
    case 'subTeam':
      return { id: scope.subTeamId, input: { team_id: scope.conferenceId, with_users: 1 } }
  }
}

export function useTeamUsers(scope: UsersScope, enabled = true) {
  const { id, input } = manageTeamOf(scope)
  return useQuery({ ...manageTeamQueryOptions(id, input), enabled })
}

/**
 * The ids every change of a person on the scope names: the team (and group), or in a
 * conference the conference as team_id with conference_team_id and sub_team_id (spec 3 §7).
 */
export function scopeIds(scope: UsersScope): { team_id: number; group_id?: number; conference_team_id?: number; sub_team_id?: number } {
  switch (scope.kind) {
    case 'team':
      return { team_id: scope.teamId }
    case 'group':
      return { team_id: scope.teamId, group_id: scope.groupId }
    case 'subTeam':
      return { team_id: scope.conferenceId, conference_team_id: scope.conferenceId, sub_team_id: scope.subTeamId }
  }
}

/** A mutation of the users screens: afterwards every users list (team, group, sub-team) is read again. */
function useUsersMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.manageTeams() }),
  })
}

export function useSendInvite() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.sendInvite>) => callApi(teamAdminCalls.sendInvite, { input }))
}

export function useSendInviteConferenceSubTeam() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.sendInviteConferenceSubTeam>) => callApi(teamAdminCalls.sendInviteConferenceSubTeam, { input }))
}

export function useDeleteInvite() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.deleteInvite>) => callApi(teamAdminCalls.deleteInvite, { input }))
}

export function useUpdateTeamUser() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.updateTeamUser>) => callApi(teamAdminCalls.updateTeamUser, { input }))
}

export function useRemoveUserFromTeam() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.removeUserFromTeam>) => callApi(teamAdminCalls.removeUserFromTeam, { input }))
}

export function useRetireUser() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.retireUser>) => callApi(teamAdminCalls.retireUser, { input }))
}

export function useImportTeamUsers() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.importTeamUsers>) => callApi(teamAdminCalls.importTeamUsers, { input }))
}

/** A site admin locks a user's account (lock-user): the users lists show the lock. */
export function useLockUser() {
  return useUsersMutation((input: InputOf<typeof authCalls.lockUser>) => callApi(authCalls.lockUser, { input }))
}

/** A site admin unlocks a user's account (unlock-user). */
export function useUnlockUser() {
  return useUsersMutation((input: InputOf<typeof authCalls.unlockUser>) => callApi(authCalls.unlockUser, { input }))
}
