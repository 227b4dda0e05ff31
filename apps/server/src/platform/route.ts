import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { findMalformedText, hasCapability, id, type Call, type Capability, type TeamRole, fieldErrorOfIssue } from '@crm/domain'
import { AppError } from './errors'
import { readMultipart, type UploadedFile } from './multipart'
import { groupScopeOf, loadGroupScope, loadTeamScope, teamScopeOf, type GroupScope, type TeamScope, type Viewer } from './access'
import { readSession, type ScopeIds, type ScopeRows } from './authenticate'
import { holdingTeamOfCaller, loadContactScope, type ContactScope } from './contact-access'
import type { Deps } from './deps'
import { FieldRefusals, refuseField } from './field-refusals'

/**
 * What a route needs before its handler runs. The platform checks it; a handler never
 * re-implements a role check (STYLE.md §5).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed_in'; allowAnonymous?: (request: FastifyRequest) => boolean }
  | { kind: 'site_admin' }
  | { kind: 'team'; capability?: Capability; conferenceOnly?: boolean; teamField?: string; teamOf?: TeamLocator }
  | { kind: 'group'; capability?: Capability; teamField?: string; groupField?: string }
  | {
      kind: 'contact'
      capability?: Capability
      contactField?: string
      allowAwaiting?: boolean
      assignedOnly?: boolean
      nameHoldingTeam?: boolean
    }

/**
 * Where the team of a call that may name none comes from (spec 3 §7 event-attendance/{id}: the
 * event's own team): asked only when the request has no team field. Answers the team's id, or
 * null when nothing the request names is found (404); the caller's place there is then checked
 * as for any team call, so another team's row is 404 too.
 */
export type TeamLocator = (deps: Deps, viewer: Viewer, request: FastifyRequest) => Promise<number | null>

export const publicAccess = { kind: 'public' } as const
export const signedIn = { kind: 'signed_in' } as const
export const siteAdmin = { kind: 'site_admin' } as const

/**
 * Needs a membership of the team in `team_id` (and the capability there, if named). With
 * `teamOf`, a request without `team_id` is scoped to the team it locates.
 */
export function teamAccess(capability?: Capability, options: { conferenceOnly?: boolean; teamField?: string; teamOf?: TeamLocator } = {}) {
  return { kind: 'team', capability, ...options } as const
}

/** Needs access to the group `group_id` of team `team_id` (and the capability in it). */
export function groupAccess(capability?: Capability, options: { teamField?: string; groupField?: string } = {}) {
  return { kind: 'group', capability, ...options } as const
}

/**
 * Needs a contact the team holds and the caller may read (from `:id`, else `user_id`), in
 * group `group_id` of team `team_id`, and the capability on the contact. A team still
 * awaiting the owner's approval may only read it when `allowAwaiting` says so. With
 * `nameHoldingTeam` the 404 names another of the caller's teams that holds the contact.
 */
export function contactAccess(
  capability?: Capability,
  options: { contactField?: string; allowAwaiting?: boolean; assignedOnly?: boolean; nameHoldingTeam?: boolean } = {},
) {
  return { kind: 'contact', capability, ...options } as const
}

type ViewerOf<A extends Access> = A extends { kind: 'public' } | { allowAnonymous?: unknown } ? Viewer | null : Viewer
type ScopeOf<A extends Access> = A extends { kind: 'contact' }
  ? ContactScope
  : A extends { kind: 'group' }
    ? GroupScope
    : A extends { kind: 'team' }
      ? TeamScope
      : undefined

declare const fileAnswerBrand: unique symbol

/**
 * A file a handler answers instead of the call's JSON (an export such as export=1's CSV):
 * sent as it is, never through the call's response schema, which still holds every JSON
 * answer. Made by fileAnswer only.
 */
export type FileAnswer = Buffer & { readonly [fileAnswerBrand]: true }

/** What a handler may answer: the call's response, or a file made by fileAnswer. */
type HandlerResult<C extends Call> = Promise<z.output<C['response']> | FileAnswer> | z.output<C['response']> | FileAnswer

/**
 * Answers a download: `body` with its content type, as an attachment named `fileName` (any
 * character but letters, digits, dot, dash and underscore becomes a dash, so the header
 * cannot be broken out of).
 */
export function fileAnswer(reply: FastifyReply, file: { contentType: string; fileName: string; body: string | Buffer }): FileAnswer {
  const safeName =
    file.fileName
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+/, '')
      .slice(0, 100) || 'download'
  reply.type(file.contentType).header('content-disposition', `attachment; filename="${safeName}"`)
  // A Buffer skips the serializer: Fastify sends it as it is, with the type set here.
  return (typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body) as FileAnswer
}

