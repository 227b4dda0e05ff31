import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { asc, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { MembershipRole } from '@crm/domain'
import { buildApp, type AppOptions } from '../src/app'
import type { Config } from '../src/config'
import type { Database, Db } from '../src/db/client'
import { mailOutbox, memberships, teams } from '../src/db/schema/index'
import { createAccount } from '../src/features/auth/signup.service'
import { startSession } from '../src/features/auth/auth.service'
import { seedContentPages } from '../src/features/site/site.service'
import { fileStoreOf } from '../src/platform/files'
import { hashPassword } from '../src/platform/passwords'
import { openTestDatabase } from './databases'

export const testPassword = 'correct horse battery staple'
let passwordHash: Promise<string> | undefined

let testFilesDir = mkdtempSync(join(tmpdir(), 'crm-test-files-'))

/**
 * A stored-files folder of the test file's own (test/setup.ts calls it before each file):
 * the files of a worker's earlier test files, which share this module, must not count as
 * orphans of this one's. Returns the folder.
 */
export function useFreshTestFilesDir(): string {
  testFilesDir = mkdtempSync(join(tmpdir(), 'crm-test-files-'))
  return testFilesDir
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    isProduction: false,
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    databasePoolSize: 4,
    // Requests take turns on PGlite as in production, but a test on a busy machine is never
    // refused for waiting (request-queue.test.ts sets its own bounds).
    pgliteQueue: { active: 2, maxWaiting: 10_000, maxWaitMs: 60_000 },
    databaseNamedStatements: true,
    dataDir: '/nonexistent',
    // One folder per test file (useFreshTestFilesDir).
    filesDir: testFilesDir,
    publicUrl: 'http://crm.test',
    smtpUrl: undefined,
    mailFrom: 'CRM <no-reply@crm.test>',
    demoPassword: undefined,
    seedDemo: false,
    appSecret: 'test-secret-that-is-long-enough-for-hmac-keys',
    siteName: 'Church Contact CRM',
    supportEmail: 'support@crm.test',
    mobileBreakpoint: 768,
    sessionTtlSeconds: 3600,
    logLevel: 'silent',
    loginRateLimit: 1000,
    trustProxy: false,
    webDist: undefined,
    apiDocs: true,
    recaptchaSecret: undefined,
    recaptchaSiteKey: undefined,
    recaptchaVerifyUrl: 'http://127.0.0.1:9/siteverify',
    // A challenge a test solves in a millisecond.
    altchaCost: 1,
    altchaMaxCounter: 20,
    twoFactorRequiredRoles: [],
    ...overrides,
  }
}

/** A clock the tests can move. */
export class TestClock {
  private offsetMs = 0
  now = (): Date => new Date(Date.now() + this.offsetMs)
  advance(ms: number): void {
    this.offsetMs += ms
  }

  /**
   * Moves on past midnight in the zone when it is within `minutes` of it, for a test that
   * writes rows a minute old and then reads "today", "this week" or "this month": a new day
   * (and so week, month or year) must not begin between the rows and the reading. Call it
   * before signing in (a session idles out if the clock jumps far).
   */
  clearOfMidnight(minutes = 5, timeZone = 'Australia/Sydney'): void {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(this.now())
    const part = (type: string) => Number(parts.find((item) => item.type === type)!.value)
    const sinceMidnight = part('hour') * 60 + part('minute')
    const day = 24 * 60
    if (sinceMidnight < minutes) this.advance((minutes - sinceMidnight + 1) * 60_000)
    else if (sinceMidnight > day - minutes) this.advance((day - sinceMidnight + minutes + 1) * 60_000)
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  database: Database
  config: Config
  clock: TestClock
  /** An HTTP call through the app, with an optional bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** The app on a fresh database of its own; one per test file. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'features' | 'logStream' | 'webDist'> & { beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await openTestDatabase()
  const config = testConfig(overrides)
  const clock = new TestClock()
  await seedContentPages(database.db, { config })
  const { beforeReady, ...appOptions } = options
  const app = await buildApp({ db: database.db, config, now: clock.now }, appOptions)
  beforeReady?.(app)
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    call: ({ token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

/** The names in the test app's file store, through the store itself (the folder or the bucket). */
export async function storedFileNames(t: Pick<TestApp, 'config'>): Promise<string[]> {
  const names: string[] = []
  for await (const page of fileStoreOf(t).list()) names.push(...page.map((stored) => stored.name))
  return names.sort()
}

let sequence = 0
function unique(): number {
  sequence += 1
  return sequence
}

export interface TestPerson {
  id: number
  email: string
  token: string
}

/** A person with a verified account and a session (factory). */
export async function buildPerson(
  t: TestApp,
  options: { firstName?: string; lastName?: string; email?: string; siteRole?: 'admin'; verified?: boolean } = {},
): Promise<TestPerson> {
  const n = unique()
  const email = options.email ?? `person${n}-${Date.now()}@crm.test`
  passwordHash ??= hashPassword(testPassword)
  const id = await createAccount(
    t.db,
    t.clock.now(),
    {
      firstName: options.firstName ?? `First${n}`,
      lastName: options.lastName ?? `Last${n}`,
      email,
      password: testPassword,
      siteRole: options.siteRole ?? null,
      verified: options.verified ?? true,
    },
    await passwordHash,
  )
  const session = await startSession(t.db, { config: t.config, now: t.clock.now }, id, 'salt')
  return { id, email, token: session.access_token }
}

/** A team (church), conference or group (factory). */
export async function buildTeam(
  t: TestApp,
  options: { title?: string; kind?: 'conference' | 'team' | 'group'; parentId?: number; isPublic?: boolean; isolatedOwnerId?: number } = {},
): Promise<number> {
  const [row] = await t.db
    .insert(teams)
    .values({
      kind: options.kind ?? 'team',
      parent_id: options.parentId ?? null,
      title: options.title ?? `Team ${unique()}`,
      is_public: options.isPublic ?? true,
      isolated_owner_id: options.isolatedOwnerId ?? null,
    })
    .returning({ id: teams.id })
  return row!.id
}

export async function addMember(
  t: TestApp,
  personId: number,
  teamId: number,
  role: MembershipRole,
  checks: { has_wwcc?: boolean; has_adsafe?: boolean } = {},
): Promise<void> {
  await t.db.insert(memberships).values({ person_id: personId, team_id: teamId, role, ...checks })
}

/** The body of a JSON answer. */
export function body<T = Record<string, any>>(response: LightMyRequestResponse): T {
  return response.json() as T
}

/** A password the strength rules accept, and an eleven-character one they refuse. */
export const strongPassword = 'Violet-Kettle-93-Harbour'
export const elevenCharacters = 'Kx9#mQ2$vL7'

/** Fetches an ALTCHA challenge from the app and solves it for real, as the widget would. */
export async function solveCaptcha(t: TestApp): Promise<string> {
  const response = await t.call({ method: 'GET', url: '/api/v1/captcha-challenge' })
  if (response.statusCode !== 200) throw new Error(`captcha-challenge answered ${response.statusCode}`)
  const challenge = response.json() as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('captcha not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** The code an authenticator app shows for the secret (base32) at the test clock's time. */
export function totpCode(t: TestApp, secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 })
  return totp.generate({ timestamp: t.clock.now().getTime() + stepOffset * 30_000 })
}

/** Mail sent to an address, oldest first. */
export async function mailTo(t: TestApp, address: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(asc(mailOutbox.id))
}

/** The first link to `path` of the site in a mail's text, as a URL. */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\?\\S+`))
  if (!match) throw new Error(`no ${path} link in: ${text}`)
  return new URL(match[0])
}
