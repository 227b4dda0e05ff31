// npm run profile:page -- /contacts [/reports …]: where a page's main-thread time goes.
// The app on lighthouse's seeded database (scripts/lighthouse-setup.mjs), the demo owner signed
// in, the processor slowed 4× as Lighthouse's mobile preset does, a cold cache, then V8's
// sampling profiler from navigation until the network has been quiet: prints the functions
// with the most self time and the source files (or packages) they come from.
//
// Names are only readable in a build without minification, and time is told by package only
// with source maps; for both:
//   (cd apps/web && npx vite build --minify false --sourcemap) && node scripts/profile-page.mjs /contacts
// and `npm run build` again afterwards.
//
//   PROFILE_ACCOUNT  signed-out, owner (default) or busy
//   PROFILE_TOP      how many functions to print (40)
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { SourceMapConsumer } from 'source-map-js'
import { root } from './lib.mjs'
import { cleanUp, coldCache, signIn, startAppServer, startChromium } from './lighthouse-setup.mjs'

const paths = process.argv.slice(2)
if (paths.length === 0) {
  console.error('usage: node scripts/profile-page.mjs /path [/path …]')
  process.exit(1)
}
const account = process.env.PROFILE_ACCOUNT ?? 'owner'
const top = Number(process.env.PROFILE_TOP ?? 40)
const demoPassword = 'lighthouse demo password'

/** Self time (ms) of each profile node, from the sampled stacks. */
function selfTimes(profile) {
  const times = new Map()
  profile.samples.forEach((id, index) => times.set(id, (times.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000))
  return times
}

/** Each sample's time (µs, the trace's clock), node and duration (ms). */
function sampleTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  let time = profile.startTime
  return profile.samples.map((id, index) => {
    time += profile.timeDeltas[index] ?? 0
    return { time, node: nodes.get(id), ms: (profile.timeDeltas[index + 1] ?? 0) / 1000 }
  })
}

