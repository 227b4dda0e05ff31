import type { Deps } from '../../platform/deps'
import { derivedKey, safeEqual } from '../../platform/tokens'

/** How long the duplicate answer's proof lets the caller add the contact it named. */
export const matchTokenTtlMs = 30 * 60 * 1000

interface Match {
  personId: number
  teamId: number
  contactId: number
}

function signature(deps: Pick<Deps, 'config'>, match: Match, expiresAt: number): string {
  return derivedKey(deps.config.appSecret, 'contact-match', match.personId, match.teamId, match.contactId, expiresAt)
}

/**
 * The proof that the duplicate check showed this caller, working in this team, this contact
 * of another team: "<expiry in ms>.<HMAC>". Nothing is stored; the server secret signs it.
 */
export function matchToken(deps: Pick<Deps, 'config' | 'now'>, match: Match): string {
  const expiresAt = deps.now().getTime() + matchTokenTtlMs
  return `${expiresAt}.${signature(deps, match, expiresAt)}`
}

/** True for a token this server made for this caller, team and contact, not yet expired. */
export function isValidMatchToken(deps: Pick<Deps, 'config' | 'now'>, token: string | undefined, match: Match): boolean {
  if (!token) return false
  const [expiry, mac, ...rest] = token.split('.')
  if (!expiry || !mac || rest.length > 0 || !/^\d{1,15}$/.test(expiry)) return false
  const expiresAt = Number(expiry)
  if (expiresAt <= deps.now().getTime()) return false
  return safeEqual(mac, signature(deps, match, expiresAt))
}
