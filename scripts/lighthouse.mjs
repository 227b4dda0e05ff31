// npm run lighthouse: Lighthouse (desktop preset, performance only) on the login page and on
// the contacts list of the demo workspace, in Debian's Chromium, against the built app on a
// fresh embedded database. Not part of npm test: it takes a few minutes and its scores vary.
//
//   LIGHTHOUSE_MIN   lowest acceptable performance score (90); exit 1 below it
//   LIGHTHOUSE_RUNS  runs per page (1); the median score and metrics are reported
//   CHROMIUM_PATH    the browser (/usr/bin/chromium)
//
// Reports: test-results/lighthouse/<page>-<run>.report.json and .html.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { buildIfStale, root } from './lib.mjs'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const minScore = Number(process.env.LIGHTHOUSE_MIN ?? 90)
const runs = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '1', 10) || 1)
const reportDir = join(root, 'test-results', 'lighthouse')
const demoPassword = 'lighthouse demo password'
const owner = 'owner@example.org'

if (!existsSync(chromiumPath)) {
  console.error(`Chromium was not found at ${chromiumPath}. Install it with: apt-get install -y chromium`)
  process.exit(1)
}
if (!Number.isFinite(minScore)) {
  console.error(`LIGHTHOUSE_MIN is not a number: ${process.env.LIGHTHOUSE_MIN}`)
  process.exit(1)
}

/** Everything started here, stopped in reverse order however the script ends. */
const cleanups = []
let cleaning
function cleanUp() {
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

/** The built server on a free port, with an empty data folder: the demo workspace is seeded fresh. */
async function startAppServer() {
  const webDist = snapshotWebBuild()
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-lighthouse-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let output = ''
  const server = startProcess(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
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
    },
  })
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`)
    try {
      if ((await fetch(`${baseUrl}/api/v1/site`)).ok) return baseUrl
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within 90 s:\n${output}`)
    await sleep(250)
  }
}

/** Headless Chromium with its own temporary profile; resolves with its remote-debugging port and its stop. */
async function startChromium(name) {
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
async function signIn(port, baseUrl) {
  await withBrowser(port, async (page) => {
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email').fill(owner)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword)
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
async function coldCache(port, baseUrl) {
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

const metrics = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'Speed Index', 'ms'],
]

/** One Lighthouse run; a run that Lighthouse itself reports as broken (NO_NAVSTART, …) is made once more. */
async function audit(port, baseUrl, name, path, run) {
  try {
    return await auditOnce(port, baseUrl, name, path, run)
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error
    console.log(`  ${name} run ${run}: ${error.message}; once more`)
    return auditOnce(port, baseUrl, name, path, run)
  }
}

class LighthouseRuntimeError extends Error {}

async function auditOnce(port, baseUrl, name, path, run) {
  await coldCache(port, baseUrl)
  const url = `${baseUrl}${path}`
  const result = await lighthouse(
    url,
    { port, output: ['json', 'html'], logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    desktopConfig,
  )
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr, report } = result
  const [json, html] = report
  writeFileSync(join(reportDir, `${name}-${run}.report.json`), json)
  writeFileSync(join(reportDir, `${name}-${run}.report.html`), html)
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const landed = new URL(lhr.finalDisplayedUrl).pathname
  if (landed !== path) throw new Error(`Lighthouse on ${url} ended on ${landed}: the page was not the one asked for (signed out?)`)
  const score = Math.round((lhr.categories.performance.score ?? 0) * 100)
  const values = Object.fromEntries(metrics.map(([id]) => [id, lhr.audits[id]?.numericValue ?? NaN]))
  // What Lighthouse points at: the performance audits that did not pass, largest savings first.
  const findings = lhr.categories.performance.auditRefs
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id])
    .filter((item) => item && item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative')
    .sort((a, b) => (b.metricSavings?.LCP ?? 0) + (b.metricSavings?.TBT ?? 0) - (a.metricSavings?.LCP ?? 0) - (a.metricSavings?.TBT ?? 0))
    .slice(0, 6)
    .map((item) => `${item.title}${item.displayValue ? ` (${item.displayValue})` : ''}`)
  // benchmarkIndex: Lighthouse's measure of this machine's speed at the time (higher is faster);
  // a busy machine lowers it and the score with it.
  const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex)
  console.log(`  ${name} run ${run}: ${score}  ${formatMetrics(values)}  (benchmark index ${benchmarkIndex}, load ${loadavg()[0].toFixed(1)})`)
  return { score, values, findings, benchmarkIndex, lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent }
}

function formatMetrics(values) {
  return metrics.map(([id, label, unit]) => `${label} ${unit === 'ms' ? `${Math.round(values[id])} ms` : values[id].toFixed(3)}`).join(' · ')
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

let failed = false
try {
  await buildIfStale()
  rmSync(reportDir, { recursive: true, force: true })
  mkdirSync(reportDir, { recursive: true })

  console.log('\n▶ Starting the app (embedded database, demo workspace)')
  const baseUrl = await startAppServer()
  console.log(`  ${baseUrl}`)

  const results = {}
  // The login page in a browser that never signs in.
  console.log(`\n▶ Lighthouse, desktop preset, performance: /login (signed out), ${runs} run(s)`)
  const signedOut = await startChromium('signed-out')
  results.login = []
  for (let run = 1; run <= runs; run++) results.login.push(await audit(signedOut.port, baseUrl, 'login', '/login', run))
  await signedOut.stop()

  // The contacts list in a second browser, signed in as the demo owner.
  console.log(`\n▶ Lighthouse, desktop preset, performance: /contacts (signed in as ${owner}), ${runs} run(s)`)
  const signedIn = await startChromium('signed-in')
  await signIn(signedIn.port, baseUrl)
  results.contacts = []
  for (let run = 1; run <= runs; run++) results.contacts.push(await audit(signedIn.port, baseUrl, 'contacts', '/contacts', run))
  await signedIn.stop()

  const first = results.login[0]
  console.log(`\nLighthouse ${first.lighthouseVersion} · ${first.userAgent}`)
  console.log(`Median of ${runs} run(s) per page; reports in ${reportDir.slice(root.length + 1)}/\n`)
  for (const [name, list] of Object.entries(results)) {
    const score = median(list.map((item) => item.score))
    const values = Object.fromEntries(metrics.map(([id]) => [id, median(list.map((item) => item.values[id]))]))
    const ok = score >= minScore
    if (!ok) failed = true
    console.log(`${ok ? '✔' : '✖'} /${name}: performance ${score} (minimum ${minScore})`)
    console.log(`    ${formatMetrics(values)}  (benchmark index ${median(list.map((item) => item.benchmarkIndex))})`)
    // The findings of the run closest to the median.
    const typical = [...list].sort((a, b) => Math.abs(a.score - score) - Math.abs(b.score - score))[0]
    if (typical.findings.length) console.log(`    Lighthouse points at: ${typical.findings.join('; ')}`)
  }
} catch (error) {
  failed = true
  console.error(`\n✖ ${error instanceof Error ? (error.stack ?? error.message) : error}`)
} finally {
  await cleanUp()
}
process.exit(failed ? 1 : 0)
