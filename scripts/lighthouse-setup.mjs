// npm run lighthouse, its set-up: the app on a freshly seeded embedded database, headless
// Chromium with a profile of its own per account, the sign-in, and a cold cache before each run.
// Everything started here is stopped by cleanUp(), however the script ends.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { root } from './lib.mjs'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Everything started here, stopped in reverse order however the script ends. */
const cleanups = []
let cleaning
export function cleanUp() {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        console.error(`Clean-up: ${error instanceof Error ? error.message : error}`)
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping what was started`)
    void cleanUp().then(() => process.exit(1))
  })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts a command in its own process group and registers its stop: SIGTERM to the whole
 * group (Chromium's helpers included), SIGKILL if it has not exited after 5 s.
 */
function startProcess(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const signalGroup = (signal) => {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // already gone
      }
    }
    signalGroup('SIGTERM')
    const timer = setTimeout(() => signalGroup('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
  cleanups.push(child.stop)
  return child
}

/**
 * A copy of the web build for this run: a build made meanwhile by someone else in the same
 * checkout would replace the hashed chunks under the running server (and the app would reload).
 */
function snapshotWebBuild() {
  const copy = mkdtempSync(join(tmpdir(), 'crm-lighthouse-web-'))
  cleanups.push(() => rmSync(copy, { recursive: true, force: true }))
  cpSync(join(root, 'apps/web/dist'), copy, { recursive: true })
  const html = readFileSync(join(copy, 'index.html'), 'utf8')
  const missing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]).filter((asset) => !existsSync(join(copy, asset)))
  if (missing.length) throw new Error(`The web build changed while it was copied (missing ${missing.join(', ')}): run again`)
  return copy
}

/**
 * Seeds a fresh data folder (apps/server/src/cli/lighthouse-seed.ts: the demo workspace and the
 * bench's busy leader), then serves the built app on it on a free port. Resolves with the
 * address and the busy leader's sign-in.
 */
export async function startAppServer({ demoPassword }) {
  const webDist = snapshotWebBuild()
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-lighthouse-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    // As in production (what people load), with the demo workspace and no two-factor step.
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    TWO_FACTOR_REQUIRED_ROLES: 'none',
    DEMO_PASSWORD: demoPassword,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
  }
  const seeded = await seed({ ...env, BENCH_DASHBOARD_INTERACTIONS: process.env.BENCH_DASHBOARD_INTERACTIONS ?? '20000' })
  let output = ''
  const server = startProcess(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`)
    try {
      if ((await fetch(`${baseUrl}/api/v1/site`)).ok) return { baseUrl, seeded }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within 90 s:\n${output}`)
    await sleep(250)
  }
}

/** Runs the seed in its own process (tsx, as `npm run bench`); resolves with the JSON it prints last. */
async function seed(env) {
  const child = startProcess('npx', ['tsx', 'apps/server/src/cli/lighthouse-seed.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  const last = output.trim().split('\n').at(-1) ?? ''
  if (code !== 0 || !last.startsWith('{')) throw new Error(`Seeding failed (exit ${code}):\n${output}`)
  return JSON.parse(last)
}

/** Headless Chromium with its own temporary profile; resolves with its remote-debugging port and its stop. */
export async function startChromium(name) {
  const profile = mkdtempSync(join(tmpdir(), `crm-lighthouse-${name}-`))
  cleanups.push(() => rmSync(profile, { recursive: true, force: true }))
  let output = ''
  const browser = startProcess(
    chromiumPath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      // Port 0: Chromium picks a free one and writes it to DevToolsActivePort in the profile.
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  browser.stderr.on('data', (chunk) => (output += chunk))
  const portFile = join(profile, 'DevToolsActivePort')
  const deadline = Date.now() + 30_000
  for (;;) {
    if (browser.exitCode !== null) throw new Error(`Chromium exited:\n${output}`)
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0])
      if (port > 0) return { port, stop: browser.stop }
    }
    if (Date.now() > deadline) throw new Error(`Chromium did not open its debugging port within 30 s:\n${output}`)
    await sleep(100)
  }
}

/** Drives the browser on that port through Playwright, then disconnects (the browser keeps running). */
async function withBrowser(port, action) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    const page = context.pages()[0] ?? (await context.newPage())
    return await action(page, context)
  } finally {
    await browser.close()
  }
}

/** Signs in through the login page, in the browser's own profile: the session cookies stay there. */
export async function signIn(port, baseUrl, { email, password }) {
  await withBrowser(port, async (page) => {
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
    await page.goto('about:blank')
  })
}

/**
 * What Lighthouse's own storage reset does, minus nothing it would keep: the HTTP cache and
 * the origin's caches and workers are emptied, cookies and local storage (the sign-in) stay.
 * Lighthouse runs with disableStorageReset so that nothing else of the profile is touched.
 */
export async function coldCache(port, baseUrl) {
  await withBrowser(port, async (page, context) => {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: 'file_systems,shader_cache,service_workers,cache_storage',
    })
    await cdp.detach()
  })
}
