import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { hasCapability, type Call, type Capability, type TeamRole } from '@crm/domain'
import { AppError } from './errors'
import { loadGroupScope, loadTeamScope, type GroupScope, type TeamScope, type Viewer } from './access'
import { holdingTeamOfCaller, loadContactScope, type ContactScope } from './contact-access'
import type { Deps } from './deps'

/**
 * What a route needs before its handler runs. The platform checks it; a handler never
 * re-implements a role check (STYLE.md §5).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed_in'; allowAnonymous?: (request: FastifyRequest) => boolean }
  | { kind: 'site_admin' }
  | { kind: 'team'; capability?: Capability; conferenceOnly?: boolean; teamField?: string }
  | { kind: 'group'; capability?: Capability; teamField?: string; groupField?: string }
  | {
      kind: 'contact'
      capability?: Capability
      contactField?: string
      allowAwaiting?: boolean
      assignedOnly?: boolean
      nameHoldingTeam?: boolean
    }

export const publicAccess = { kind: 'public' } as const
export const signedIn = { kind: 'signed_in' } as const
export const siteAdmin = { kind: 'site_admin' } as const

/** Needs a membership of the team in `team_id` (and the capability there, if named). */
export function teamAccess(capability?: Capability, options: { conferenceOnly?: boolean; teamField?: string } = {}) {
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

export interface RouteContext<C extends Call, A extends Access> {
  params: NonNullable<C['params']> extends z.ZodObject ? z.output<NonNullable<C['params']>> : Record<string, never>
  input: z.output<C['request']>
  viewer: ViewerOf<A>
  scope: ScopeOf<A>
  deps: Deps
  request: FastifyRequest
  reply: FastifyReply
}

export interface RouteOptions {
  /** At most `max` requests a minute per client address (and per value of `byField`). */
  rateLimit?: { max: (deps: Deps) => number; byField?: string }
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

function readField(request: FastifyRequest, field: string): unknown {
  for (const source of [request.params, request.query, request.body]) {
    if (source && typeof source === 'object' && field in source) return (source as Record<string, unknown>)[field]
  }
  return undefined
}

function readId(request: FastifyRequest, field: string): number {
  const value = Number(readField(request, field))
  if (!Number.isInteger(value) || value <= 0) {
    throw new AppError('invalid_request', { errors: { [field]: 'Required' } })
  }
  return value
}

/** Runs before validation, so an uncapable caller learns nothing about the payload. */
async function checkAccess(deps: Deps, request: FastifyRequest, access: Access): Promise<void> {
  if (access.kind === 'public') return
  const viewer = request.viewer
  if (!viewer && access.kind === 'signed_in' && access.allowAnonymous?.(request)) return
  if (!viewer) throw new AppError('unauthorized')
  if (access.kind === 'signed_in') return
  if (access.kind === 'site_admin') {
    if (!viewer.isSiteAdmin) throw new AppError('forbidden')
    return
  }
  const teamId = readId(request, access.kind === 'contact' ? 'team_id' : (access.teamField ?? 'team_id'))
  let scope: TeamScope | GroupScope
  let role: TeamRole
  if (access.kind === 'contact') {
    const groupScope = await loadGroupScope(deps.db, viewer, teamId, readId(request, 'group_id'))
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
    const groupScope = await loadGroupScope(deps.db, viewer, teamId, readId(request, access.groupField ?? 'group_id'))
    scope = groupScope
    role = groupScope.groupRole
  } else {
    scope = await loadTeamScope(deps.db, viewer, teamId)
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
    keyGenerator: (request: FastifyRequest) =>
      limit.byField ? `${request.ip}:${String(readField(request, limit.byField) ?? '').toLowerCase()}` : request.ip,
  }
}

/** Registers one call of the domain contract with its access rule and handler. */
export function addRoute<C extends Call, A extends Access>(
  app: FastifyInstance,
  call: C,
  access: A,
  handler: (context: RouteContext<C, A>) => Promise<z.output<C['response']>> | z.output<C['response']>,
  options: RouteOptions = {},
): void {
  const input = call.method === 'GET' ? 'querystring' : 'body'
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      ...(access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(call.params ? { params: call.params } : {}),
      [input]: call.request,
      response: { 200: call.response },
    },
    config: {
      access,
      ...(options.rateLimit ? { rateLimit: rateLimitConfig(app.deps, options.rateLimit) } : {}),
    },
    preValidation: async (request) => {
      // A call without a body (a DELETE usually has none) validates as an empty object.
      if (input === 'body' && (request.body === undefined || request.body === null)) request.body = {}
      await checkAccess(app.deps, request, access)
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
      } as RouteContext<C, A>
      return handler(context)
    },
  })
}
