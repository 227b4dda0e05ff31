// npm test: type check, lint, unit and API tests on PGlite, the API tests again on
// PostgreSQL when TEST_DATABASE_URL is set, and the browser tests in Chromium.
import { step } from './lib.mjs'

await step('Type check', 'npm', ['run', 'typecheck'])
await step('Lint', 'npm', ['run', 'lint'])
await step('Unit and API tests (PGlite)', 'npx', ['vitest', 'run'])
if (process.env.TEST_DATABASE_URL) {
  await step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
    env: { ...process.env, TEST_DB_ENGINE: 'postgres' },
  })
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is left out)')
}
await step('Browser tests (Chromium)', 'node', ['scripts/e2e.mjs'])
console.log('\n✔ All tests passed')
