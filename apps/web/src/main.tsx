import '@mantine/core/styles.css'
import './app/global.css'
import { App } from './app/app'
import { ErrorBoundary } from './app/error-boundary'
import { startPage } from './app/start-page'
import { initVisitorTexts } from './lib/i18n'

startPage('index.html', initVisitorTexts(), () => (
  <ErrorBoundary>
    <App />
  </ErrorBoundary>
))
