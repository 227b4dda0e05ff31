import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { z } from 'zod'
import { toE164 } from '@crm/domain'
import type { Executor } from '../db/client'
import { churchRosterMembers, teams } from '../db/schema/index'
import type { Deps } from './deps'

/**
 * The church membership check (spec 3 §8 acms_*) and the MD profile sync (spec 3 §2.6),
 * behind one interface (DESIGN.md §7). The default reads the roster conferences import
 * into `church_roster_members`; a membership system reached over HTTP replaces it when
 * configured (issue 15: features/roster builds the import and the HTTP adapter).
 */
export type RosterAnswer =
  /** The email is on the church's roster. */
  | 'member'
  /** The church has a roster and the email is not on it. */
  | 'not_member'
  /** Nothing to check against: the church has no ACMS id, or no roster was imported for it. */
  | 'no_roster'

export interface RosterChurch {
  conferenceId: number
  /** The church's ACMS id; null when it has none. */
  acmsId: string | null
}

export interface RosterProfile {
  first_name: string
  last_name: string
  /** E.164, or empty. */
  phone: string
}

export interface ChurchRoster {
  /** Whether the email belongs to a member of the church. */
  checkMember(church: RosterChurch, email: string): Promise<RosterAnswer>
  /** The ACMS id of the conference's church with this name, if one matches. */
  guessChurchId(conference: { conferenceId: number; conferenceAcmsId: string | null }, teamName: string): Promise<string | null>
  /** The person's name and phone as the membership system holds them (Sync with MD). */
  memberProfile(email: string): Promise<RosterProfile | null>
}

/** The built-in roster: the rows conferences imported (works offline, on one machine). */
export function storedRoster(db: Executor): ChurchRoster {
  return {
    async checkMember(church, email) {
      if (!church.acmsId) return 'no_roster'
      const inChurch = and(eq(churchRosterMembers.conference_id, church.conferenceId), eq(churchRosterMembers.church_acms_id, church.acmsId))
      const [member] = await db
        .select({ id: churchRosterMembers.id })
        .from(churchRosterMembers)
        .where(and(inChurch, eq(churchRosterMembers.email, email.trim().toLowerCase())))
        .limit(1)
      if (member) return 'member'
      const [any] = await db.select({ id: churchRosterMembers.id }).from(churchRosterMembers).where(inChurch).limit(1)
      return any ? 'not_member' : 'no_roster'
    },
    async guessChurchId(conference, teamName) {
      // Names the conference already knows: its sub-teams that carry an id, and the roster's church names.
      const subTeams = await db
        .select({ id: teams.acms_id, name: teams.title })
        .from(teams)
        .where(and(eq(teams.parent_id, conference.conferenceId), eq(teams.kind, 'team'), isNotNull(teams.acms_id)))
      const rosterChurches = await db
        .selectDistinct({ id: churchRosterMembers.church_acms_id, name: churchRosterMembers.church_name })
        .from(churchRosterMembers)
        .where(and(eq(churchRosterMembers.conference_id, conference.conferenceId), ne(churchRosterMembers.church_name, '')))
        .limit(5000)
      return pickChurchId(
        [...subTeams, ...rosterChurches].flatMap((church) => (church.id ? [{ id: church.id, name: church.name }] : [])),
        teamName,
      )
    },
    async memberProfile(email) {
      const [row] = await db
        .select({ first_name: churchRosterMembers.first_name, last_name: churchRosterMembers.last_name, phone: churchRosterMembers.phone })
        .from(churchRosterMembers)
        .where(eq(churchRosterMembers.email, email.trim().toLowerCase()))
        .orderBy(churchRosterMembers.id)
        .limit(1)
      return row ?? null
    },
  }
}

/** A church name as compared: lower case, no accents, words of letters and digits. */
function normalizeChurchName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

// Words every church of a conference may carry in its name; they tell no church apart.
const commonChurchWords = new Set(
  'the of and church churches chapel company group congregation seventh 7th day adventist adventists sda iglesia iglesias adventista adventistas del de la el los las septimo dia grupo compania congregacion'.split(
    ' ',
  ),
)

/** The distinctive words of a church name, sorted: 'Hope SDA Church' and 'hope church' both give 'hope'. */
function coreChurchWords(name: string): string {
  return [
    ...new Set(
      normalizeChurchName(name)
        .split(' ')
        .filter((word) => word && !commonChurchWords.has(word)),
    ),
  ]
    .sort()
    .join(' ')
}

/**
 * The guess among known churches: the one whose name equals the team's (ignoring case and
 * accents), else the one whose distinctive words are the team's. Null when none matches or
 * the match is ambiguous (two different ids): a wrong id would check invites against
 * another church's roster.
 */
export function pickChurchId(churches: Array<{ id: string; name: string }>, teamName: string): string | null {
  const only = (ids: Set<string>) => (ids.size === 1 ? ([...ids][0] ?? null) : null)
  const name = normalizeChurchName(teamName)
  if (!name) return null
  const exact = new Set(churches.filter((church) => normalizeChurchName(church.name) === name).map((church) => church.id))
  if (exact.size > 0) return only(exact)
  const core = coreChurchWords(teamName)
  if (!core) return null
  return only(new Set(churches.filter((church) => coreChurchWords(church.name) === core).map((church) => church.id)))
}

