import '@mantine/core/styles.css'
import './app/global.css'
import { ConsentApp } from './app/consent-app'
import { startPage } from './app/start-page'
import { detectConsentLocale, initConsentTexts } from './features/consent-page/consent-texts'

// consent.html's entry: the public consent page /consent/{key}, its own small bundle
// (no router, no session, no query cache; only its own texts).
const { locale, fromQuery } = detectConsentLocale()

startPage(
  'consent.html',
  initConsentTexts(locale, { persist: fromQuery }).catch(() => initConsentTexts('en')),
  () => <ConsentApp location={window.location} />,
)
