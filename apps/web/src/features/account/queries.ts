import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { accountCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
}

/** GET profile: the profile form of the signed-in account. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => callApi(accountCalls.profile, { signal }),
  })
}

export function useProfile() {
  return useQuery(profileQueryOptions())
}

/** POST update-account. */
export function useUpdateAccount() {
  return useMutation({
    mutationFn: (input: InputOf<typeof accountCalls.updateAccount>) => callApi(accountCalls.updateAccount, { input }),
  })
}

/** DELETE delete-account. */
export function deleteAccount(input: InputOf<typeof accountCalls.deleteAccount>) {
  return callApi(accountCalls.deleteAccount, { input })
}

/** GET my-private-notes: every private note of the signed-in person, as ciphertext. */
export function fetchMyPrivateNotes() {
  return callApi(accountCalls.myPrivateNotes, {})
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => callApi(accountCalls.twoFactorSetup, {}) })
}

export function useTwoFactorEnable() {
  return useMutation({
    mutationFn: (input: InputOf<typeof accountCalls.twoFactorEnable>) => callApi(accountCalls.twoFactorEnable, { input }),
  })
}

export function useTwoFactorDisable() {
  return useMutation({
    mutationFn: (input: InputOf<typeof accountCalls.twoFactorDisable>) => callApi(accountCalls.twoFactorDisable, { input }),
  })
}