/** The build's source maps, read once per chunk (none without --sourcemap). */
const sourceMaps = new Map()
function sourceMapOf(url) {
  const file = /\/(assets\/[^/?#]+\.js)/.exec(url)?.[1]
  if (!file) return undefined
  if (!sourceMaps.has(file)) {
    const path = join(root, 'apps/web/dist', `${file}.map`)
    sourceMaps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : undefined)
  }
  return sourceMaps.get(file)
}

/** The source a frame's code came from: the package or app folder of the source map, or the file. */
function origin({ url, lineNumber, columnNumber }) {
  const source = sourceMapOf(url)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source ?? url
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (inPackage) return inPackage[1]
  const inApp = /((?:apps|packages)\/[^/]+\/src\/(?:[^/]+\/)?(?:[^/]+\/)?)/.exec(source)
  if (inApp) return inApp[1]
  return source.replace(/^https?:\/\/[^/]+\//, '') || '(native)'
}

/**
 * The main thread's tasks over 50 ms (what Lighthouse's total blocking time counts), each with
 * what filled it: script (and which file), style, layout, CSS parsing, garbage collection.
 */
function printLongTasks(events, profile) {
  const samples = sampleTimes(profile)
  // The page's renderer: of the threads named CrRendererMain, the one with the most task time.
  const busy = (thread) =>
    events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask').reduce((sum, event) => sum + (event.dur ?? 0), 0)
  const main = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((thread) => ({ thread, time: busy(thread) }))
    .sort((a, b) => b.time - a.time)[0]?.thread
  if (!main) return
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur > 50_000).sort((a, b) => a.ts - b.ts)
  const kinds = {
    script: [
      'EvaluateScript',
      'v8.evaluateModule',
      'v8.compileModule',
      'v8.compile',
      'FunctionCall',
      'TimerFire',
      'EventDispatch',
      'RunMicrotasks',
      'FireAnimationFrame',
      'V8.Execute',
    ],
    style: ['UpdateLayoutTree', 'RecalculateStyles'],
    layout: ['Layout'],
    css: ['ParseAuthorStyleSheet'],
    html: ['ParseHTML'],
    gc: ['MajorGC', 'MinorGC', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase'],
  }
  const first = tasks[0]?.ts ?? 0
  let blocking = 0
  console.log('\n  long tasks (ms from the first; time inside, nested script counted once)')
  for (const task of tasks) {
    blocking += task.dur / 1000 - 50
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event !== task)
    const parts = Object.entries(kinds).map(([kind, names]) => {
      const matching = inside.filter((event) => names.includes(event.name))
      // Outermost events only: a FunctionCall inside a TimerFire is one piece of script.
      const outermost = matching.filter(
        (event) =>
          !matching.some(
            (other) =>
              other !== event && other.ts <= event.ts && other.ts + other.dur >= event.ts + event.dur && (other.ts < event.ts || other.dur > event.dur),
          ),
      )
      return [kind, outermost.reduce((sum, event) => sum + event.dur / 1000, 0)]
    })
    const url =
      inside
        .map((event) => event.args?.data?.url)
        .find(Boolean)
        ?.replace(/.*\//, '') ?? ''
    const shown = parts
      .filter(([, ms]) => ms >= 5)
      .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
      .join(', ')
    console.log(`    +${((task.ts - first) / 1000).toFixed(0).padStart(5)}  ${(task.dur / 1000).toFixed(0).padStart(4)} ms  ${shown}  ${url}`)
    // Which code ran in it, from the profiler's samples that fall inside the task.
    const byOrigin = new Map()
    for (const { time, node, ms } of samples) {
      if (time < task.ts || time > task.ts + task.dur) continue
      const name = node.callFrame.functionName
      if (name === '(idle)' || name === '(program)') continue
      const from = origin(node.callFrame)
      byOrigin.set(from, (byOrigin.get(from) ?? 0) + ms)
    }
    const code = [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 5)
    if (code.length) console.log(`           ${code.map(([from, ms]) => `${from} ${ms.toFixed(0)}`).join(' · ')}`)
  }
  console.log(`    blocking time (sum over 50 ms): ${blocking.toFixed(0)} ms`)
}

function print(title, entries) {
  console.log(`\n  ${title}`)
  for (const [name, ms] of entries) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`)
}

try {
  const { baseUrl, seeded } = await startAppServer({ demoPassword })
  const browser = await startChromium(account)
  const signIns = {
    owner: { email: 'owner@example.org', password: demoPassword },
    busy: { email: seeded.busyEmail, password: seeded.password },
  }
  if (signIns[account]) await signIn(browser.port, baseUrl, signIns[account])
  for (const path of paths) {
    await coldCache(browser.port, baseUrl)
    const connection = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`)
    const context = connection.contexts()[0]
    const page = context.pages()[0] ?? (await context.newPage())
    await page.setViewportSize({ width: 412, height: 823 })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const traceEvents = []
    cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value))
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink', transferMode: 'ReportEvents' })
    const started = Date.now()
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
    const loaded = Date.now() - started
    // Work after the last response (charts drawn on a timer, effects) counts too.
    await page.waitForTimeout(3000)
    const landed = new URL(page.url()).pathname
    const { profile } = await cdp.send('Profiler.stop')
    await cdp.send('Tracing.end')
    await traced
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
    await page.goto('about:blank')
    await connection.close()

    const times = selfTimes(profile)
    const byFunction = new Map()
    const byOrigin = new Map()
    let total = 0
    for (const node of profile.nodes) {
      const ms = times.get(node.id) ?? 0
      if (ms === 0) continue
      const { functionName, url, lineNumber } = node.callFrame
      if (functionName === '(idle)') continue
      total += ms
      const from = origin(node.callFrame)
      const key = `${functionName || '(anonymous)'}  ${from} (${url.replace(/.*\//, '')}:${lineNumber + 1})`
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms)
      byOrigin.set(from, (byOrigin.get(from) ?? 0) + ms)
    }
    const sorted = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count)
    console.log(`\n▶ ${path} (${account}, landed on ${landed}): network quiet after ${loaded} ms at 4× slower; ${total.toFixed(0)} ms of JavaScript sampled`)
    print('by package or source folder', sorted(byOrigin, 25))
    print('by function (self time)', sorted(byFunction, top))
    printLongTasks(traceEvents, profile)
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
