import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, selectionCookieDays, supportedLocales, type Locale } from '@crm/domain'
import { daysToSeconds, getCookie, setCookie } from '../../lib/cookies'
import en from '../../locales/en/consent-page.json'
import { isPseudoLocale, pseudoLocale } from '../../lib/pseudo-locale-name'

/** A supported locale, or the pseudo-locale of the browser tests (lib/pseudo-locale.ts). */
type ConsentLocale = Locale | typeof pseudoLocale

// The consent page's own bundle carries only its texts: English in the entry, the other
// languages fetched when chosen. The words of the server's field refusals are fetched with the
// first refusal (consentRefusalTexts). The main app's lib/i18n (every namespace) is not loaded here.
const loaders: Record<ConsentLocale, () => Promise<typeof en>> = {
  en: () => Promise.resolve(en),
  es: () => import('../../locales/es/consent-page.json').then((module) => module.default),
  [pseudoLocale]: () => import('../../lib/pseudo-locale').then((module) => module.pseudoLocalize(en)),
}

const refusalLoaders: Record<ConsentLocale, () => Promise<Record<string, string>>> = {
  en: () => import('../../locales/en/field-errors.json').then((module) => module.default),
  es: () => import('../../locales/es/field-errors.json').then((module) => module.default),
  [pseudoLocale]: async () => {
    const [english, pseudo] = await Promise.all([import('../../locales/en/field-errors.json'), import('../../lib/pseudo-locale')])
    return pseudo.pseudoLocalize(english.default)
  },
}

/** The words of the server's field refusals in the page's language, added once (and English, the fallback). */
export async function consentRefusalTexts(): Promise<void> {
  const current = chosenLocaleOf(i18next.language) ?? 'en'
  for (const locale of new Set<ConsentLocale>([current, 'en'])) {
    if (!i18next.hasResourceBundle(locale, 'field-errors')) i18next.addResourceBundle(locale, 'field-errors', await refusalLoaders[locale](), true, true)
  }
}

/** The page's own texts in a locale. */
export function consentTextsOf(locale: ConsentLocale): Promise<typeof en> {
  return loaders[locale]()
}

function localeOf(value: string | null | undefined): Locale | null {
  const language = value?.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (supportedLocales as readonly string[]).includes(language) ? (language as Locale) : null
}

/** A supported locale, or the pseudo-locale when named (by the query or the cookie, never the browser). */
function chosenLocaleOf(value: string | null | undefined): ConsentLocale | null {
  return isPseudoLocale(value) ? pseudoLocale : localeOf(value)
}

/** The site's language choice (spec 1 §1): ?locale=, then the locale cookie, then the browser's languages. */
export function detectConsentLocale(): { locale: ConsentLocale; fromQuery: boolean } {
  const fromQuery = chosenLocaleOf(new URLSearchParams(window.location.search).get('locale'))
  if (fromQuery) return { locale: fromQuery, fromQuery: true }
  const chosen = chosenLocaleOf(getCookie('locale')) ?? navigator.languages.map(localeOf).find((locale) => locale !== null) ?? null
  return { locale: chosen ?? (localeOf(defaultLocale) || 'en'), fromQuery: false }
}

/** Shows the page in a language, loading its texts first; with persist, remembers it as the site does. */
export async function changeConsentLocale(locale: ConsentLocale, options: { persist?: boolean } = {}): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'consent-page')) i18next.addResourceBundle(locale, 'consent-page', await consentTextsOf(locale), true, true)
  await i18next.changeLanguage(locale)
  // Words of refusals already fetched follow the language.
  if (i18next.hasResourceBundle('en', 'field-errors')) await consentRefusalTexts()
  // The pseudo-locale is English to a screen reader.
  document.documentElement.lang = locale === pseudoLocale ? 'en' : locale
  if (options.persist) setCookie('locale', locale, { maxAgeSeconds: daysToSeconds(selectionCookieDays) })
}

/** Starts i18next with the consent page's texts only. */
export async function initConsentTexts(locale: ConsentLocale, options: { persist?: boolean } = {}): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...supportedLocales, pseudoLocale],
    load: 'languageOnly',
    ns: ['consent-page', 'field-errors'],
    defaultNS: 'consent-page',
    resources: { en: { 'consent-page': en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  if (locale !== 'en' || options.persist) await changeConsentLocale(locale, options)
}
