// npm run budget: the JavaScript a browser must fetch before the login form is usable (the
// entry's static imports plus the login route's chunk and its static imports), gzipped, stays
// within the budget. Reads the build's manifest (apps/web/dist/.vite/manifest.json).
// BUNDLE_BUDGET_KB overrides the budget (to see the script fail, or to tighten it).
//
// Issue #10 asks for 170 KB. The libraries the login form itself needs (react-dom,
// react-router, zod, Mantine, react-hook-form, i18next, TanStack Query) come to about that
// on their own (a trial build with the signed-in shell loaded lazily measured 229 KB), so
// lazy loading alone cannot reach it; until that changes, the budget holds today's figure
// (263 KB) so the login page cannot grow unnoticed.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { root } from './lib.mjs'

const goalKb = 170
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 265)
const dist = join(root, 'apps/web/dist')
const manifestFile = join(dist, '.vite/manifest.json')
const loginRoute = 'src/features/auth/pages/login-page.tsx'

if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the web app first (npm run build)`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey || !manifest[loginRoute]) {
  console.error(`The manifest names no entry or no ${loginRoute}: has the login route moved?`)
  process.exit(1)
}

/** The chunk and every chunk it imports statically (dynamic imports load later, on demand). */
function withStaticImports(key, seen) {
  if (seen.has(key)) return
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen)
}
const keys = new Set()
withStaticImports(entryKey, keys)
withStaticImports(loginRoute, keys)

const files = [...keys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzipped: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzipped - a.gzipped)
const total = files.reduce((sum, { gzipped }) => sum + gzipped, 0)
const kb = (bytes) => (bytes / 1000).toFixed(1)

if (total > budgetKb * 1000) {
  console.error(`✖ The login page's initial JavaScript is ${kb(total)} KB gzipped, over the ${budgetKb} KB budget:`)
  for (const { file, gzipped } of files) console.error(`  ${kb(gzipped).padStart(7)} KB  ${file}`)
  console.error('Load what the login form does not need on demand (a dynamic import where it is first used).')
  process.exit(1)
}
console.log(
  `✔ The login page's initial JavaScript is ${kb(total)} KB gzipped in ${files.length} files ` +
    `(budget ${budgetKb} KB${budgetKb > goalKb ? `; the goal is ${goalKb} KB` : ''})`,
)
