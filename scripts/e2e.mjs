// npm run test:e2e: builds what is out of date, checks the pages' JavaScript budgets,
// then runs the browser tests in Chromium.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildIfStale, printTimings, root, step } from './lib.mjs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}. Install it with: apt-get install -y chromium`)
  process.exit(1)
}
await buildIfStale()
// The JavaScript budgets of the sign-in, consent and app pages, read from the build just made.
await step('JavaScript budgets', 'node', ['scripts/bundle-budget.mjs'])
// What the failed tests' pages showed (apps/web/e2e/failed-pages.ts), told again after the
// summary: a CI log keeps its last lines. After a run that passed, the file holds the first
// attempts of tests that passed only on their second (the e2e config's retry).
const failedPages = join(root, 'test-results/e2e-failed-pages.txt')
const tell = (title) => existsSync(failedPages) && console.error(`\n${title}${readFileSync(failedPages, 'utf8')}`)
await step('Browser tests', 'npx', ['vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts'], {
  whenFailed: () => tell("What the failed tests' pages showed:"),
})
tell('⚠ Passed only on a second attempt; what the first attempt showed:')
printTimings('Browser tests: where the time went')
