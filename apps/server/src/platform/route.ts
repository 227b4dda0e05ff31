import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { findMalformedText, type Call } from '@crm/domain'
import { readMultipart, type UploadedFile } from './multipart'
import { type GroupScope, type TeamScope, type Viewer } from './access'
import { readSession } from './authenticate'
import { type ContactScope } from './contact-access'
import type { Deps } from './deps'
import { FieldRefusals } from './field-refusals'
import { checkAccess, checkSignedIn, readField, type Access, type ScopeOf, type ViewerOf } from './route-access'

export { contactAccess, groupAccess, publicAccess, readField, readId, signedIn, siteAdmin, teamAccess, type Access, type TeamLocator } from './route-access'

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
      ...(call.answersFile ? { answersFile: call.answersFile } : {}),
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
