import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { supportedLocales, type Locale } from '@crm/domain'
import { alias } from 'drizzle-orm/pg-core'
import { preparedQuery } from '../db/prepared'
import { accounts, memberships, sessions, teams } from '../db/schema/index'
import { teamScopeColumns, teamScopeJoins, type GroupRow, type TeamScopeRow } from './access'
import type { Deps } from './deps'
import { lookupsVersionColumn, noteLookupsVersion } from './lookups-version'
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

/** The columns of a session that every signed-in call reads, and the lookup lists' version. */
const sessionColumns = {
  sessionId: sessions.id,
  lastSeenAt: sessions.last_seen_at,
  personId: accounts.person_id,
  email: accounts.email,
  siteRole: accounts.site_role,
  isLocked: accounts.is_locked,
  locale: accounts.locale,
  lookupsVersion: lookupsVersionColumn,
}

const unexpiredSessionOfToken = and(eq(sessions.token_hash, sql.placeholder('tokenHash')), gt(sessions.expires_at, sql.placeholder('now')))

/** The unexpired session of a token's hash, with its account (a signed-in call that names no team). */
const sessionOfToken = preparedQuery((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(accounts, eq(accounts.person_id, sessions.person_id))
    .where(unexpiredSessionOfToken)
    .prepare('authenticate_session'),
)

const scopeGroup = alias(teams, 'scope_group')
const groupMembership = alias(memberships, 'group_membership')
const { parentMembership, teamOwner } = teamScopeJoins.tables

/**
 * The session with the caller's scope in the team `teamId` (access.ts's team_scope) and in
 * the group `groupId` of it (group_scope; null for none or for the primary group), in one
 * statement: a call that names a team needs no second one. The session's person is the
 * caller whose roles are read. Every join finds one row at most (by a primary key or a
 * unique pair), so an unknown team or group reads as nulls beside the session.
 */
const sessionWithScopeOfToken = preparedQuery((db) =>
  db
    .select({
      ...sessionColumns,
      ...teamScopeColumns,
      // teamColumns of the group's row.
      group: {
        id: scopeGroup.id,
        kind: scopeGroup.kind,
        parent_id: scopeGroup.parent_id,
        title: scopeGroup.title,
        is_public: scopeGroup.is_public,
        isolated_owner_id: scopeGroup.isolated_owner_id,
      },
      groupRole: groupMembership.role,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.person_id, sessions.person_id))
    .leftJoin(teams, teamScopeJoins.team(sql.placeholder('teamId')))
    .leftJoin(memberships, teamScopeJoins.membership(sessions.person_id))
    .leftJoin(parentMembership, teamScopeJoins.parentMembership(sessions.person_id))
    .leftJoin(teamOwner, teamScopeJoins.owner)
    .leftJoin(scopeGroup, and(eq(scopeGroup.id, sql.placeholder('groupId')), eq(scopeGroup.kind, 'group'), eq(scopeGroup.parent_id, teams.id)))
    .leftJoin(groupMembership, and(eq(groupMembership.team_id, scopeGroup.id), eq(groupMembership.person_id, sessions.person_id)))
    .where(unexpiredSessionOfToken)
    .prepare('authenticate_session_scope'),
)

/** The team (and group, when not the team itself) a call names, to read with its session. */
export interface ScopeIds {
  teamId: number
  groupId: number | null
}

/** The rows of a call's team and group that its session's statement read (null: none there). */
export interface ScopeRows {
  team: TeamScopeRow | null
  group: GroupRow | null
}

/** The requests whose session was read: it is read once, whichever step reads it first. */
const sessionsRead = new WeakSet<FastifyRequest>()

/**
 * The API's onRequest hook. A route with an access rule (route.ts) reads the session where it
 * checks the rule, after the body is read, so that the session and the scope of the team the
 * call names come in one statement; any other route reads it here.
 */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<void> {
  request.viewer = null
  if (request.routeOptions.config?.access) return
  await readSession(deps, request, null)
}

/**
 * Reads the bearer token's session, if any, into request.viewer (access rules decide what
 * follows); with `scopeIds`, the rows of that team and group too. An expired session, a
 * locked account or an unknown token leave no viewer. Null when no scope rows were read
 * (none asked, no viewer, or the session was read before).
 */
export async function readSession(deps: Deps, request: FastifyRequest, scopeIds: ScopeIds | null): Promise<ScopeRows | null> {
  if (sessionsRead.has(request)) return null
  sessionsRead.add(request)
  request.viewer = null
  const header = request.headers.authorization
  if (!header || !header.startsWith('Bearer ')) return null
  const token = header.slice('Bearer '.length).trim()
  if (!token || token.length > 200) return null
  const now = deps.now()
  const tokenHash = hashToken(token)
  const withScope = scopeIds ? (await sessionWithScopeOfToken(deps.db).execute({ tokenHash, now, ...scopeIds }))[0] : undefined
  const row = scopeIds ? withScope : (await sessionOfToken(deps.db).execute({ tokenHash, now }))[0]
  if (!row) return null
  noteLookupsVersion(deps.db, row.lookupsVersion)
  if (row.isLocked) return null
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
  if (!withScope) return null
  const { team, settings, role, parentRole, has_wwcc, has_adsafe, owner, group, groupRole } = withScope
  return {
    team: team && { team, settings, role, parentRole, has_wwcc, has_adsafe, owner },
    group: group && { group, role: groupRole },
  }
}
