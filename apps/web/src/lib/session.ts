import { useEffect, useSyncExternalStore } from 'react'
import { selectionCookieDays, type LoginSession } from '@crm/domain'
import { daysToSeconds, deleteCookie, getCookie, setCookie } from './cookies'
import { clearNoteKey } from './note-key'

/** Cookie names of spec 1 §3's client-side state. */
export const cookieNames = {
  accessToken: 'access_token',
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: 'access_token_expires_at',
  selectedTeam: 'selected_team',
  selectedGroup: 'selected_group',
  locale: 'locale',
} as const

// setTimeout overflows above 2^31-1 ms (about 24.8 days).
const maxTimerMs = 2_147_483_647

const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The expiry of the stored session, in epoch milliseconds, or null. */
export function getSessionExpiry(): number | null {
  const value = Number(getCookie(cookieNames.expiresAt))
  return Number.isFinite(value) && value > 0 ? value : null
}

/** The access token while the stored expiry is later than now (spec 1 §4), else null. */
export function getAccessToken(): string | null {
  const token = getCookie(cookieNames.accessToken)
  const expiry = getSessionExpiry()
  if (!token || expiry === null || expiry <= Date.now()) return null
  return token
}

/** Stores the login session in cookies that last expires_in seconds. */
export function startSession(session: Pick<LoginSession, 'access_token' | 'expires_in'>): void {
  const expiresAt = Date.now() + session.expires_in * 1000
  setCookie(cookieNames.accessToken, session.access_token, { maxAgeSeconds: session.expires_in })
  setCookie(cookieNames.expiresAt, String(expiresAt), { maxAgeSeconds: session.expires_in })
  notify()
}

/**
 * Clears the auth cookies and the private-notes key kept on this device (spec 1 §4). The
 * team, group and locale choices stay (docs/decisions.md).
 */
export function clearSession(): void {
  const hadSession = getCookie(cookieNames.accessToken) !== null
  deleteCookie(cookieNames.accessToken)
  deleteCookie(cookieNames.expiresAt)
  void clearNoteKey()
  if (hadSession) notify()
}

/** The current access token, re-rendering on sign-in, sign-out and expiry. */
export function useAccessToken(): string | null {
  const token = useSyncExternalStore(subscribeSession, getAccessToken, () => null)
  useEffect(() => {
    const expiry = getSessionExpiry()
    if (!token || expiry === null) return
    const timer = setTimeout(notify, Math.min(Math.max(0, expiry - Date.now()) + 50, maxTimerMs))
    return () => clearTimeout(timer)
  }, [token])
  return token
}

export interface StoredSelection {
  teamId: number | null
  groupId: number | null
}

function readId(name: string): number | null {
  const value = getCookie(name)
  if (value === null || value === '') return null
  const id = Number(value)
  return Number.isInteger(id) ? id : null
}

export function readStoredSelection(): StoredSelection {
  return { teamId: readId(cookieNames.selectedTeam), groupId: readId(cookieNames.selectedGroup) }
}

/** Stores the selected team and group for 365 days (selectionCookieDays). */
export function storeSelection(selection: StoredSelection): void {
  const maxAgeSeconds = daysToSeconds(selectionCookieDays)
  if (selection.teamId === null) deleteCookie(cookieNames.selectedTeam)
  else setCookie(cookieNames.selectedTeam, String(selection.teamId), { maxAgeSeconds })
  if (selection.groupId === null) deleteCookie(cookieNames.selectedGroup)
  else setCookie(cookieNames.selectedGroup, String(selection.groupId), { maxAgeSeconds })
}
