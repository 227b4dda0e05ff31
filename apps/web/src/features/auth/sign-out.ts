import type { QueryClient } from '@tanstack/react-query'
import { clearAllDrafts } from '../../lib/drafts'
import { clearSession } from '../../lib/session'

/**
 * Ends the session on this device: the auth cookies, the private-notes key, every form
 * draft and the cached data (logout, a forced logout, a removed account).
 */
export function signOutLocally(queryClient: QueryClient): void {
  clearSession()
  clearAllDrafts()
  queryClient.clear()
}
