// npm run test:e2e: builds what is out of date, checks the pages' JavaScript budgets,
// then runs the browser tests in Chromium.
import { existsSync } from 'node:fs'
import { buildIfStale, printTimings, step } from './lib.mjs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}. Install it with: apt-get install -y chromium`)
  process.exit(1)
}
await buildIfStale()
// The JavaScript budgets of the sign-in, consent and app pages, read from the build just made.
await step('JavaScript budgets', 'node', ['scripts/bundle-budget.mjs'])
await step('Browser tests', 'npx', ['vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts'])
printTimings('Browser tests: where the time went')
