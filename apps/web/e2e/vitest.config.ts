import { defineConfig } from 'vitest/config'

// Browser tests: Chromium (Debian's) driven by playwright-core against the built app. Every
// test file starts the real server on a workspace of its own, copied from one seeded once
// per run (global-setup.ts, server.ts); two files run at once, one per core.
// Run by `npm run test:e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
})