export interface RouteContext<C extends Call, A extends Access> {
  params: NonNullable<C['params']> extends z.ZodObject ? z.output<NonNullable<C['params']>> : Record<string, never>
  input: z.output<C['request']>
  viewer: ViewerOf<A>
  scope: ScopeOf<A>
  deps: Deps
  request: FastifyRequest
  reply: FastifyReply
  /** The files of a call that takes files (`call.files`); empty for every other call. */
  files: UploadedFile[]
}

export interface RouteOptions {
  /** At most `max` requests a minute per client address (and per value of `byField`). */
  rateLimit?: { max: (deps: Deps) => number; byField?: string }
  /**
   * Other calls served on the same method and path (the spec gives two calls one path, as
   * update-user). The first alternative whose `matches(body)` holds takes the request: its
   * access is checked, its schema validates the body (the same 400 envelope), its handler
   * answers. A body no alternative matches is the main call's. Make them with `alternative()`.
   */
  alternatives?: readonly RouteAlternative[]
}

/** A call that shares a route with another; see RouteOptions.alternatives. */
export interface RouteAlternative {
  call: Call
  access: Access
  /** Decides on the raw body (or query string, for a GET), before anything is validated. */
  matches: (payload: Record<string, unknown>) => boolean
  handler: (context: RouteContext<Call, Access>) => unknown
}

/** An alternative of a shared route, typed by its own call and access. */
export function alternative<C extends Call, A extends Access>(
  call: C,
  access: A,
  matches: (payload: Record<string, unknown>) => boolean,
  handler: (context: RouteContext<C, A>) => Promise<z.output<C['response']>> | z.output<C['response']>,
): RouteAlternative {
  return { call, access, matches, handler: handler as unknown as RouteAlternative['handler'] }
}

/** Whether the payload has a value (not undefined) for any of the fields. */
export function hasAnyField(...fields: string[]): (payload: Record<string, unknown>) => boolean {
  return (payload) => fields.some((field) => Object.hasOwn(payload, field) && payload[field] !== undefined)
}

function chooseAlternative(alternatives: readonly RouteAlternative[], payload: unknown): RouteAlternative | undefined {
  if (alternatives.length === 0 || !payload || typeof payload !== 'object') return undefined
  return alternatives.find((candidate) => candidate.matches(payload as Record<string, unknown>))
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null
    scope: TeamScope | GroupScope | ContactScope | undefined
  }
  interface FastifyInstance {
    deps: Deps
  }
  interface FastifyContextConfig {
    access?: Access
  }
}

/** A field of the request: the path's, else the query string's (GET, HEAD) or the body's (POST, DELETE). */
export function readField(request: FastifyRequest, field: string): unknown {
  const payload = request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body
  for (const source of [request.params, payload]) {
    if (source && typeof source === 'object' && Object.hasOwn(source, field)) return (source as Record<string, unknown>)[field]
  }
  return undefined
}

/** An id the access check needs, read by the wire's own rule before the call's schema runs. */
export function readId(request: FastifyRequest, field: string): number {
  const value = readField(request, field)
  const parsed = id.safeParse(value)
  if (value === undefined || !parsed.success) {
    const issue = parsed.error?.issues[0]
    if (value === undefined || !issue) throw refuseField(field, 'required')
    throw refuseField(field, fieldErrorOfIssue(issue, value), { message: issue.message })
  }
  return parsed.data
}

/** The team a TeamLocator finds for a request without a team field, or 404. */
async function locateTeam(deps: Deps, viewer: Viewer, request: FastifyRequest, teamOf: TeamLocator): Promise<number> {
  const teamId = await teamOf(deps, viewer, request)
  if (teamId === null) throw new AppError('not_found')
  return teamId
}

/** The caller, where the route needs one: 401 without. Nothing of the body is read yet. */
function checkSignedIn(request: FastifyRequest, access: Access): Viewer | null {
  const viewer = request.viewer
  if (viewer || access.kind === 'public') return viewer
  if (access.kind === 'signed_in' && access.allowAnonymous?.(request)) return null
  throw new AppError('unauthorized')
}

/**
 * The team and group a call names, to read with the caller's session in one statement; null
 * when it names none, names one the wire refuses (the check then answers 401 before 400), or
 * finds its team by a locator (which needs the caller first).
 */
function scopeIdsOf(request: FastifyRequest, access: Access): ScopeIds | null {
  if (access.kind !== 'team' && access.kind !== 'group' && access.kind !== 'contact') return null
  const teamId = id.safeParse(readField(request, access.kind === 'contact' ? 'team_id' : (access.teamField ?? 'team_id')))
  if (!teamId.success) return null
  if (access.kind === 'team') return { teamId: teamId.data, groupId: null }
  const groupId = id.safeParse(readField(request, access.kind === 'group' ? (access.groupField ?? 'group_id') : 'group_id'))
  if (!groupId.success) return null
  return { teamId: teamId.data, groupId: groupId.data === teamId.data ? null : groupId.data }
}

