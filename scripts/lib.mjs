// Small helpers shared by the root scripts.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '')

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const timings = []
const scriptStarted = performance.now()

/** Each step's seconds so far and the script's, so the next slow step is visible. */
export function printTimings(title = 'Where the time went') {
  if (timings.length === 0) return
  const wall = (performance.now() - scriptStarted) / 1000
  console.log(`\n${title}:`)
  for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`)
  console.log(`  ${wall.toFixed(0).padStart(5)} s  in all`)
}

async function timed(label, work) {
  const started = performance.now()
  const code = await work()
  timings.push([label, (performance.now() - started) / 1000])
  return code
}

function fail(label, code) {
  console.error(`\n✖ ${label} failed (exit ${code})`)
  printTimings()
  process.exit(code)
}

/**
 * Runs a command and exits the script when it fails; `whenFailed` prints what the failure
 * left behind first.
 */
export async function step(label, command, args, options = {}) {
  const { whenFailed, ...spawnOptions } = options
  console.log(`\n▶ ${label}`)
  const code = await timed(label, () => run(command, args, spawnOptions))
  if (code !== 0) {
    whenFailed?.()
    fail(label, code)
  }
}

/**
 * Runs lanes side by side (one per core) and exits when any failed, once all have ended.
 * A lane is `[label, [[command, args, options?], ...]]`: its commands run one after another
 * and it stops at the first that fails.
 */
export async function stepsSideBySide(label, lanes) {
  console.log(`\n▶ ${label}: ${lanes.map(([name]) => name).join(' | ')}`)
  const runLane = async (commands) => {
    for (const [command, args, options] of commands) {
      const code = await run(command, args, options)
      if (code !== 0) return code
    }
    return 0
  }
  const codes = await timed(label, () => Promise.all(lanes.map(([name, commands]) => timed(`  ${name} (side by side)`, () => runLane(commands)))))
  const failed = lanes.findIndex((_, i) => codes[i] !== 0)
  if (failed >= 0) fail(lanes[failed][0], codes[failed])
}
/** Newest modification time of the files below the given folders. */
export function newestMtime(paths) {
  let newest = 0
  const walk = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry))
    } else newest = Math.max(newest, stat.mtimeMs)
  }
  paths.forEach((path) => walk(join(root, path)))
  return newest
}

/** A build is missing or older than its sources. */
export function isStale(output, sources) {
  const file = join(root, output)
  return !existsSync(file) || statSync(file).mtimeMs < newestMtime(sources)
}

/** Builds the web app and the server when missing or older than their sources. */
export async function buildIfStale() {
  const shared = ['packages/domain/src', 'package.json']
  const web = [
    ...shared,
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'scripts/precompress.mjs',
  ]
  if (isStale('apps/web/dist/index.html', web)) await step('Building the web app', 'npm', ['run', 'build', '-w', '@crm/web'])
  const server = [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/drizzle']
  if (isStale('apps/server/dist/main.js', server)) await step('Building the server', 'npm', ['run', 'build', '-w', '@crm/server'])
}

/**
 * Installs Debian's packages for the commands that are missing (nginx: nginx-light), as the
 * cluster test and the soak need them; a step of the script that calls it.
 */
export async function ensureDebianCommands(commands) {
  const missing = commands.filter((command) => {
    try {
      execFileSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`], { stdio: 'ignore' })
      return false
    } catch {
      return true
    }
  })
  if (missing.length === 0) return
  const packages = missing.map((command) => (command === 'nginx' ? 'nginx-light' : command)).join(' ')
  await step(
    `Installing ${packages} (Debian)`,
    'sh',
    [
      '-c',
      `(apt-get install -y -qq --no-install-recommends ${packages} || (apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages})) >/dev/null`,
    ],
    {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  )
}
