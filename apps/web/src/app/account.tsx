import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { accountCalls, type Account, type Group, type Team } from '@crm/domain'
import { callApi } from '../lib/api'
import { clearNoteKey } from '../lib/note-key'
import { readStoredSelection, storeSelection, useAccessToken, type StoredSelection } from '../lib/session'
import { resolveSelection, sortGroups, sortTeams } from './selection'

export const userQueryKey = ['user'] as const

export const userQuery = {
  queryKey: userQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(accountCalls.user, { input: { return_teams: 1 }, signal }),
}

/** Loads the account again (GET user) and answers it, or null when that fails. */
export function reloadAccount(queryClient: QueryClient): Promise<Account | null> {
  return queryClient.fetchQuery({ ...userQuery, staleTime: 0 }).catch(() => null)
}

/**
 * signed-out: no valid session; loading: GET user is on its way; invalid: it failed with
 * anything but 401 (spec 1 §8, the account is marked invalid); ready: account data loaded.
 */
export type AccountStatus = 'signed-out' | 'loading' | 'invalid' | 'ready'

export interface AccountState {
  status: AccountStatus
  account: Account | null
  /** The user's teams by title. */
  teams: Team[]
  team: Team | null
  group: Group | null
  /** The selected team's groups: primary first, then by title, temp private offers last. */
  groups: Group[]
  /** Selects a team and its primary group (the group of the same id). */
  selectTeam: (teamId: number) => void
  /** Stores a team and group to use, even before the account that has them is loaded (an accepted invite). */
  select: (selection: StoredSelection) => void
  /** Reloads user data, then selects the group (spec 1 §4). */
  selectGroup: (groupId: number) => Promise<void>
  reload: () => Promise<Account | null>
}

const AccountContext = createContext<AccountState | null>(null)

export function AccountProvider({ children }: { children: ReactNode }) {
  const token = useAccessToken()
  const queryClient = useQueryClient()
  const query = useQuery({ ...userQuery, enabled: token !== null })
  const [stored, setStored] = useState<StoredSelection>(readStoredSelection)

  // Signed out (logout, expiry or a 401): nothing of the last person stays in the cache, nor
  // their private-notes key on this device.
  useEffect(() => {
    if (token !== null) return
    queryClient.removeQueries({ predicate: (cached) => cached.queryKey[0] !== 'site' })
    void clearNoteKey()
  }, [token, queryClient])

  const account = token !== null ? (query.data ?? null) : null
  const selection = useMemo(() => resolveSelection(account, stored), [account, stored])

  // Remember what the rules picked (a stale cookie falls back to the first team or group).
  useEffect(() => {
    if (!account || !selection.team) return
    const groupId = selection.group?.id ?? null
    if (selection.team.id !== stored.teamId || groupId !== stored.groupId) {
      storeSelection({ teamId: selection.team.id, groupId })
    }
  }, [account, selection, stored])

  const select = useCallback((next: StoredSelection) => {
    storeSelection(next)
    setStored(next)
  }, [])

  const selectTeam = useCallback((teamId: number) => select({ teamId, groupId: teamId }), [select])

  const teamId = selection.team?.id ?? null
  const selectGroup = useCallback(
    async (groupId: number) => {
      await reloadAccount(queryClient)
      if (teamId !== null) select({ teamId, groupId })
    },
    [queryClient, select, teamId],
  )

  const reload = useCallback(() => reloadAccount(queryClient), [queryClient])

  let status: AccountStatus
  if (token === null) status = 'signed-out'
  else if (account) status = 'ready'
  else if (query.isError && !query.isFetching) status = 'invalid'
  else status = 'loading'

  const value = useMemo<AccountState>(
    () => ({
      status,
      account,
      teams: sortTeams(account),
      team: selection.team,
      group: selection.group,
      groups: sortGroups(selection.team),
      selectTeam,
      select,
      selectGroup,
      reload,
    }),
    [status, account, selection, selectTeam, select, selectGroup, reload],
  )
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>
}

export function useAccount(): AccountState {
  const state = useContext(AccountContext)
  if (!state) throw new Error('useAccount needs an AccountProvider')
  return state
}
