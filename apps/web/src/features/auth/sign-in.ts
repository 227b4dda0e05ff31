import { useCallback } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Account } from '@crm/domain'
import { reloadAccount } from '../session/queries'
import { keepSignIn, type SignInCredentials, type SignInSession } from './keep-sign-in'

export type { SignInCredentials, SignInSession }

/**
 * After a sign-in inside the app (sign-up, an accepted invite): keeps the session on the
 * device (keepSignIn) and loads the account. Answers the account, or null when it cannot be
 * loaded.
 */
export async function completeSignIn(queryClient: QueryClient, session: SignInSession, credentials: SignInCredentials): Promise<Account | null> {
  // keepSignIn stores the session before its first await: the account loads with the new token.
  const kept = keepSignIn(session, credentials)
  const [account] = await Promise.all([reloadAccount(queryClient), kept])
  return account
}

export function useCompleteSignIn() {
  const queryClient = useQueryClient()
  return useCallback((session: SignInSession, credentials: SignInCredentials) => completeSignIn(queryClient, session, credentials), [queryClient])
}
