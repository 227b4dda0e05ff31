import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { errorStatus, fieldErrorCodeList, type ErrorCode } from '@crm/domain'
import type { Access } from './route'

/**
 * The OpenAPI document (/api/docs/json): OpenAPI 3.1, whose schemas are JSON Schema 2020-12,
 * so a nullable field is `type: [..., 'null']` or `anyOf [..., { type: 'null' }]` exactly as
 * zod's converter writes it (3.0's `nullable: true` beside an `enum` refused null).
 */
export const openApiVersion = '3.1.0'

type JsonSchema = Record<string, unknown>

/** What each documented error status means, in the document's words. */
const statusDescriptions: Record<number, string> = {
  400: 'invalid_request: the payload, path or query string is not valid (data.errors names each field); or a code of the call',
  401: 'unauthorized: no session (or a sign-in code of the call)',
  403: "forbidden: the caller lacks the role or capability, or is still awaiting approval; child_data_gate: a child's records need the safety checks",
  404: 'not_found: no such row, or not visible to the caller',
  409: 'A conflict with what is stored (conflict, email_exists, name_taken, …)',
  413: 'payload_too_large: the body or a file is larger than the call takes',
  429: 'too_many_requests: wait a moment',
  500: 'internal_error',
}

/** The codes an answer of `status` may carry: the error table's (errors.ts maps a signed-in caller's 401 codes to 400). */
function codesOf(status: number | undefined): ErrorCode[] {
  const all = Object.keys(errorStatus) as ErrorCode[]
  if (status === undefined) return all
  return all.filter((code) => errorStatus[code] === status || (status === 400 && errorStatus[code] === 401 && code !== 'unauthorized'))
}

/** The error envelope of DESIGN.md §4, for one status (or any, for `default`). */
function envelopeSchema(status: number | undefined): JsonSchema {
  return {
    type: 'object',
    description: status === undefined ? 'Any other failure of the call (expired, is_locked, …): the error envelope' : statusDescriptions[status],
    required: ['code', 'message', 'data'],
    properties: {
      code: { type: 'string', enum: codesOf(status) },
      message: { type: 'string' },
      data: {
        type: 'object',
        required: ['status'],
        properties: {
          status: status === undefined ? { type: 'integer', minimum: 400, maximum: 599 } : { type: 'integer', enum: [status] },
          errors: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'A refusal of fields: an English message per field, for scripts and logs',
          },
          error_codes: {
            type: 'object',
            description: "Beside errors: each refused field's code and its parameters (limits, names), to word in the reader's language",
            additionalProperties: {
              type: 'object',
              required: ['code', 'params'],
              properties: {
                code: { type: 'string', enum: fieldErrorCodeList },
                params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
              },
              additionalProperties: false,
            },
          },
        },
        // Details of the code (contact_team, field, …).
        additionalProperties: true,
      },
    },
    additionalProperties: false,
  }
}

/** The component name of the envelope of a status. */
export function errorComponentName(status: number | 'default'): string {
  return status === 'default' ? 'ErrorEnvelope' : `ErrorEnvelope${status}`
}

/** The envelope schemas, one per documented status and one for any status, for components.schemas. */
export function errorComponents(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = { [errorComponentName('default')]: envelopeSchema(undefined) }
  for (const status of Object.keys(statusDescriptions).map(Number)) components[errorComponentName(status)] = envelopeSchema(status)
  return components
}

/**
 * The error statuses a call may answer, derived from its access rule and options (the calls
 * name no codes of their own): 400 for every call (its payload, a malformed character, a
 * missing team_id); 401 unless public; 403 and 404 where a role or scope is checked; 404 too
 * where the path names a row; 409 and 413 for a write; 429 where the call is rate limited;
 * 500 for any. The document's `default` answer covers the rest (410 expired, 423 is_locked).
 */
export function errorStatusesOf(method: string, url: string, access: Access, rateLimited: boolean): number[] {
  const scoped = access.kind === 'team' || access.kind === 'group' || access.kind === 'contact'
  const statuses = [400]
  if (access.kind !== 'public') statuses.push(401)
  if (scoped || access.kind === 'site_admin') statuses.push(403)
  if (scoped || url.includes(':')) statuses.push(404)
  if (method !== 'GET') statuses.push(409, 413)
  if (rateLimited) statuses.push(429)
  statuses.push(500)
  return statuses
}

/**
 * The zod transform, and for every call of the contract (a route with an access rule) the
 * error answers it may give, each the envelope.
 */
export const openApiTransform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const result = jsonSchemaTransform(input)
  const route = input.route as RouteOptions & { config?: { access?: Access; rateLimit?: unknown; answersFile?: string } }
  const access = route.config?.access
  const schema = result.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined
  if (!access || !schema || schema.hide) return result
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method)
  const errors: Record<string, unknown> = {}
  for (const status of errorStatusesOf(method, route.url, access, route.config?.rateLimit !== undefined)) {
    errors[status] = { $ref: `#/components/schemas/${errorComponentName(status)}`, description: statusDescriptions[status] }
  }
  errors.default = { $ref: `#/components/schemas/${errorComponentName('default')}`, description: 'Any other failure: the error envelope' }
  // A download is documented as the file it is, not as JSON.
  const answersFile = route.config?.answersFile
  const answer = answersFile
    ? { 200: { description: 'The file, as an attachment', content: { [answersFile]: { schema: { type: 'string', format: 'binary' } } } } }
    : {}
  return { ...result, schema: { ...result.schema, response: { ...schema.response, ...answer, ...errors } } }
}
