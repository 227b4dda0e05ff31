import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, selectionCookieDays, supportedLocales, type Locale } from '@crm/domain'
import type { LocaleBundle } from '../locales/en/index'
import common from '../locales/en/common.json'
import errors from '../locales/en/errors.json'
import auth from '../locales/en/auth.json'
import { daysToSeconds, getCookie, setCookie } from './cookies'
import { formatNumber, type NumberFormatOptions } from './number-format'
import { cookieNames } from './session'
import { isPseudoLocale, pseudoLocale } from './pseudo-locale-name'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: LocaleBundle
  }
}

export { supportedLocales, type Locale }
/** A locale the texts may be in: a supported one, or the pseudo-locale of the browser tests. */
export type TextLocale = Locale | typeof pseudoLocale
export type Namespace = keyof LocaleBundle

// Every namespace once (a missing or unknown one is a type error), in the files' order.
const namespaceFlags: Record<Namespace, true> = {
  common: true,
  errors: true,
  'field-errors': true,
  auth: true,
  shell: true,
  teams: true,
  dashboard: true,
  site: true,
  account: true,
  contacts: true,
  'contact-view': true,
  'contact-form': true,
  notes: true,
  relationships: true,
  interests: true,
  activity: true,
  interactions: true,
  'contact-events': true,
  consent: true,
  'consent-page': true,
  'qr-cards': true,
  events: true,
  attendance: true,
  calendar: true,
  team: true,
  'team-users': true,
  requests: true,
  'sub-teams': true,
  roster: true,
  'recent-activity': true,
  notifications: true,
  'manage-notifications': true,
  map: true,
  'import-and-share': true,
  import: true,
  transfers: true,
  duplicates: true,
  'contact-data': true,
  reports: true,
}
export const namespaces = Object.keys(namespaceFlags) as Namespace[]

/**
 * The entry carries only the English texts of the sign-in pages, the errors and the shared
 * words; the rest of English (the field refusals' words too) loads with the first other page
 * (loadAllTexts), keeping the login page small.
 */
const entryTexts = { common, errors, auth } satisfies Partial<LocaleBundle>

type BundleLoader = () => Promise<{ default: LocaleBundle }>

/**
 * Each locale's whole bundle is one lazily loaded chunk (src/locales/<lng>/index.ts imports
 * all its namespaces), so choosing a locale costs exactly one request.
 */
export const localeLoaders: Record<TextLocale, BundleLoader> = {
  en: () => import('../locales/en/index'),
  es: () => import('../locales/es/index'),
  [pseudoLocale]: async () => {
    const [english, pseudo] = await Promise.all([import('../locales/en/index'), import('./pseudo-locale')])
    return { default: pseudo.pseudoLocalize(english.default) }
  },
}

export function normalizeLocale(value: string | null | undefined): Locale | null {
  if (!value) return null
  const language = value.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (supportedLocales as readonly string[]).includes(language) ? (language as Locale) : null
}

/** A supported locale, or the pseudo-locale when asked for by name (the query or the cookie, never the browser). */
function textLocaleOf(value: string | null | undefined): TextLocale | null {
  return isPseudoLocale(value) ? pseudoLocale : normalizeLocale(value)
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
export function detectLocale(sources: LocaleSources): { locale: TextLocale; source: LocaleSource } {
  const fromQuery = textLocaleOf(new URLSearchParams(sources.search).get('locale'))
  if (fromQuery) return { locale: fromQuery, source: 'query' }
  const fromCookie = textLocaleOf(sources.cookie)
  if (fromCookie) return { locale: fromCookie, source: 'cookie' }
  for (const language of sources.languages) {
    const fromBrowser = normalizeLocale(language)
    if (fromBrowser) return { locale: fromBrowser, source: 'browser' }
  }
  return { locale: normalizeLocale(defaultLocale) ?? 'en', source: 'default' }
}

/**
 * A page's start (index.html, login.html): the texts in the visitor's locale, English if
 * they fail to load. A locale chosen by the query parameter is remembered in the locale cookie.
 */
export function initVisitorTexts(): Promise<unknown> {
  const { locale, source } = detectLocale({ search: window.location.search, cookie: getCookie(cookieNames.locale), languages: navigator.languages })
  return initI18n(locale, { persist: source === 'query' }).catch(() => initI18n('en'))
}

const loading = new Map<TextLocale, Promise<LocaleBundle>>()

/** A locale's whole bundle, fetched once. */
export function loadLocale(locale: TextLocale, loaders: Partial<Record<TextLocale, BundleLoader>> = localeLoaders): Promise<LocaleBundle> {
  const cached = loading.get(locale)
  if (cached) return cached
  const loader = loaders[locale]
  if (!loader) return Promise.reject(new Error(`No translations for ${locale}`))
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

async function addLocale(locale: TextLocale): Promise<void> {
  const bundle = await loadLocale(locale)
  for (const namespace of namespaces) {
    if (!i18next.hasResourceBundle(locale, namespace)) i18next.addResourceBundle(locale, namespace, bundle[namespace], true, true)
  }
}

/** Set once a page has asked for every text: switching back to en then loads the rest of it. */
let allTextsWanted = false

/**
 * Every namespace of en (the fallback) and of the current locale: a page other than the
 * sign-in pages awaits this while its chunk loads (app/router.tsx).
 */
export async function loadAllTexts(): Promise<void> {
  allTextsWanted = true
  const current = textLocaleOf(i18next.language) ?? 'en'
  await Promise.all([...new Set<TextLocale>(['en', current])].map(addLocale))
}

/** Switches the interface to a locale; with persist, remembers it in the locale cookie for 365 days. */
export async function changeLocale(locale: TextLocale, options: { persist?: boolean } = {}): Promise<void> {
  // Another locale comes whole; en has the entry's texts and the rest once a page wanted them.
  if (locale !== 'en' || allTextsWanted) await addLocale(locale)
  await i18next.changeLanguage(locale)
  // The pseudo-locale is English to a screen reader (and to axe).
  document.documentElement.lang = locale === pseudoLocale ? 'en' : locale
  if (options.persist) setCookie(cookieNames.locale, locale, { maxAgeSeconds: daysToSeconds(selectionCookieDays) })
}

/** Initialises i18next with en bundled, then switches to the chosen locale. */
export async function initI18n(locale: TextLocale = 'en', options: { persist?: boolean } = {}): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...supportedLocales, pseudoLocale],
      load: 'languageOnly',
      ns: namespaces,
      defaultNS: 'common',
      resources: { en: entryTexts },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    })
    // {{count, number}}: i18next's own formatter keys its cache by every value of the call
    // (the count included), so each new count built a new Intl.NumberFormat.
    i18next.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: NumberFormatOptions) =>
      formatNumber(Number(value), lng ?? 'en', options.maximumFractionDigits === undefined ? {} : { maximumFractionDigits: options.maximumFractionDigits }),
    )
  }
  if (locale !== i18next.language || options.persist) await changeLocale(locale, options)
}

export { i18next }
