import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The floor pages (scripts/lighthouse-floor.mjs): built apart from the app, into test-results.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: here('.'),
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('../../../test-results/floor'),
    emptyOutDir: true,
    rollupOptions: { input: { react: here('react.html'), mantine: here('mantine.html') } },
  },
})
