import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { defaultMapTiles } from '@crm/domain'
import type { RequestQueueOptions } from './platform/request-queue'

/**
 * The one place that reads environment variables. Every variable is listed in the
 * README; the server refuses to start with a clear message when one is malformed.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; without it the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL for reads that may be a moment stale (reports, the map, exports). */
  DATABASE_READ_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** false behind a transaction pooler without prepared-statement support (PgBouncer before 1.21). */
  DATABASE_NAMED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  DATA_DIR: z.string().default('./data'),
  /** Embedded PGlite: requests served at once; the rest wait their turn in the order they came. */
  PGLITE_ACTIVE_REQUESTS: z.coerce.number().int().min(1).max(100).default(2),
  /** Embedded PGlite: requests waiting beyond which the next is answered 503 with Retry-After at once. */
  PGLITE_QUEUE_LENGTH: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Embedded PGlite: how long a request may wait for its turn, in milliseconds, before it is answered 503. */
  PGLITE_QUEUE_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Where uploaded files are kept (consent photos, signatures, avatars); default DATA_DIR/files. */
  FILES_DIR: z.string().optional(),
  /** An S3-compatible bucket for uploaded files instead of FILES_DIR (every process shares it). */
  FILES_S3_BUCKET: z.string().min(3).optional(),
  /** The store's address when it is not AWS S3 (MinIO, Ceph, R2…). */
  FILES_S3_ENDPOINT: z.string().url().optional(),
  FILES_S3_REGION: z.string().default('us-east-1'),
  /** Objects are named this prefix and the file's key (e.g. crm/). */
  FILES_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]*$/, { message: 'letters, digits and . _ - /' })
    .default(''),
  /** Unset: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (https://host/bucket/key), as MinIO and most compatible stores want. */
  FILES_S3_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** The address people open; used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /** smtp://user:pass@host:port or smtps://…; without it mail stays in the outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Church Contact CRM <no-reply@localhost>'),
  /** Password of the demo accounts; a random one is printed once when unset. */
  DEMO_PASSWORD: z.string().min(1).optional(),
  /** Seed the demo workspace into an empty database ('auto': unless production). */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Secret that derives invite keys; kept in DATA_DIR/secret when unset. */
  APP_SECRET: z.string().min(32).optional(),
  SITE_NAME: z.string().default('Church Contact CRM'),
  SUPPORT_EMAIL: z.string().email().default('support@example.org'),
  MOBILE_BREAKPOINT: z.coerce.number().int().min(320).max(2000).default(768),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 14),
  /**
   * Calls a minute per client address (and email, where the call has one) of sign-in,
   * sign-up, activation, password reset, invite keys and two-factor changes.
   */
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a reverse proxy (rate limits by client address). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Serve the API description at /api/docs ('auto': unless production). */
  API_DOCS: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Where the built SPA is; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  /** Serves Prometheus metrics at /metrics to a scraper that sends it as a bearer token; off when unset. */
  METRICS_TOKEN: z.string().min(32).optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  /** Where reCAPTCHA tokens are verified (a test points it at a local server). */
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** PBKDF2 iterations of one ALTCHA attempt. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** The ALTCHA solution is a counter between half of this and this: the attempts a browser makes. */
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(2000),
  /**
   * A Nominatim- or Photon-compatible search URL for address suggestions (a Photon URL ends
   * in /api); without it addresses are suggested from the ones already stored.
   */
  PLACES_URL: z.string().url().optional(),
  /** The maps' tile URL template ({z}/{x}/{y}, optionally {s}); default OpenStreetMap's standard tiles. */
  MAP_TILES_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, { message: 'an http(s) URL template' })
    .default(defaultMapTiles.url),
  /** The attribution shown on the maps with those tiles (plain text). */
  MAP_TILES_ATTRIBUTION: z.string().default(defaultMapTiles.attribution),
  /**
   * The church membership service (ACMS) over HTTP; without it invites are checked against
   * the rosters conferences import (platform/church-roster.ts documents the calls).
   */
  ACMS_URL: z.string().url().optional(),
  /** Bearer key of the membership service. */
  ACMS_KEY: z.string().min(1).optional(),
  /** How long one request to the membership service may take, in milliseconds. */
  ACMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * Roles that must sign in with a second factor: a comma list of admin (site admins),
   * entity_admin and owner, or none. Default: all three in production, none otherwise.
   */
  TWO_FACTOR_REQUIRED_ROLES: z
    .string()
    .trim()
    .regex(/^(none|(admin|entity_admin|owner)(\s*,\s*(admin|entity_admin|owner))*)$/, {
      message: 'a comma list of admin, entity_admin and owner, or none',
    })
    .optional(),
})

/** Roles that can be made to use two-factor sign-in. */
export type TwoFactorRole = 'admin' | 'entity_admin' | 'owner'

export type Env = z.infer<typeof envSchema>

/** An S3-compatible bucket for uploaded files (platform/s3-file-store.ts). */
export interface FilesS3Config {
  bucket: string
  prefix: string
  endpoint?: string | undefined
  region: string
  accessKeyId?: string | undefined
  secretAccessKey?: string | undefined
  pathStyle: boolean
}

