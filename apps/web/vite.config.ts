import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const server = 'http://127.0.0.1:3000'

/** No chunk over this, so a section stays quick to open on a phone. */
const chunkBudgetBytes = 500 * 1024
/**
 * The one exception: the password rules with zxcvbn's dictionaries (1.6 MB), a chunk of
 * their own fetched only once a password is typed (lib/password-strength.ts).
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

/**
 * The sign-in page asks the browser to prefetch, once idle, what the app's first page needs
 * (its entry, the entry's static imports and their styles): the page load after signing in
 * then comes from the cache. Prefetches are fetched at the lowest priority, after the form.
 */
function prefetchAppFromSignIn(): Plugin {
  return {
    name: 'crm-prefetch-app-from-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.filename.endsWith('login.html') || !context.bundle) return
        const bundle = context.bundle
        // The app's entry is named by its input (rollupOptions.input below).
        const app = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry && output.name === 'main')
        if (!app || app.type !== 'chunk') return
        /** The chunk's file, its static imports' and their styles. */
        const filesOf = (fileName: string, files = new Set<string>()) => {
          if (files.has(fileName)) return files
          files.add(fileName)
          const output = bundle[fileName]
          if (output?.type !== 'chunk') return files
          for (const css of output.viteMetadata?.importedCss ?? []) files.add(css)
          for (const imported of output.imports) filesOf(imported, files)
          return files
        }
        // What the sign-in page loads itself is already on its way.
        const own = context.chunk ? filesOf(context.chunk.fileName) : new Set<string>()
        return [...filesOf(app.fileName)]
          .filter((file) => !own.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'prefetch', href: `/${file}` }, injectTo: 'head' as const }))
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), chunkBudget(), ownPages(), prefetchAppFromSignIn()],
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
