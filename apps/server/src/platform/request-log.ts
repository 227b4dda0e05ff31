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
