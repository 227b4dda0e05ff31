import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
export const demoPassword = 'e2e demo password 2026'

export interface AppServer {
  baseUrl: string
  /** What the server has printed (warnings and errors: LOG_LEVEL is warn). */
  output(): string
  /** Stops the server; removes its data folder unless the caller chose it (DATA_DIR). */
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * The built server (apps/server/dist) on a free port with a data folder of its own: every
 * test file gets its own workspace, and none sees another's changes. The folder starts as a
 * copy of the run's seeded template (global-setup.ts), so the server finds the demo
 * workspace migrated and seeded rather than spending ~15 s making it.
 */
export async function startAppServer(env: Record<string, string> = {}, { fromTemplate = true } = {}): Promise<AppServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'crm-e2e-'))
  if (fromTemplate && readdirSync(dataDir).length === 0) cpSync(inject('seededDataDir'), dataDir, { recursive: true })
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let output = ''
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      // Cheap proof of work: the browser solves the sign-up captcha at once.
      ALTCHA_COST: '10',
      ALTCHA_MAX_COUNTER: '50',
      // Every test signs its own people up from 127.0.0.1: the per-address minute limit of
      // sign-in calls (tested over HTTP in the API tests) would refuse the later ones.
      RATE_LIMIT_LOGIN: '1000',
      // Two browsers and their servers share CI's two cores: a page's calls may wait past the
      // embedded database's one second there. "The server is busy" has its own API test
      // (request-queue.test.ts); these tests are about the pages.
      PGLITE_QUEUE_LENGTH: '10000',
      PGLITE_QUEUE_WAIT_MS: '60000',
      ...env,
    },
  })
  server.stdout?.on('data', (chunk) => (output += chunk))
  server.stderr?.on('data', (chunk) => (output += chunk))
  // Seeding the template (global-setup.ts) migrates and seeds from nothing: slower on a busy machine.
  const deadline = Date.now() + (fromTemplate ? 60_000 : 180_000)
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`)
    try {
      if ((await fetch(`${baseUrl}/api/v1/site`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r))
        server.kill('SIGTERM')
        await exited
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** One server for the test file, started before its tests and stopped after. */
export function withAppServer(env?: Record<string, string>): () => string {
  let server: AppServer | undefined
  beforeAll(async () => {
    server = await startAppServer(env)
  })
  afterAll(async () => server?.stop())
  let printed = 0
  afterEach((context) => {
    const output = server?.output() ?? ''
    if (context.task.result?.state === 'fail' && output.length > printed)
      console.error(`\n── The server printed:\n${output.slice(Math.max(printed, output.length - 4000))}`)
    printed = output.length
  })
  return () => {
    if (!server) throw new Error('The server has not started')
    return server.baseUrl
  }
}
