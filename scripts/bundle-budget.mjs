// npm run budget: the JavaScript a browser must fetch before a page is usable (its entry and
// the entry's static imports; dynamic imports load later, on demand), gzipped, stays within
// the page's budget. Reads the build's manifest (apps/web/dist/.vite/manifest.json).
//
// - The sign-in page /login is an entry of its own (login.html, issue #10: at most 170 KB before
//   the login form is usable): React, Mantine, i18next and zod with the form and the sign-in
//   texts; no router and no query cache, and its two fields are checked with the contract's
//   schema, not a form library. Measured 160.8 KB (29 November 2026, with the field error codes'
//   table of issue 36, which the contract's refinements name). BUNDLE_BUDGET_KB overrides.
// - The public consent page /consent/{key} (consent.html): measured 171.8 KB, budget 175 KB (the
//   refusals' words load with the first refusal); CONSENT_BUDGET_KB overrides.
// - The app (index.html), what every signed-in page needs first: measured 207.8 KB, budget
//   210 KB (APP_BUDGET_KB overrides). The entry carries each lazy page's preload list, a few
//   hundred bytes a page, so new screens move it a little.
//   Both rose by 2.4–2.8 KB on 30 November 2026 (issue 37), from 170 and 205: small shared
//   chunks are now copied into the chunks that read them (vite.config.ts), which wraps each
//   module to keep one execution order; in exchange a signed-in page arrives in about 24 files
//   instead of 78 and Lighthouse's mobile score of each page rose 5–9 points (docs/benchmarks.md).
// - The pages where a person sets a password, often on a phone (issue 37): /signup, the new
//   password of /reset-password and /accept-invite, each the app's first page with the page's
//   chunk, its static imports and what it loads at once (the invite's own English texts); zxcvbn's
//   dictionaries wait for the first key typed, ALTCHA for the visitor's first focus in the form.
//   Measured 242.4, 235.7 and 239.8 KB, budget 250 KB each (PASSWORD_PAGE_BUDGET_KB overrides).
//   A browser test counts what these pages really receive (apps/web/e2e/password-pages.e2e.ts).
// - No chunk carries a library's development build: React Router resolves to its own under every
//   condition, and vite.config.ts points a build at its production build instead (issue 37).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { root } from './lib.mjs'

const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 170)
const consentBudgetKb = Number(process.env.CONSENT_BUDGET_KB ?? 175)
const appBudgetKb = Number(process.env.APP_BUDGET_KB ?? 210)
const passwordPageBudgetKb = Number(process.env.PASSWORD_PAGE_BUDGET_KB ?? 250)
const dist = join(root, 'apps/web/dist')
const manifestFile = join(dist, '.vite/manifest.json')

if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the web app first (npm run build)`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
// Three entries: the sign-in page's, the consent page's and the app's.
const entries = { login: 'login.html', consent: 'consent.html', app: 'index.html' }
/** Each password page: its route's chunk and the lazy chunks it loads at once (app/router.tsx). */
const passwordPages = {
  'The sign-up page': ['src/features/auth/pages/signup-page.tsx'],
  'The reset-password page': ['src/features/auth/pages/reset-password-page.tsx'],
  'The accept-invite page': ['src/features/teams/pages/accept-invite-page.tsx', 'src/locales/en/teams.json'],
}
/**
 * A page's manifest key. A module that is both imported by name and loaded on demand (the
 * invite's texts, also part of the English bundle) may land in a shared chunk rather than a
 * chunk of its own; that chunk is named after the module and loaded on demand.
 */
function keyOf(source) {
  if (manifest[source]?.isEntry || manifest[source]?.isDynamicEntry) return source
  const name = source
    .split('/')
    .pop()
    .replace(/\.[^.]+$/, '')
  const loadedOnDemand = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))
  const shared = [...loadedOnDemand].find((key) => key.startsWith('_') && manifest[key]?.name === name)
  if (shared) return shared
  console.error(`The manifest names no ${source} entry: has a page moved?`)
  process.exit(1)
}
for (const key of Object.values(entries)) keyOf(key)
for (const [page, sources] of Object.entries(passwordPages)) passwordPages[page] = sources.map(keyOf)

/** The chunk and every chunk it imports statically (dynamic imports load later, on demand). */
function withStaticImports(key, seen) {
  if (seen.has(key)) return
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen)
}
const kb = (bytes) => (bytes / 1000).toFixed(1)

/** The JavaScript files of a set of manifest keys, gzipped, largest first, and their total. */
function measure(keys) {
  const files = [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipped: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipped - a.gzipped)
  return { files, total: files.reduce((sum, { gzipped }) => sum + gzipped, 0) }
}

/** `chunks`: the entry, then what the page loads at once after it. */
function check(name, chunks, budget) {
  const keys = new Set()
  for (const chunk of [chunks].flat()) withStaticImports(chunk, keys)
  const { files, total } = measure(keys)
  if (total > budget * 1000) {
    console.error(`✖ ${name}'s initial JavaScript is ${kb(total)} KB gzipped, over the ${budget} KB budget:`)
    for (const { file, gzipped } of files) console.error(`  ${kb(gzipped).padStart(7)} KB  ${file}`)
    console.error('Load what the page does not need at first on demand (a dynamic import where it is first used).')
    return false
  }
  console.log(`✔ ${name}'s initial JavaScript is ${kb(total)} KB gzipped in ${files.length} files ` + `(budget ${budget} KB)`)
  return true
}

/** Texts only a library's development build holds, by the library. */
const developmentBuildTexts = { 'React Router': 'Hey developer' }

/** Every built chunk is free of the libraries' development builds. */
function noDevelopmentBuilds() {
  const assets = join(dist, 'assets')
  const found = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const code = readFileSync(join(assets, file), 'utf8')
      return Object.entries(developmentBuildTexts)
        .filter(([, text]) => code.includes(text))
        .map(([library]) => `${library}'s development build in ${file}`)
    })
  for (const finding of found) console.error(`✖ ${finding}`)
  if (found.length === 0) console.log(`✔ No chunk carries a development build (${Object.keys(developmentBuildTexts).join(', ')})`)
  return found.length === 0
}

const results = [
  noDevelopmentBuilds(),
  check('The login page', entries.login, budgetKb),
  check('The consent page', entries.consent, consentBudgetKb),
  check("The app's first page", entries.app, appBudgetKb),
  ...Object.entries(passwordPages).map(([name, chunks]) => check(name, [entries.app, ...chunks], passwordPageBudgetKb)),
]
if (results.includes(false)) process.exit(1)
