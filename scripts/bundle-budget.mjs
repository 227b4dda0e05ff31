// npm run budget: the JavaScript a browser must fetch before the login form is usable (the
// entry's static imports plus the login route's chunk and its static imports), gzipped, stays
// within the budget. Reads the build's manifest (apps/web/dist/.vite/manifest.json).
// BUNDLE_BUDGET_KB overrides the budget (to see the script fail, or to tighten it).
//
// Issue #10 asks for 170 KB; measured 218 KB (26 files, November 2026), enforced at 222 KB.
// The signed-in shell loads with the first signed-in page, @crm/domain is "sideEffects": false
// (only the contract the login page uses is bundled), and the entry carries only the English
// texts of the sign-in pages (264.9 → 218 KB). What is left, gzipped, from the build's
// source maps: react-dom 62.5, react-router 30.4, Mantine 28, zod 24, i18next with
// react-i18next 18, react-hook-form with its zod resolver 15, TanStack Query 11, the app's
// own code 12.5, the contract 4, the entry's texts 4. The libraries alone (with react and
// scheduler) come to ~195 KB, so 170 KB needs a lighter library in place of one of them
// (zod/mini for the contract, or no react-hook-form on the sign-in pages), not more lazy loading.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { root } from './lib.mjs'

const goalKb = 170
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 222)
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
