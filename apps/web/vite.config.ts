import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const server = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': server,
      '/dev': server,
      '/ical': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
})
