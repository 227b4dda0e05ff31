import '@mantine/core/styles.css'
import './app/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsentApp } from './app/consent-app'
import { detectConsentLocale, initConsentTexts } from './features/consent-page/consent-texts'

// consent.html's entry: the public consent page /consent/{key}, its own small bundle
// (no router, no session, no query cache; only its own texts).
const { locale, fromQuery } = detectConsentLocale()

function render() {
  const container = document.getElementById('root')
  if (!container) throw new Error('consent.html has no #root')
  createRoot(container).render(
    <StrictMode>
      <ConsentApp location={window.location} />
    </StrictMode>,
  )
}

initConsentTexts(locale, { persist: fromQuery })
  .catch(() => initConsentTexts('en'))
  .finally(render)
