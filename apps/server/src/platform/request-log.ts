import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'

// What the request log keeps of a url (DESIGN.md §4: secrets never land in logs). Some
// paths carry a secret as a segment: a calendar feed's token, a parental-consent key (the
// public page and the calls that answer it). A query string may carry one too (the SPA's
// /activate, /reset-password and /accept-invite links) or a person's name (a search): it is
// never kept, only that there was one.

/** A prefix whose next segment is a secret. */
const secretSegments = [
  /^(\/ical\/)[^/?#]*/,
  /^(\/consent\/)[^/?#]*/,
  /^(\/api\/v1\/(?:consent-page|submit-consent|submit-consent-new-contact|submit-consent-contact)\/)[^/?#]*/,
]

/** The url as the log may keep it: secret segments and the query string replaced. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?')
  let path = queryAt === -1 ? url : url.slice(0, queryAt)
  for (const pattern of secretSegments) path = path.replace(pattern, '$1[redacted]')
  return queryAt === -1 ? path : `${path}?[redacted]`
}

/** The `req` serializer of every request log line. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip }
}

/** A request id a load balancer may hand on: letters, digits and . _ - only, at most 128. */
const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/

/**
 * Each request's id, in every log line of it and in its answer's `X-Request-Id` (issue 38 item
 * 4): the load balancer's `X-Request-Id` when the proxy is trusted and the id is well formed
 * (one id follows a request through nginx and the app), else a new UUID, unique across
 * processes as Fastify's own counter ('req-1' in every process) is not.
 */
export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const given = request.headers['x-request-id']
  if (trustProxy && typeof given === 'string' && requestIdPattern.test(given)) return given
  return randomUUID()
}
