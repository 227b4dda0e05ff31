import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { authCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

export const authKeys = {
  all: ['auth'] as const,
  activation: (key: string) => [...authKeys.all, 'activate', key] as const,
  resetKeyCheck: (userId: number | null, key: string) => [...authKeys.all, 'check-reset-password-key', userId, key] as const,
}

/** POST signup: creates the account asking to join a church, then answers as login would. */
export function useSignup() {
  return useMutation({
    mutationFn: (input: InputOf<typeof authCalls.signup>) => callApi(authCalls.signup, { input, anonymous: true }),
  })
}

/** POST reset-password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: InputOf<typeof authCalls.resetPassword>) => callApi(authCalls.resetPassword, { input, anonymous: true }),
  })
}

// A link's key is checked or used once per page view: no retries, no refetching (a used
// activation key answers key_invalid the second time).
const onceOptions = { retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false } as const

/** POST activate with the key of the activation link, once. */
export function activationQueryOptions(key: string) {
  return queryOptions({
    queryKey: authKeys.activation(key),
    queryFn: () => callApi(authCalls.activate, { input: { key }, anonymous: true }),
    enabled: key !== '',
    ...onceOptions,
  })
}

export function useActivation(key: string) {
  return useQuery(activationQueryOptions(key))
}

/** POST check-reset-password-key, once. */
export function resetKeyCheckQueryOptions(userId: number | null, key: string) {
  return queryOptions({
    queryKey: authKeys.resetKeyCheck(userId, key),
    queryFn: () => callApi(authCalls.checkResetPasswordKey, { input: { user_id: userId ?? 0, key }, anonymous: true }),
    enabled: userId !== null && key !== '',
    ...onceOptions,
  })
}

export function useResetKeyCheck(userId: number | null, key: string) {
  return useQuery(resetKeyCheckQueryOptions(userId, key))
}

/** GET logout: ends the session on the server. */
export function logout(): Promise<unknown> {
  return callApi(authCalls.logout, {})
}
