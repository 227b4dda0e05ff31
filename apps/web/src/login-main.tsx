import '@mantine/core/styles.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from './app/error-boundary'
import { SignInApp } from './app/sign-in-app'
import { getCookie } from './lib/cookies'
import { detectLocale, initI18n } from './lib/i18n'
import { cookieNames } from './lib/session'

// login.html's entry: the sign-in page /login, a bundle of its own (issue #10: the form is
// usable after at most 170 KB of JavaScript). Once signed in, the app loads at redirect_to.
const { locale, source } = detectLocale({
  search: window.location.search,
  cookie: getCookie(cookieNames.locale),
  languages: navigator.languages,
})

function render() {
  const container = document.getElementById('root')
  if (!container) throw new Error('login.html has no #root')
  const root = createRoot(container)
  startTransition(() => {
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <SignInApp location={window.location} openApp={(path) => window.location.replace(path)} />
        </ErrorBoundary>
      </StrictMode>,
    )
  })
}

// A locale chosen by the query parameter is remembered in the locale cookie.
initI18n(locale, { persist: source === 'query' })
  .catch(() => initI18n('en'))
  .finally(render)
