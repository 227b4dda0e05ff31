import type { FastifyInstance } from 'fastify'
import { eventCalls as calls } from '@crm/domain'
import { addRoute, publicAccess, signedIn, teamAccess } from '../../platform/route'
import { getIcalUrl, resetIcalUrls } from './calendar.service'
import { openIcalFeed } from './ical-feed.service'

// The calendar url (spec 1 §7 ical-url) and its reset from the profile.
export async function calendarRoutes(app: FastifyInstance) {
  addRoute(app, calls.icalUrl, teamAccess('read_event'), ({ deps, viewer, scope }) => getIcalUrl(deps, viewer, scope))
  addRoute(app, calls.resetIcalUrls, signedIn, ({ deps, viewer }) => resetIcalUrls(deps, viewer))
}

/** A feed's file name: the token (43 base64url characters: an HMAC-SHA256, or newToken before issue 33) and .ics. */
const feedFile = /^([A-Za-z0-9_-]{43})\.ics$/

/** Calendar apps refresh a feed every few minutes to hours: it may be kept this long. */
const feedMaxAgeSeconds = 300

/**
 * The feed itself, /ical/{token}.ics, outside /api/v1: calendar apps fetch it without a
 * session. The request log never keeps the token (platform/request-log.ts).
 */
export async function icalFeedRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/ical/:file',
    {
      config: {
        access: publicAccess,
        // The token is the proof; a client trying tokens is slowed down (six times the
        // sign-in limit a minute per address: a calendar service polls many feeds from one).
        rateLimit: { max: app.deps.config.loginRateLimit * 6, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const token = feedFile.exec(request.params.file)?.[1]
      const feed = token ? await openIcalFeed(app.deps, token) : null
      if (feed === null) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found')
      reply.header('cache-control', `private, max-age=${feedMaxAgeSeconds}`).header('etag', feed.etag)
      // A calendar app that has this text is told so, and the feed is not built.
      if (isHeld(request.headers['if-none-match'], feed.etag)) return reply.code(304).send()
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(await feed.text())
    },
  )
}

/** Whether If-None-Match names the entity tag (weak comparison, RFC 9110 §13.1.2: W/ aside). */
export function isHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
}