export interface Config {
  env: Env['NODE_ENV']
  isProduction: boolean
  host: string
  port: number
  databaseUrl: string | undefined
  databasePoolSize: number
  /** How requests take turns on embedded PGlite (platform/request-queue.ts). */
  pgliteQueue: RequestQueueOptions
  /** A replica for reads that may be a moment stale; unset: the primary (platform/deps.ts). */
  databaseReadUrl?: string | undefined
  /** Prepare the queries every call runs by name on each connection (db/client.ts). */
  databaseNamedStatements: boolean
  dataDir: string
  /** The local file store's folder (platform/files.ts). */
  filesDir: string
  /** Set: files go to this bucket, not to filesDir. */
  filesS3?: FilesS3Config | undefined
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  demoPassword: string | undefined
  seedDemo: boolean
  appSecret: string
  siteName: string
  supportEmail: string
  mobileBreakpoint: number
  sessionTtlSeconds: number
  logLevel: Env['LOG_LEVEL']
  loginRateLimit: number
  trustProxy: boolean
  webDist: string | undefined
  /** The OpenAPI description and its viewer at /api/docs. */
  apiDocs: boolean
  recaptchaSecret: string | undefined
  /** The bearer token of GET /metrics; unset: no /metrics. */
  metricsToken?: string | undefined
  recaptchaSiteKey: string | undefined
  recaptchaVerifyUrl: string
  altchaCost: number
  altchaMaxCounter: number
  twoFactorRequiredRoles: TwoFactorRole[]
  /** Geocoding search for place-suggestions; unset: suggest from stored addresses. */
  placesUrl?: string | undefined
  /** The maps' tiles (GET site hands them to the web); default OpenStreetMap. */
  mapTilesUrl?: string | undefined
  mapTilesAttribution?: string | undefined
  /** The membership service (ACMS); unset: the imported church rosters answer. */
  acmsUrl?: string | undefined
  acmsKey?: string | undefined
  /** One request to the membership service, at most (default 3000). */
  acmsTimeoutMs?: number | undefined
}

export class ConfigError extends Error {}

export function readConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_READ_URL is a replica of DATABASE_URL: set both, or neither')
  }
  if ((env.FILES_S3_ACCESS_KEY_ID === undefined) !== (env.FILES_S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together')
  }
  const dataDir = resolve(env.DATA_DIR)
  const isProduction = env.NODE_ENV === 'production'
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    pgliteQueue: { active: env.PGLITE_ACTIVE_REQUESTS, maxWaiting: env.PGLITE_QUEUE_LENGTH, maxWaitMs: env.PGLITE_QUEUE_WAIT_MS },
    databaseReadUrl: env.DATABASE_READ_URL,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS === 'true',
    dataDir,
    filesDir: env.FILES_DIR ? resolve(env.FILES_DIR) : join(dataDir, 'files'),
    filesS3: env.FILES_S3_BUCKET
      ? {
          bucket: env.FILES_S3_BUCKET,
          prefix: env.FILES_S3_PREFIX,
          endpoint: env.FILES_S3_ENDPOINT,
          region: env.FILES_S3_REGION,
          accessKeyId: env.FILES_S3_ACCESS_KEY_ID,
          secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY,
          pathStyle: env.FILES_S3_PATH_STYLE === 'true',
        }
      : undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    demoPassword: env.DEMO_PASSWORD,
    seedDemo: env.SEED_DEMO === 'auto' ? !isProduction : env.SEED_DEMO === 'true',
    appSecret: env.APP_SECRET ?? secretFromDataDir(dataDir),
    siteName: env.SITE_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    mobileBreakpoint: env.MOBILE_BREAKPOINT,
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    logLevel: env.LOG_LEVEL,
    loginRateLimit: env.RATE_LIMIT_LOGIN,
    trustProxy: env.TRUST_PROXY === 'true',
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    apiDocs: env.API_DOCS === 'auto' ? !isProduction : env.API_DOCS === 'true',
    recaptchaSecret: env.RECAPTCHA_SECRET,
    metricsToken: env.METRICS_TOKEN,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL,
    altchaCost: env.ALTCHA_COST,
    altchaMaxCounter: env.ALTCHA_MAX_COUNTER,
    twoFactorRequiredRoles: twoFactorRoles(env.TWO_FACTOR_REQUIRED_ROLES, isProduction),
    placesUrl: env.PLACES_URL,
    mapTilesUrl: env.MAP_TILES_URL,
    mapTilesAttribution: env.MAP_TILES_ATTRIBUTION,
    acmsUrl: env.ACMS_URL,
    acmsKey: env.ACMS_KEY,
    acmsTimeoutMs: env.ACMS_TIMEOUT_MS,
  }
}

function twoFactorRoles(list: string | undefined, isProduction: boolean): TwoFactorRole[] {
  if (list === undefined) return isProduction ? ['admin', 'entity_admin', 'owner'] : []
  if (list === 'none') return []
  const roles = list
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean) as TwoFactorRole[]
  return [...new Set(roles)]
}

// Several servers on one PostgreSQL must share APP_SECRET; one server keeps its own here.
function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
