// npm run test:pg: the API tests on PostgreSQL (needs TEST_DATABASE_URL).
import { step } from './lib.mjs'

if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres')
  process.exit(2)
}
await step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
  env: { ...process.env, TEST_DB_ENGINE: 'postgres' },
})
