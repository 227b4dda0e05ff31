// Small helpers shared by the root scripts.
import { spawn } from 'node:child_process'
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

/** Runs a command and exits the script when it fails. */
export async function step(label, command, args, options) {
  console.log(`\n▶ ${label}`)
  const code = await run(command, args, options)
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`)
    process.exit(code)
  }
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
  const web = [...shared, 'apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/package.json', 'scripts/precompress.mjs']
  if (isStale('apps/web/dist/index.html', web)) await step('Building the web app', 'npm', ['run', 'build', '-w', '@crm/web'])
  const server = [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/drizzle']
  if (isStale('apps/server/dist/main.js', server)) await step('Building the server', 'npm', ['run', 'build', '-w', '@crm/server'])
}
