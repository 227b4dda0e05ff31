import { defineConfig } from 'vitest/config'

// Browser tests: Chromium (Debian's) driven by playwright-core against the built app;
// every test file starts the real server on a fresh embedded database (server.ts).
// Run by `npm run test:e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
})
