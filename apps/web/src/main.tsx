import '@mantine/core/styles.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { ErrorBoundary } from './app/error-boundary'
import { getCookie } from './lib/cookies'
import { detectLocale, initI18n } from './lib/i18n'
import { cookieNames } from './lib/session'

const { locale, source } = detectLocale({
  search: window.location.search,
  cookie: getCookie(cookieNames.locale),
  languages: navigator.languages,
})

function render() {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root')
  const root = createRoot(container)
  // The first render in a transition: React renders it in slices and lets the browser paint
  // and take input between them, instead of one long task (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
      </StrictMode>,
    )
  })
}

// A locale chosen by the query parameter is remembered in the locale cookie.
initI18n(locale, { persist: source === 'query' })
  .catch(() => initI18n('en'))
  .finally(render)