export interface HttpRosterOptions {
  /** The service's base URL, without a trailing slash. */
  url: string
  /** Sent as `Authorization: Bearer <key>`. */
  key: string | undefined
  /** How long one request may take. */
  timeoutMs: number
  log?: Pick<Deps['log'], 'warn'> | undefined
}

// The answers the membership service gives (anything else counts as the service failing).
const memberAnswer = z.object({ member: z.boolean() })
const churchesAnswer = z.object({ churches: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), name: z.string() })).max(1000) })
const profileAnswer = z.object({
  member: z.object({ first_name: z.string().max(100), last_name: z.string().max(100), phone: z.string().max(100).nullish() }).nullable(),
})

class RosterServiceError extends Error {}

/** How long an adapter leaves a failed service alone. */
const serviceRestMs = 30_000

/**
 * A membership system (ACMS) over HTTP, by URL and key (DESIGN.md §7). Every request is a GET
 * with `Authorization: Bearer <ACMS_KEY>` and `Accept: application/json`, answered in JSON:
 *
 * - `GET {url}/churches/{acmsId}/members?email={email}` → `{ "member": true | false }`;
 *   404 when the service does not know the church (answer: no_roster).
 * - `GET {url}/churches?name={teamName}&conference={conferenceAcmsId}` →
 *   `{ "churches": [{ "id": "1234", "name": "Hope Church" }, …] }`, the conference's churches
 *   whose name is like the one given (conference left out when the conference has no id).
 * - `GET {url}/members?email={email}` → `{ "member": { "first_name", "last_name", "phone" } | null }`;
 *   404 is the same as null.
 *
 * When the service is down, slow (over `timeoutMs`) or answers anything else, the imported
 * roster (`fallback`) answers instead and a warning is logged: an outage never blocks an
 * invite on its own (with no imported roster the answer is no_roster, so the invite goes
 * through), and Sync with MD keeps the names it has. After a failure the same adapter
 * does not ask again for 30 seconds.
 */
export function httpRoster(options: HttpRosterOptions, fallback: ChurchRoster): ChurchRoster {
  const request = async <T>(path: string, query: Record<string, string>, shape: z.ZodType<T>): Promise<T | null> => {
    const url = new URL(`${options.url}${path}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    let response: Response
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      })
    } catch (error) {
      throw new RosterServiceError(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable')
    }
    if (response.status === 404) {
      await response.body?.cancel()
      return null
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new RosterServiceError(`status ${response.status}`)
    }
    const parsed = shape.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success) throw new RosterServiceError('unexpected answer')
    return parsed.data
  }
  // After a failure this adapter asks the service no more for a while: an import of many
  // rows must not wait out the timeout once per row while the service is down.
  let skipUntil = 0
  const orFallback = async <T>(what: string, ask: () => Promise<T>, fallbackAnswer: () => Promise<T>): Promise<T> => {
    if (Date.now() < skipUntil) return fallbackAnswer()
    try {
      return await ask()
    } catch (error) {
      if (!(error instanceof RosterServiceError)) throw error
      skipUntil = Date.now() + serviceRestMs
      options.log?.warn({ reason: error.message, call: what }, 'membership service failed; the imported roster answers')
      return fallbackAnswer()
    }
  }
  return {
    checkMember: (church, email) => {
      const acmsId = church.acmsId
      if (!acmsId) return Promise.resolve('no_roster')
      return orFallback(
        'checkMember',
        async () => {
          const answer = await request(`/churches/${encodeURIComponent(acmsId)}/members`, { email: email.trim().toLowerCase() }, memberAnswer)
          return answer === null ? 'no_roster' : answer.member ? 'member' : 'not_member'
        },
        () => fallback.checkMember(church, email),
      )
    },
    guessChurchId: (conference, teamName) =>
      orFallback(
        'guessChurchId',
        async () => {
          const query = { name: teamName.trim(), ...(conference.conferenceAcmsId ? { conference: conference.conferenceAcmsId } : {}) }
          const answer = await request('/churches', query, churchesAnswer)
          const churches = answer?.churches ?? []
          return pickChurchId(churches, teamName) ?? (churches.length === 1 ? (churches[0]?.id ?? null) : null)
        },
        () => fallback.guessChurchId(conference, teamName),
      ),
    memberProfile: (email) =>
      orFallback(
        'memberProfile',
        async () => {
          const answer = await request('/members', { email: email.trim().toLowerCase() }, profileAnswer)
          const member = answer?.member
          if (!member) return null
          return { first_name: member.first_name.trim(), last_name: member.last_name.trim(), phone: toE164(member.phone?.trim() ?? '') ?? '' }
        },
        () => fallback.memberProfile(email),
      ),
  }
}

/** The roster the configuration chooses: the membership service when ACMS_URL is set, else the imported one. */
export function churchRoster(deps: Pick<Deps, 'db' | 'config'> & Partial<Pick<Deps, 'log'>>, db: Executor = deps.db): ChurchRoster {
  const stored = storedRoster(db)
  const { acmsUrl, acmsKey, acmsTimeoutMs } = deps.config
  if (!acmsUrl) return stored
  return httpRoster({ url: acmsUrl.replace(/\/+$/, ''), key: acmsKey, timeoutMs: acmsTimeoutMs ?? 3000, log: deps.log }, stored)
}
