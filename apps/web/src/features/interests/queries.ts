import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { interestCalls, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

/** Under the contact's detail key: a write about the contact reads its interests again. */
export const interestKeys = {
  list: (id: number, scope: TeamGroupParams, page: number) => [...contactKeys.detail(id), 'interests', scope.team_id, scope.group_id, page] as const,
}

/** GET contact-interests/{id}. */
export function contactInterestsQueryOptions(id: number, scope: TeamGroupParams, page = 1) {
  return queryOptions({
    queryKey: interestKeys.list(id, scope, page),
    queryFn: ({ signal }) => callApi(interestCalls.contactInterests, { params: { id }, input: { ...scope, page }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useContactInterests(id: number, scope: TeamGroupParams, page = 1) {
  return useQuery(contactInterestsQueryOptions(id, scope, page))
}

export interface InterestChoice {
  interest: string
  /** The text of an 'other' interest. */
  interestOther?: string
}

/** An interest write: the interests and the contact's activity log are read again. */
function useInterestWrite<R>(id: number, write: (choice: InterestChoice) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) }) })
}

const fieldsOf = (id: number, scope: TeamGroupParams, choice: InterestChoice) => ({
  ...scope,
  user_id: id,
  interest: choice.interest,
  ...(choice.interestOther ? { interest_other: choice.interestOther } : {}),
})

export function useAddInterest(id: number, scope: TeamGroupParams) {
  return useInterestWrite(id, (choice) => callApi(interestCalls.addContactInterest, { input: fieldsOf(id, scope, choice) }))
}

export function useDeleteInterest(id: number, scope: TeamGroupParams) {
  return useInterestWrite(id, (choice) => callApi(interestCalls.deleteContactInterest, { input: fieldsOf(id, scope, choice) }))
}
