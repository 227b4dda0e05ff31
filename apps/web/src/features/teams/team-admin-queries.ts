import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { subTeamCalls, teamAdminCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'
import { teamKeys } from './queries'

// The team and group pages (spec 3 §2.4): view, edit, leave, remove, and a conference's sub-team form.

export const teamAdminKeys = {
  all: [...teamKeys.all, 'manage-team'] as const,
  /** The team (id = teamId), one of its groups, or a sub-team of the conference teamId. */
  detail: (teamId: number, id: number) => [...teamAdminKeys.all, 'detail', teamId, id] as const,
}

/** GET manage-team/{id}?team_id: what the view and edit pages show. */
export function useTeamDetail(teamId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: teamAdminKeys.detail(teamId, id),
    queryFn: ({ signal }) => callApi(teamAdminCalls.manageTeam, { params: { id }, input: { team_id: teamId }, signal }),
    enabled: enabled && teamId > 0 && id > 0,
  })
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
