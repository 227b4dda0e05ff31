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
    // One jsdom per worker, not per file: every file's afterEach (test/setup.ts) resets the
    // DOM, mocks, cookies, storage and language, and each render makes its own query client.
    isolate: false,
  },
})
