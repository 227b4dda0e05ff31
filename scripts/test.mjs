// npm test: type check, formatting and lint (side by side), unit and API tests on PGlite, the API tests
// again on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests in Chromium.
// It ends with each step's seconds, so the next slow one is visible.
import { printTimings, step, stepsSideBySide } from './lib.mjs'

// Two lanes of about equal length, one per core: the four type checks and the formatter's
// check; ESLint (its type-aware rules cost as much as a type check) and the import graph.
const tsc = (project) => ['npx', ['tsc', '-p', project]]
await stepsSideBySide('Type check and lint', [
  [
    'Type check, format',
    [tsc('packages/domain'), tsc('apps/server'), tsc('apps/web'), tsc('apps/web/e2e'), ['npx', ['prettier', '--check', '--log-level', 'warn', '.']]],
  ],
  [
    'Lint, import cycles',
    [
      ['npx', ['eslint', '--max-warnings=0', '.']],
      ['node', ['scripts/check-imports.mjs']],
    ],
  ],
])
await step('Unit and API tests (PGlite)', 'npx', ['vitest', 'run'])
if (process.env.TEST_DATABASE_URL) {
  await step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
    env: { ...process.env, TEST_DB_ENGINE: 'postgres' },
  })
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is left out)')
}
await step('Browser tests (Chromium)', 'node', ['scripts/e2e.mjs'])
printTimings()
console.log('\n✔ All tests passed')
