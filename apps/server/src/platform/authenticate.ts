import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { supportedLocales, type Locale } from '@crm/domain'
import { preparedQuery } from '../db/prepared'
import { accounts, sessions } from '../db/schema/index'
import type { Deps } from './deps'
import { hashToken } from './tokens'

// last_seen_at is refreshed at most this often, so reads do not write on every call.
const touchEveryMs = 5 * 60 * 1000

/**
 * The language the caller reads in: the first supported language of Accept-Language, which
 * the web app sets to the language on screen, so a switch of language shows every *_display
 * text and date in it at once; else null (the account's locale applies).
 */
export function localeOfRequest(header: string | undefined): Locale | null {
  if (!header) return null
  for (const part of header.slice(0, 200).split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0]!
    const locale = supportedLocales.find((supported) => supported === tag)
    if (locale) return locale
  }
  return null
}

/** The unexpired session of a token's hash, with its account (every signed-in call asks). */
const sessionOfToken = preparedQuery((db) =>
  db
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
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), gt(sessions.expires_at, sql.placeholder('now'))))
    .prepare('authenticate_session'),
)

/** Reads the bearer token, if any, into request.viewer; access rules decide what follows. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<void> {
  request.viewer = null
  const header = request.headers.authorization
  if (!header || !header.startsWith('Bearer ')) return
  const token = header.slice('Bearer '.length).trim()
  if (!token || token.length > 200) return
  const now = deps.now()
  const [row] = await sessionOfToken(deps.db).execute({ tokenHash: hashToken(token), now })
  if (!row || row.isLocked) return
  request.viewer = {
    personId: row.personId,
    email: row.email,
    isSiteAdmin: row.siteRole === 'admin',
    sessionId: row.sessionId,
    locale: localeOfRequest(request.headers['accept-language']) ?? row.locale,
  }
  if (now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
    await deps.db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, row.sessionId))
  }
}
