import '@mantine/core/styles.css'
import './app/global.css'
import { ErrorBoundary } from './app/error-boundary'
import { SignInApp } from './app/sign-in-app'
import { startPage } from './app/start-page'
import { initVisitorTexts } from './lib/i18n'

// login.html's entry: the sign-in page /login, a bundle of its own (issue #10: the form is
// usable after at most 170 KB of JavaScript). Once signed in, the app loads at redirect_to.
startPage('login.html', initVisitorTexts(), () => (
  <ErrorBoundary>
    <SignInApp location={window.location} openApp={(path) => window.location.replace(path)} />
  </ErrorBoundary>
))
