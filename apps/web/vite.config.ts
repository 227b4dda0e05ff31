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

/**
 * The pages of their own, in dev and preview as the server sends them (app.ts): /consent/{key}
 * is consent.html, /login is login.html.
 */
function pageOf(url: string): string | null {
  if (url.startsWith('/consent/')) return '/consent.html'
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : ''
  if (/^\/login\/?(\?|$)/.test(url)) return `/login.html${query}`
  return null
}

function ownPages(): Plugin {
  const rewrite = (request: { url?: string | undefined }) => {
    const page = request.url ? pageOf(request.url) : null
    if (page) request.url = page
  }
  return {
    name: 'crm-own-pages',
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
  plugins: [react(), chunkBudget(), ownPages()],
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
    // Three pages: the app; the sign-in page /login (login.html) and the public consent page
    // /consent/{key} (consent.html), each with its own small bundle (the server sends them).
    rollupOptions: {
      input: { main: 'index.html', login: 'login.html', consent: 'consent.html' },
    },
  },
})
