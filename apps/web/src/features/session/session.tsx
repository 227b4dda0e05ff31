import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { defaultTimeZone, type Account, type Group, type Team } from '@crm/domain'
import { TeamTimeZoneContext } from '../../lib/team-time-zone'
import { clearNoteKey } from '../../lib/note-key'
import { readStoredSelection, storeSelection, useAccessToken, type StoredSelection } from '../../lib/session'
import { resolveSelection, sortGroups, sortTeams } from './selection'
import { reloadAccount, userQueryOptions } from './queries'
import { siteKeys } from '../site/queries'

/**
 * signed-out: no valid session; loading: GET user is on its way; invalid: it failed with
 * anything but 401 (spec 1 §8, the account is marked invalid); ready: account data loaded.
 */
export type SessionStatus = 'signed-out' | 'loading' | 'invalid' | 'ready'

export interface SessionState {
  status: SessionStatus
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

const SessionContext = createContext<SessionState | null>(null)

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useAccessToken()
  const queryClient = useQueryClient()
  // The app asked for the account as it started (app.tsx): that answer is this one, not a
  // reason to ask again. Later changes invalidate it.
  const query = useQuery({ ...userQueryOptions(), enabled: token !== null, refetchOnMount: false })
  const [stored, setStored] = useState<StoredSelection>(readStoredSelection)

  // Signed out (logout, expiry or a 401): nothing of the last person stays in the cache, nor
  // their private-notes key on this device. The site's public data stays.
  useEffect(() => {
    if (token !== null) return
    queryClient.removeQueries({ predicate: (cached) => cached.queryKey[0] !== siteKeys.all[0] })
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

  let status: SessionStatus
  if (token === null) status = 'signed-out'
  else if (account) status = 'ready'
  else if (query.isError && !query.isFetching) status = 'invalid'
  else status = 'loading'

  const value = useMemo<SessionState>(
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
  // Dates and times show in the selected team's time zone (lib/date-format.ts).
  return (
    <SessionContext.Provider value={value}>
      <TeamTimeZoneContext.Provider value={selection.team?.time_zone ?? defaultTimeZone}>{children}</TeamTimeZoneContext.Provider>
    </SessionContext.Provider>
  )
}

export function useSession(): SessionState {
  const state = useContext(SessionContext)
  if (!state) throw new Error('useSession needs a SessionProvider')
  return state
}
