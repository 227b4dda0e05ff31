import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, selectionCookieDays, supportedLocales, type Locale } from '@crm/domain'
import en, { type LocaleBundle } from '../locales/en/index'
import { daysToSeconds, setCookie } from './cookies'
import { cookieNames } from './session'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: LocaleBundle
  }
}

export { supportedLocales, type Locale }
export type Namespace = keyof LocaleBundle
export const namespaces = Object.keys(en) as Namespace[]

type BundleLoader = () => Promise<{ default: LocaleBundle }>

/**
 * Every locale but en is one lazily loaded chunk (src/locales/<lng>/index.ts imports all
 * its namespaces), so choosing it costs exactly one request; en is bundled.
 */
export const localeLoaders: Record<Exclude<Locale, 'en'>, BundleLoader> = {
  es: () => import('../locales/es/index'),
}

export function normalizeLocale(value: string | null | undefined): Locale | null {
  if (!value) return null
  const language = value.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (supportedLocales as readonly string[]).includes(language) ? (language as Locale) : null
}

export interface LocaleSources {
  /** window.location.search */
  search: string
  /** The locale cookie. */
  cookie: string | null
  /** navigator.languages */
  languages: readonly string[]
}

export type LocaleSource = 'query' | 'cookie' | 'browser' | 'default'

/** Spec 1 §1: query parameter locale, then the locale cookie, then the browser languages, then en. */
export function detectLocale(sources: LocaleSources): { locale: Locale; source: LocaleSource } {
  const fromQuery = normalizeLocale(new URLSearchParams(sources.search).get('locale'))
  if (fromQuery) return { locale: fromQuery, source: 'query' }
  const fromCookie = normalizeLocale(sources.cookie)
  if (fromCookie) return { locale: fromCookie, source: 'cookie' }
  for (const language of sources.languages) {
    const fromBrowser = normalizeLocale(language)
    if (fromBrowser) return { locale: fromBrowser, source: 'browser' }
  }
  return { locale: normalizeLocale(defaultLocale) ?? 'en', source: 'default' }
}

const loading = new Map<Locale, Promise<LocaleBundle>>()

/** The translations of a locale: en from the bundle, any other fetched once. */
export function loadLocale(locale: Locale, loaders: Partial<Record<Locale, BundleLoader>> = localeLoaders): Promise<LocaleBundle> {
  if (locale === 'en') return Promise.resolve(en)
  const cached = loading.get(locale)
  if (cached) return cached
  const loader = loaders[locale]
  if (!loader) return Promise.resolve(en)
  const promise = loader()
    .then((module) => module.default)
    .catch((error: unknown) => {
      loading.delete(locale)
      throw error
    })
  loading.set(locale, promise)
  return promise
}

/** Forgets loaded locales (tests). */
export function resetLoadedLocales(): void {
  loading.clear()
}

/** Switches the interface to a locale; with persist, remembers it in the locale cookie for 365 days. */
export async function changeLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  if (locale !== 'en' && !i18next.hasResourceBundle(locale, 'common')) {
    const bundle = await loadLocale(locale)
    for (const namespace of namespaces) i18next.addResourceBundle(locale, namespace, bundle[namespace], true, true)
  }
  await i18next.changeLanguage(locale)
  document.documentElement.lang = locale
  if (options.persist) setCookie(cookieNames.locale, locale, { maxAgeSeconds: daysToSeconds(selectionCookieDays) })
}

/** Initialises i18next with en bundled, then switches to the chosen locale. */
export async function initI18n(locale: Locale = 'en', options: { persist?: boolean } = {}): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...supportedLocales],
      load: 'languageOnly',
      ns: namespaces,
      defaultNS: 'common',
      resources: { en },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    })
  }
  if (locale !== i18next.language || options.persist) await changeLocale(locale, options)
}

export { i18next }
