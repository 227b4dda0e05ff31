import { defineConfig } from 'vitest/config'

// npm run test:cluster (scripts/test-cluster.mjs): real processes, PgBouncer and nginx; not
// part of the server project's API tests.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
