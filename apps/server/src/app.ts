import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { defaultMapTiles } from '@crm/domain'
import type { Deps } from './platform/deps'
import { isPglite } from './db/client'
import { queueRequests } from './platform/request-queue'
import { sharedRateLimitStore } from './platform/rate-limit-store'
import { healthRoutes, newLifecycle, refuseReadsWhileStopping, type Lifecycle } from './platform/health'
import { countAnswers, metricsRoute, type PoolUse } from './platform/metrics'
import type { Access } from './platform/route'
import { AppError, envelope, handleError, serializeError } from './platform/errors'
import { serializeRequest, requestIdOf } from './platform/request-log'
import { errorComponents, openApiTransform, openApiVersion } from './platform/openapi'
import { authenticate } from './platform/authenticate'
import { authRoutes } from './features/auth/auth.routes'
import { accountRoutes } from './features/account/account.routes'
import { teamRoutes } from './features/teams/teams.routes'
import { lookupRoutes } from './features/lookups/lookups.routes'
import { siteRoutes } from './features/site/site.routes'
import { contactRoutes } from './features/contacts/contacts.routes'
import { contactWriteRoutes } from './features/contacts/contact-writes.routes'
import { contactImportRoutes } from './features/contact-import/contact-import.routes'
import { userImportRoutes } from './features/user-imports/user-imports.routes'
import { interactionImportRoutes } from './features/interaction-import/interaction-import.routes'
import { devMailRoutes } from './features/dev-mail/dev-mail.routes'
import { placeRoutes } from './features/places/places.routes'
import { interactionRoutes } from './features/interactions/interactions.routes'
import { contactEventRoutes } from './features/contact-events/contact-events.routes'
import { noteRoutes } from './features/notes/notes.routes'
import { relationshipRoutes } from './features/relationships/relationships.routes'
import { interestRoutes } from './features/interests/interests.routes'
import { activityRoutes } from './features/activity/activity.routes'
import { consentRoutes } from './features/consent/consent.routes'
import { avatarRoutes } from './features/consent/avatar.routes'
import { qrCardRoutes } from './features/qr-cards/qr-cards.routes'
import { eventRoutes } from './features/events/events.routes'
import { attendanceRoutes } from './features/events/attendance.routes'
import { calendarRoutes, icalFeedRoutes } from './features/calendar/calendar.routes'
import { teamAdminRoutes } from './features/teams/team-admin.routes'
import { teamUserRoutes, teamUserUpdateAlternatives } from './features/teams/team-users.routes'
import { requestRoutes } from './features/teams/requests.routes'
import { subTeamRoutes } from './features/teams/sub-teams.routes'
import { rosterRoutes } from './features/roster/roster.routes'
import { notificationRoutes } from './features/notifications/notifications.routes'
import { manageNotificationRoutes } from './features/notifications/manage-notifications.routes'
import { notificationRuleRoutes } from './features/notifications/rules.routes'
import { dashboardRoutes } from './features/dashboard/dashboard.routes'
import { contactMapRoutes } from './features/contacts/contacts-map.routes'
import { duplicateRoutes } from './features/duplicates/duplicates.routes'
import { contactDataRoutes } from './features/contact-data/contact-data.routes'
import { transferRoutes } from './features/transfers/transfers.routes'
import { reportRoutes } from './features/reports/reports.routes'

export const apiPrefix = '/api/v1'
/** API answers from this size on are compressed. */
export const apiCompressionThresholdBytes = 1024
/**
 * API answers up to this size are compressed in one call on the event loop: a page of 100
 * contacts (about 55 KB of JSON) takes about 0.5 ms that way. Above @fastify/compress's
 * default for two cores (8 KiB) it streams each answer through libuv's threadpool, whose
 * set-up and hand-overs added about 1.5 ms to every list page (issue 11, docs/benchmarks.md).
 */
export const apiSyncCompressionMaxBytes = 128 * 1024

export interface RouteEntry {
  method: string
  url: string
  access: Access | undefined
  /** The schema of the query string (GET) or body, where the route has one. */
  input: unknown
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[]
    /** Whether the process is stopping (server.ts sets it; /health/ready answers 503 then). */
    lifecycle: Lifecycle
  }
}

export interface AppOptions {
  /** Log to stdout (the server) or not (tests). */
  logger?: boolean
  /** Where the log goes instead of stdout (a test reads it). */
  logStream?: NodeJS.WritableStream
  /** The built SPA to serve, if any. */
  webDist?: string
  /** More features under /api/v1 (a test registers calls of its own). */
  features?: FastifyPluginAsync[]
  /** The database pool's use, for /metrics (PostgreSQL only). */
  poolUse?: () => PoolUse
}

// update-user is one path for two features (issue 15): the contact edit and, with a team
// user's fields, the team-user edit. They are joined here so neither imports the other's routes.
const contactWrites: FastifyPluginAsync = (app) => contactWriteRoutes(app, { updateUserAlternatives: teamUserUpdateAlternatives })

/** Every feature's routes, registered under /api/v1. */
const features = [
  authRoutes,
  accountRoutes,
  teamRoutes,
  lookupRoutes,
  siteRoutes,
  contactRoutes,
  contactWrites,
  contactImportRoutes,
  placeRoutes,
  noteRoutes,
  relationshipRoutes,
  interestRoutes,
  activityRoutes,
  interactionRoutes,
  contactEventRoutes,
  consentRoutes,
  avatarRoutes,
  qrCardRoutes,
  eventRoutes,
  attendanceRoutes,
  calendarRoutes,
  teamAdminRoutes,
  teamUserRoutes,
  requestRoutes,
  subTeamRoutes,
  rosterRoutes,
  notificationRoutes,
  manageNotificationRoutes,
  notificationRuleRoutes,
  dashboardRoutes,
  contactMapRoutes,
  duplicateRoutes,
  contactDataRoutes,
  interactionImportRoutes,
  userImportRoutes,
  transferRoutes,
  reportRoutes,
]