/** The caller's team scope: from the rows the session's statement read, else read now. */
function teamScopeFrom(deps: Deps, viewer: Viewer, teamId: number, read: ScopeRows | null): Promise<TeamScope> | TeamScope {
  return read ? teamScopeOf(viewer, read.team) : loadTeamScope(deps.db, viewer, teamId)
}

/** The caller's group scope: from the rows the session's statement read, else read now. */
function groupScopeFrom(deps: Deps, viewer: Viewer, teamId: number, groupId: number, read: ScopeRows | null): Promise<GroupScope> | GroupScope {
  return read ? groupScopeOf(teamScopeOf(viewer, read.team), groupId, read.group) : loadGroupScope(deps.db, viewer, teamId, groupId)
}

/** Runs before validation, so an uncapable caller learns nothing about the payload. */
async function checkAccess(deps: Deps, request: FastifyRequest, access: Access): Promise<void> {
  const read = await readSession(deps, request, scopeIdsOf(request, access))
  const viewer = checkSignedIn(request, access)
  if (!viewer || access.kind === 'public' || access.kind === 'signed_in') return
  if (access.kind === 'site_admin') {
    if (!viewer.isSiteAdmin) throw new AppError('forbidden')
    return
  }
  const teamField = access.kind === 'contact' ? 'team_id' : (access.teamField ?? 'team_id')
  const teamId =
    access.kind === 'team' && access.teamOf && readField(request, teamField) === undefined
      ? await locateTeam(deps, viewer, request, access.teamOf)
      : readId(request, teamField)
  let scope: TeamScope | GroupScope
  let role: TeamRole
  if (access.kind === 'contact') {
    const groupScope = await groupScopeFrom(deps, viewer, teamId, readId(request, 'group_id'), read)
    const contactId = readId(request, access.contactField ?? ((request.params as { id?: unknown }).id !== undefined ? 'id' : 'user_id'))
    if (groupScope.groupRole === 'member_request') throw new AppError('forbidden')
    const contactScope = await loadContactScope(deps.db, viewer, groupScope, contactId, deps.now()).catch(async (error: unknown) => {
      if (!access.nameHoldingTeam || !(error instanceof AppError) || error.code !== 'not_found') throw error
      const contactTeam = await holdingTeamOfCaller(deps.db, viewer, groupScope.team.id, contactId)
      throw contactTeam ? new AppError('not_found', { contact_team: contactTeam }) : error
    })
    if (contactScope.teamContact.state === 'awaiting_approval' && !access.allowAwaiting) throw new AppError('forbidden')
    if (access.capability && !hasCapability(contactScope.contactRole, access.capability)) throw new AppError('forbidden')
    // relinquish: only a person the contact is assigned to has anything to give up.
    if (access.assignedOnly && !contactScope.contactRole.startsWith('assigned_')) throw new AppError('forbidden')
    request.scope = contactScope
    return
  } else if (access.kind === 'group') {
    const groupScope = await groupScopeFrom(deps, viewer, teamId, readId(request, access.groupField ?? 'group_id'), read)
    scope = groupScope
    role = groupScope.groupRole
  } else {
    scope = await teamScopeFrom(deps, viewer, teamId, read)
    role = scope.role
    if (access.conferenceOnly && !scope.isConference) throw new AppError('forbidden')
  }
  // A pending member sees nothing but the waiting page.
  if (role === 'member_request') throw new AppError('forbidden')
  if (access.capability && !hasCapability(role, access.capability)) throw new AppError('forbidden')
  request.scope = scope
}

function rateLimitConfig(deps: Deps, limit: NonNullable<RouteOptions['rateLimit']>) {
  return {
    max: limit.max(deps),
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => (limit.byField ? `${request.ip}:${String(readField(request, limit.byField) ?? '').toLowerCase()}` : request.ip),
  }
}

/**
 * NUL and unpaired surrogates in any string or key of the path, query or body: 400 here, so
 * that no call hands PostgreSQL a value it cannot store (and answers 500).
 */
function checkWellFormed(request: FastifyRequest): void {
  const refusals = new FieldRefusals()
  for (const source of [request.params, request.query, request.body]) {
    const path = findMalformedText(source)
    if (path !== undefined) refusals.add(path, 'malformed_text')
  }
  refusals.throwIfAny()
}

