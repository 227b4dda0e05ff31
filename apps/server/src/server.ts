import { fileURLToPath } from 'node:url'
import { dirname, join, resolve } from 'node:path'
import { existsSync } from 'node:fs'
import { Server as NetServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Config } from './config'
import { openPglite, openPostgres, pgliteDir, type Database } from './db/client'
import { migrate } from './db/migrate'
import { underStartupLock } from './db/startup-lock'
import { buildApp } from './app'
import { lockDataDir } from './platform/data-lock'
import { drained } from './platform/health'
import { jobs } from './jobs'
import { startScheduler, type Scheduler } from './platform/job-queue'
import { syncLookups } from './features/lookups/lookups.service'
import { seedContentPages } from './features/site/site.service'
import { demoAccounts, isEmptyDatabase, seedDemoWorkspace } from './seed/demo'

export interface RunningServer {
  app: FastifyInstance
  database: Database
  url: string
  stop(): Promise<void>
}

/** apps/web/dist, found from src/ or dist/ of the server package. */
function defaultWebDist(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'apps', 'web', 'dist')
    if (existsSync(candidate)) return candidate
    const sibling = resolve(dir, '..', 'web', 'dist')
    if (existsSync(sibling)) return sibling
    dir = dirname(dir)
  }
  return undefined
}

/** How long connections already accepted have to send their request once the port is closed. */
const acceptedConnectionGraceMs = 250

/**
 * Waits until no request is on its way here (platform/health.ts: reads are sent back meanwhile,
 * and the balancer rests this process), then refuses new connections (a balancer sends those to
 * another process, a write included: it was never sent here) and gives the ones already accepted
 * a moment to send their request. Closing the HTTP server at once would also drop every
 * connection that has not sent one yet, and a balancer that has just sent a write on it answers
 * 502 (the cluster test caught one; and one queued in the kernel when the port closed).
 */
async function stopListening(app: FastifyInstance, since: number): Promise<void> {
  if (!app.server.listening) return
  while (!drained(app.lifecycle, since, Date.now())) await new Promise((resolve) => setTimeout(resolve, 20))
  // After the event loop's next look at the port: what the kernel holds for it is accepted first.
  await new Promise((resolve) => setImmediate(resolve))
  NetServer.prototype.close.call(app.server)
  await new Promise((resolve) => setTimeout(resolve, acceptedConnectionGraceMs))
}

/** Opens the database, migrates it, seeds what is missing, and serves the app. */
export async function startServer(config: Config, options: { logger?: boolean } = {}): Promise<RunningServer> {
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir)
  let database: Database | undefined
  let replica: Database | undefined
  let app: FastifyInstance | undefined
  let scheduler: Scheduler | undefined
  try {
    database = config.databaseUrl
      ? openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, namedStatements: config.databaseNamedStatements })
      : await openPglite({ dir: pgliteDir(config.dataDir) })
    const opened = database
    // Processes started together on one database take turns: the first migrates and seeds.
    const demo = await underStartupLock(opened, config.databaseUrl, async () => {
      await migrate(opened)
      await syncLookups(opened.db)
      await seedContentPages(opened.db, { config })
      if (!config.seedDemo || !(await isEmptyDatabase(opened.db))) return undefined
      return seedDemoWorkspace(opened.db, { config, now: () => new Date() }, config.demoPassword)
    })

    // Reads that may be a moment stale go to the replica (platform/deps.ts onReadReplica).
    replica = config.databaseReadUrl
      ? openPostgres(config.databaseReadUrl, { poolSize: config.databasePoolSize, namedStatements: config.databaseNamedStatements })
      : undefined
    app = await buildApp(
      { db: database.db, ...(replica ? { readDb: replica.db } : {}), config, now: () => new Date() },
      {
        logger: options.logger ?? true,
        webDist: config.webDist ?? defaultWebDist(),
        ...(database.poolUse ? { poolUse: database.poolUse } : {}),
      },
    )
    if (demo) {
      app.log.info(`Demo workspace created: sign in as ${Object.values(demoAccounts).join(', ')}`)
      if (demo.generatedPassword) {
        // Printed once, on the start that creates the workspace; it is not stored anywhere.
        console.log(`\n  Demo password (shown once): ${demo.generatedPassword}\n`)
      }
    }
    if (!config.smtpUrl) {
      app.log.warn(
        config.isProduction
          ? 'SMTP_URL is not set: mail is kept in the mail_outbox table and not delivered'
          : 'SMTP_URL is not set: mail is kept in the outbox, readable at /dev/mail',
      )
    }
    // pg-boss creates its schema and each job's queue at start: several processes doing so at
    // once deadlock in PostgreSQL, so they take turns here too.
    const deps = app.deps
    scheduler = await underStartupLock(opened, config.databaseUrl, () => startScheduler(deps, jobs))
    const address = await app.listen({ host: config.host, port: config.port })
    const [db, server, queue, readDb] = [database, app, scheduler, replica]
    let stopping: Promise<void> | undefined
    return {
      app,
      database,
      url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
      stop: () => {
        stopping ??= (async () => {
          // Out of the load balancer's rotation first (/health/ready and reads: 503), then the
          // running jobs finish, then the requests in flight; new connections are refused from there.
          const since = Date.now()
          server.lifecycle.stopping = true
          await queue.stop()
          await stopListening(server, since)
          await server.close()
          await readDb?.close()
          await db.close()
          releaseLock()
        })()
        return stopping
      },
    }
  } catch (error) {
    // Whatever had started stops again: a scheduler without a server, a server without a port.
    await scheduler?.stop().catch(() => {})
    await app?.close().catch(() => {})
    await replica?.close().catch(() => {})
    await database?.close().catch(() => {})
    releaseLock()
    throw error
  }
}
