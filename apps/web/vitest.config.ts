import { defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A form test that takes one second alone took over five in CI, while the other worker ran
    // PGlite API tests on the second core: the limit is for a test that hangs, not a slow core.
    testTimeout: 20_000,
    // One jsdom per worker, not per file: every file's afterEach (test/setup.ts) resets the
    // DOM, mocks, cookies, storage and language, and each render makes its own query client.
    isolate: false,
  },
})