/** POST and DELETE take their fields from the body only: a query string there is 400. */
function refuseQueryString(request: FastifyRequest): void {
  const fields = Object.keys((request.query ?? {}) as object)
  if (fields.length === 0) return
  const message = `A ${request.method} takes its fields in the body, not in the query string`
  const refusals = new FieldRefusals()
  for (const field of fields) refusals.add(field, 'body_in_query', message)
  throw refusals.toError()
}

/** The files each request of a call that takes files brought. */
const uploads = new WeakMap<FastifyRequest, UploadedFile[]>()
/** The alternative a request of a shared route was given to. */
const chosenAlternatives = new WeakMap<FastifyRequest, RouteAlternative>()

/** The validator of a shared route: each payload by the schema of the call it goes to. */
function sharedPathValidator(input: 'body' | 'querystring', alternatives: readonly RouteAlternative[]): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const main = validatorCompiler(route)
    if (route.httpPart !== input) return main
    const others = new Map(alternatives.map((other) => [other, validatorCompiler({ ...route, schema: other.call.request })]))
    return (payload: unknown) => {
      const chosen = chooseAlternative(alternatives, payload)
      return ((chosen && others.get(chosen)) ?? main)(payload)
    }
  }
}

/** Registers one call of the domain contract with its access rule and handler. */
export function addRoute<C extends Call, A extends Access>(
  app: FastifyInstance,
  call: C,
  access: A,
  handler: (context: RouteContext<C, A>) => HandlerResult<C>,
  options: RouteOptions = {},
): void {
  const input = call.method === 'GET' ? 'querystring' : 'body'
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024
  const alternatives = options.alternatives ?? []
  for (const other of alternatives) {
    if (other.call.method !== call.method || other.call.path !== call.path || other.call.files) {
      throw new Error(`${call.method} ${call.path}: an alternative must share the method and path and take no files`)
    }
  }
  // Which access rule a request is held to: the alternative's its payload chooses, else the call's.
  const accessOf = (request: FastifyRequest): Access => {
    const chosen = chooseAlternative(alternatives, call.method === 'GET' ? request.query : request.body)
    if (chosen) chosenAlternatives.set(request, chosen)
    else chosenAlternatives.delete(request)
    return chosen?.access ?? access
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      ...(access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(call.params ? { params: call.params } : {}),
      [input]: call.request,
      response: {
        200: alternatives.length === 0 ? call.response : z.union([call.response, ...alternatives.map((other) => other.call.response)]),
      },
    },
    ...(alternatives.length === 0
      ? {}
      : {
          // The payload is validated by the schema of the call it was given to.
          validatorCompiler: sharedPathValidator(input, alternatives) as never,
        }),
    config: {
      access,
      ...(options.rateLimit ? { rateLimit: rateLimitConfig(app.deps, options.rateLimit) } : {}),
    },
    // Before the body is read: a query string cannot stand in for (or beside) the body.
    onRequest: async (request) => {
      if (call.method !== 'GET') refuseQueryString(request)
    },
    preValidation: async (request, reply) => {
      let accessChecked = false
      if (request.isMultipart()) {
        // A call that takes files needs its caller before anything of the body is read (its
        // team is in the body: the scope is read in a statement of its own).
        if (call.files) {
          await readSession(app.deps, request, null)
          checkSignedIn(request, access)
        }
        const form = await readMultipart(request, reply, {
          bodyLimit,
          files: call.files,
          beforeFiles: async (fields) => {
            request.body = fields
            await checkAccess(app.deps, request, accessOf(request))
            accessChecked = true
          },
        })
        request.body = form.fields
        uploads.set(request, form.files)
      }
      // A call without a body (a DELETE usually has none) validates as an empty object.
      if (input === 'body' && (request.body === undefined || request.body === null)) request.body = {}
      if (!accessChecked) await checkAccess(app.deps, request, accessOf(request))
      checkWellFormed(request)
    },
    handler: async (request, reply) => {
      const context = {
        params: request.params ?? {},
        input: call.method === 'GET' ? request.query : request.body,
        viewer: request.viewer,
        scope: request.scope,
        deps: app.deps,
        request,
        reply,
        files: uploads.get(request) ?? [],
      } as RouteContext<C, A>
      const chosen = chosenAlternatives.get(request)
      if (chosen) {
        // The answer is the chosen call's: its own response schema shapes it (the route's is the union).
        // An error envelope (the error handler's) passes as it is.
        reply.serializer((payload: unknown) => JSON.stringify(reply.statusCode < 300 ? chosen.call.response.parse(payload) : payload))
        return chosen.handler(context as unknown as RouteContext<Call, Access>)
      }
      return handler(context)
    },
  })
}
