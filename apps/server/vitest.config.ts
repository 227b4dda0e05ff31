import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: a file's imports (the app, drizzle, zod
    // schemas) cost ~3 s to load, and every file opens its own database and app, so none
    // leans on module state another left behind.
    isolate: false,
  },
})
