import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const server = 'http://127.0.0.1:3000'

/** No chunk over this, so a section stays quick to open on a phone. */
const chunkBudgetBytes = 500 * 1024
/**
 * The one exception: the password rules with zxcvbn's dictionaries (1.6 MB), a chunk of
 * their own fetched only once a password field shows (lib/password-strength.ts).
 */
const isPasswordRules = (moduleId: string | null | undefined) => Boolean(moduleId?.endsWith('/rules/password.ts'))

/** Fails the build when a chunk other than the password rules grows past the budget. */
function chunkBudget(): Plugin {
  return {
    name: 'crm-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || isPasswordRules(output.facadeModuleId)) continue
        const size = Buffer.byteLength(output.code)
        if (size > chunkBudgetBytes) {
          this.error(`${output.fileName} is ${Math.round(size / 1024)} kB, over the ${chunkBudgetBytes / 1024} kB budget: load it on demand`)
        }
      }
    },
  }
}

/** /consent/{key} is consent.html's page in dev and preview too, as the server sends it (app.ts). */
function consentPage(): Plugin {
  const rewrite = (request: { url?: string | undefined }) => {
    if (request.url?.startsWith('/consent/')) request.url = '/consent.html'
  }
  return {
    name: 'crm-consent-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        rewrite(request)
        next()
      })
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        rewrite(request)
        next()
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), chunkBudget(), consentPage()],
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
    // dist/.vite/manifest.json: the chunks each page needs (scripts/bundle-budget.mjs reads it).
    manifest: true,
    // chunkBudget() checks every chunk; Vite's own warning would only name the exception.
    chunkSizeWarningLimit: 1700,
    // Two pages: the app, and the public consent page /consent/{key} with its own small bundle
    // (the server sends consent.html for /consent/ paths).
    rollupOptions: {
      input: { main: 'index.html', consent: 'consent.html' },
    },
  },
})
