import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { subTeamCalls, type ManageTeamsQuery } from '@crm/domain'
import { callApi } from '../../lib/api'

export const subTeamKeys = {
  all: ['sub-teams'] as const,
  list: (query: ManageTeamsQuery) => [...subTeamKeys.all, 'list', query] as const,
}

/** GET manage-teams: one page of the conference's sub-teams. */
export function useSubTeams(query: ManageTeamsQuery, enabled: boolean) {
  return useQuery({
    queryKey: subTeamKeys.list(query),
    queryFn: ({ signal }) => callApi(subTeamCalls.manageTeams, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** POST manage-teams/delete; the list refreshes. */
export function useDeleteSubTeam(conferenceId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (subTeamId: number) => callApi(subTeamCalls.manageTeamsDelete, { input: { team_id: conferenceId, sub_team_id: subTeamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subTeamKeys.all }),
  })
}