/** Builds the whole HTTP app on the given dependencies; tests call it with their own. */
export async function buildApp(deps: Omit<Deps, 'log'>, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? {
            level: deps.config.logLevel,
            // Tokens, passwords and keys never reach the logs (nor a url's secrets and query,
            // platform/request-log.ts); nor do a failed query's values.
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key', '*.totp'],
            serializers: { err: serializeError, req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: (request) => requestIdOf(request, deps.config.trustProxy),
    // A request that reached the process before it stopped listening is answered, not refused
    // with a 503: nginx sends a write on to no other process, so a rolling restart (SIGTERM)
    // would fail it (the cluster test caught one).
    return503OnClosing: false,
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.decorate('deps', { ...deps, log: app.log } satisfies Deps)
  app.decorate('lifecycle', newLifecycle())
  refuseReadsWhileStopping(app, app.lifecycle)
  // PGlite's one connection: the app's calls take turns, and are refused (503) past a bound.
  if (isPglite(deps.db)) queueRequests(app, deps.config.pgliteQueue)
  // Every answer counted for /metrics (when METRICS_TOKEN serves them).
  countAnswers(app)
  // Every route with its access rule; the authorization test walks this table.
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const input = route.schema?.body ?? route.schema?.querystring
    for (const method of methods) routeTable.push({ method, url: route.url, access: route.config?.access, input })
  })
  app.decorateRequest('viewer', null)
  app.decorateRequest('scope', undefined)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)

  // The contacts map's tiles come from the configured tile server (DESIGN.md §7).
  const tiles = tileOrigin(deps.config.mapTilesUrl ?? defaultMapTiles.url)
  // reCAPTCHA, when configured instead of the self-hosted ALTCHA, loads from Google.
  const recaptchaOrigins = deps.config.recaptchaSecret ? ['https://www.google.com', 'https://www.gstatic.com'] : []
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptchaOrigins],
        frameSrc: ["'self'", ...recaptchaOrigins],
        // Mantine sets style attributes; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  // preHandler: the body is parsed, so sign-in is limited per address and email.
  // The counters are in the database, shared by every process on it (platform/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: sharedRateLimitStore(app.deps) })
  // Form data is only marked here; each call reads it as it streams, within its own limits
  // (platform/multipart.ts): fields as JSON is, files only where the call takes them.
  await app.register(multipart)
  if (deps.config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        openapi: openApiVersion,
        info: { title: `${deps.config.siteName} API`, version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: errorComponents() },
      },
      // Each call's schemas and the error answers its access rule allows (platform/openapi.ts).
      transform: openApiTransform,
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  }
  // API answers hold personal data: no cache keeps them, errors included, unless the call says otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${apiPrefix}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })

  await app.register(
    async (api) => {
      // Brotli or gzip, as the client accepts, for answers from 1 KiB (a list page); smaller ones
      // and what is already encoded or not compressible (files, images) are sent as they are.
      await api.register(compress, { threshold: apiCompressionThresholdBytes, syncThreshold: apiSyncCompressionMaxBytes, encodings: ['br', 'gzip'] })
      api.addHook('onRequest', async (request) => authenticate(app.deps, request))
      for (const feature of [...features, ...(options.features ?? [])]) await api.register(feature)
    },
    { prefix: apiPrefix },
  )
  await app.register(icalFeedRoutes)
  await app.register(healthRoutes(app.lifecycle))
  if (deps.config.metricsToken) await app.register(metricsRoute(deps.config.metricsToken, options.poolUse))
  if (!deps.config.isProduction) await app.register(devMailRoutes)

  const webDist = options.webDist
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/precompress.mjs): sent as the browser accepts.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed assets never change; index.html always revalidates.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  // The public consent page /consent/{key} (issue 13) and the sign-in page /login (issue 10)
  // are pages of their own with small bundles.
  const hasConsentPage = hasWeb && existsSync(join(webDist, 'consent.html'))
  const hasLoginPage = hasWeb && existsSync(join(webDist, 'login.html'))
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/')
    if (hasConsentPage && wantsPage && request.url.startsWith('/consent/')) {
      // The app embeds this page (photo upload, signing on the device: spec 2 §4.2), so this
      // page alone may be framed, and by this origin only.
      const policy = String(reply.getHeader('content-security-policy') ?? '')
      reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
      reply.header('x-frame-options', 'SAMEORIGIN')
      return reply.header('cache-control', 'no-cache').sendFile('consent.html')
    }
    if (hasLoginPage && wantsPage && /^\/login\/?(\?|$)/.test(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('login.html')
    }
    // History fallback: every other GET is a route of the SPA.
    if (hasWeb && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html')
    return reply.code(404).send(envelope(new AppError('not_found')))
  })
  return app
}

/**
 * The origin of a tile URL template for img-src: its scheme and host, a {s} subdomain as the
 * wildcard it stands for ('https://*.tile.example.org'); null when the host is not one CSP
 * can name, and then the map shows its markers without tiles.
 */
export function tileOrigin(template: string): string | null {
  const host = /^(https?:\/\/[^/?#]+)/.exec(template)?.[1]?.replace(/\{s\}/g, '*')
  return host && /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) ? host : null
}
