import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { teamAdminCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'
import { teamKeys } from './queries'

/**
 * Whose users a users screen shows (spec 3 §2.4): the selected team, the selected group of
 * it, or a conference's sub-team (the conference acts on it).
 */
export type UsersScope =
  | { kind: 'team'; teamId: number }
  | { kind: 'group'; teamId: number; groupId: number }
  | { kind: 'subTeam'; conferenceId: number; subTeamId: number }

export const teamUsersKeys = {
  all: [...teamKeys.all, 'manage-team'] as const,
  users: (scope: UsersScope) => [...teamUsersKeys.all, 'users', scope] as const,
}

/** GET manage-team/{id} of the scope, with_users=1: the team or group, its users and open invites. */
export function manageTeamInput(scope: UsersScope): { params: { id: number }; input: InputOf<typeof teamAdminCalls.manageTeam> } {
  switch (scope.kind) {
    case 'team':
      return { params: { id: scope.teamId }, input: { team_id: scope.teamId, with_users: 1 } }
    case 'group':
      return { params: { id: scope.groupId }, input: { team_id: scope.teamId, with_users: 1 } }
    case 'subTeam':
      return { params: { id: scope.subTeamId }, input: { team_id: scope.conferenceId, with_users: 1 } }
  }
}

export function useTeamUsers(scope: UsersScope, enabled = true) {
  return useQuery({
    queryKey: teamUsersKeys.users(scope),
    queryFn: ({ signal }) => callApi(teamAdminCalls.manageTeam, { ...manageTeamInput(scope), signal }),
    enabled,
  })
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamUsersKeys.all }),
  })
}

export function useSendInvite() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.sendInvite>) => callApi(teamAdminCalls.sendInvite, { input }))
}

export function useSendInviteConferenceSubTeam() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.sendInviteConferenceSubTeam>) =>
    callApi(teamAdminCalls.sendInviteConferenceSubTeam, { input }),
  )
}

export function useDeleteInvite() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.deleteInvite>) => callApi(teamAdminCalls.deleteInvite, { input }))
}

export function useUpdateTeamUser() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.updateTeamUser>) => callApi(teamAdminCalls.updateTeamUser, { input }))
}

export function useRemoveUserFromTeam() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.removeUserFromTeam>) =>
    callApi(teamAdminCalls.removeUserFromTeam, { input }),
  )
}

export function useRetireUser() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.retireUser>) => callApi(teamAdminCalls.retireUser, { input }))
}

export function useImportTeamUsers() {
  return useUsersMutation((input: InputOf<typeof teamAdminCalls.importTeamUsers>) => callApi(teamAdminCalls.importTeamUsers, { input }))
}
