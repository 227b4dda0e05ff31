import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, selectionCookieDays, supportedLocales, type Locale } from '@crm/domain'
import { daysToSeconds, getCookie, setCookie } from '../../lib/cookies'
import en from '../../locales/en/consent-page.json'

// The consent page's own bundle carries only its texts: English in the entry, the other
// languages fetched when chosen. The main app's lib/i18n (every namespace) is not loaded here.
const loaders: Record<Locale, () => Promise<typeof en>> = {
  en: () => Promise.resolve(en),
  es: () => import('../../locales/es/consent-page.json').then((module) => module.default),
}

function localeOf(value: string | null | undefined): Locale | null {
  const language = value?.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (supportedLocales as readonly string[]).includes(language) ? (language as Locale) : null
}

/** The site's language choice (spec 1 §1): ?locale=, then the locale cookie, then the browser's languages. */
export function detectConsentLocale(): { locale: Locale; fromQuery: boolean } {
  const fromQuery = localeOf(new URLSearchParams(window.location.search).get('locale'))
  if (fromQuery) return { locale: fromQuery, fromQuery: true }
  const chosen = localeOf(getCookie('locale')) ?? navigator.languages.map(localeOf).find((locale) => locale !== null) ?? null
  return { locale: chosen ?? (localeOf(defaultLocale) || 'en'), fromQuery: false }
}

/** Shows the page in a language, loading its texts first; with persist, remembers it as the site does. */
export async function changeConsentLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'consent-page')) i18next.addResourceBundle(locale, 'consent-page', await loaders[locale](), true, true)
  await i18next.changeLanguage(locale)
  document.documentElement.lang = locale
  if (options.persist) setCookie('locale', locale, { maxAgeSeconds: daysToSeconds(selectionCookieDays) })
}

/** Starts i18next with the consent page's texts only. */
export async function initConsentTexts(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...supportedLocales],
    load: 'languageOnly',
    ns: ['consent-page'],
    defaultNS: 'consent-page',
    resources: { en: { 'consent-page': en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  if (locale !== 'en' || options.persist) await changeConsentLocale(locale, options)
}
