import { and, eq, gt } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { accounts, sessions } from '../db/schema/index'
import type { Deps } from './deps'
import { hashToken } from './tokens'

// last_seen_at is refreshed at most this often, so reads do not write on every call.
const touchEveryMs = 5 * 60 * 1000

/** Reads the bearer token, if any, into request.viewer; access rules decide what follows. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<void> {
  request.viewer = null
  const header = request.headers.authorization
  if (!header || !header.startsWith('Bearer ')) return
  const token = header.slice('Bearer '.length).trim()
  if (!token || token.length > 200) return
  const now = deps.now()
  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.last_seen_at,
      personId: accounts.person_id,
      email: accounts.email,
      siteRole: accounts.site_role,
      isLocked: accounts.is_locked,
      locale: accounts.locale,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.person_id, sessions.person_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, now)))
  if (!row || row.isLocked) return
  request.viewer = {
    personId: row.personId,
    email: row.email,
    isSiteAdmin: row.siteRole === 'admin',
    sessionId: row.sessionId,
    locale: row.locale,
  }
  if (now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
    await deps.db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, row.sessionId))
  }
}
