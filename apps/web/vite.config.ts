import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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

/**
 * Fails the build when a chunk other than the password rules grows past the budget. A build
 * without minification (scripts/profile-page.mjs reads its names) is not what people load.
 */
function chunkBudget(): Plugin {
  let minified = true
  return {
    name: 'crm-chunk-budget',
    apply: 'build',
    configResolved(config) {
      minified = config.build.minify !== false
    },
    generateBundle(_options, bundle) {
      if (!minified) return
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

/**
 * What each page paints before its script has run (issue 37): on a phone's network and processor
 * the bundle takes seconds, and a white page in the meantime reads as broken. The spinner sits
 * where the app's own loader (FullPageLoader) then appears, and React replaces it on its first
 * render. It has no words (the reader's language is not known yet) and is hidden from assistive
 * technology, which meets the app's loader with its text a moment later. A box around the
 * drawing turns, not the SVG itself: Chromium turns an HTML box on the compositor, but
 * repaints a turning SVG on the main thread every frame, the thread the bundle is waiting for.
 */
function firstPaint(): Plugin {
  const spinner = [
    '<div aria-hidden="true" style="display:flex;align-items:center;justify-content:center;min-height:50vh">',
    '<div style="width:36px;height:36px;animation:crm-first-paint 0.8s linear infinite;will-change:transform">',
    '<svg width="36" height="36" viewBox="0 0 36 36" style="display:block">',
    '<circle cx="18" cy="18" r="15" fill="none" stroke="#dbe4ff" stroke-width="4.5"/>',
    '<path d="M18 3a15 15 0 0 1 15 15" fill="none" stroke="#3b5bdb" stroke-width="4.5" stroke-linecap="round"/>',
    '</svg></div></div>',
  ].join('')
  return {
    name: 'crm-first-paint',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace('<div id="root"></div>', `<div id="root">${spinner}</div>`)
          .replace('</head>', '<style>@keyframes crm-first-paint{to{transform:rotate(360deg)}}</style></head>'),
    },
  }
}

/**
 * React Router's package resolves to its development build under every condition (its
 * issues #12532, #14102): warnings checked on every navigation and render. A build takes its
 * production build, the same code with them off; the dev server keeps the warnings.
 */
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs')

export default defineConfig(({ command }) => ({
  plugins: [react(), chunkBudget(), ownPages(), prefetchAppFromSignIn(), firstPaint()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
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
      // Small shared chunks are copied into the chunks that read them (one module state kept by
      // rolldown's runtime registry), so a signed-in page comes in about 24 files, not 78: on a
      // phone's network each file is a round trip (issue 37; docs/decisions.md "Fewer files").
      // The wrapping this needs costs a few KB of the pages' first JavaScript (scripts/bundle-budget.mjs).
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
    },
  },
}))
