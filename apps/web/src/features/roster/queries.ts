import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { churchRosterCalls, type InputOf } from '@crm/domain'
import { callApi } from '../../lib/api'

// A conference's church rosters (DESIGN.md §7): the list of churches and the import.

export const rosterKeys = {
  all: ['church-roster'] as const,
  conference: (conferenceId: number) => [...rosterKeys.all, conferenceId] as const,
}

/** GET church-roster: the conference's roster churches. */
export function churchRosterQueryOptions(conferenceId: number) {
  return queryOptions({
    queryKey: rosterKeys.conference(conferenceId),
    queryFn: ({ signal }) => callApi(churchRosterCalls.churchRoster, { input: { team_id: conferenceId }, signal }),
  })
}

export function useChurchRoster(conferenceId: number) {
  return useQuery(churchRosterQueryOptions(conferenceId))
}

/** POST import-church-roster; a real import (not a dry run) reads the list again. */
export function useImportChurchRoster(conferenceId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<InputOf<typeof churchRosterCalls.importChurchRoster>, 'team_id'>) =>
      callApi(churchRosterCalls.importChurchRoster, { input: { ...input, team_id: conferenceId } }),
    onSuccess: async (_result, input) => {
      if (!input.dry_run) await queryClient.invalidateQueries({ queryKey: rosterKeys.conference(conferenceId) })
    },
  })
}
