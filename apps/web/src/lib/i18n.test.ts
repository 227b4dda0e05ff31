import { describe, expect, it, vi } from 'vitest'
import en from '../locales/en/index'
import es from '../locales/es/index'
import { getCookie } from './cookies'
import { changeLocale, detectLocale, i18next, loadLocale, namespaces, resetLoadedLocales } from './i18n'

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

describe('locale detection (spec 1 §1)', () => {
  it('D1-1-04 the query parameter wins over the cookie and the browser', () => {
    expect(detectLocale({ search: '?locale=es', cookie: 'en', languages: ['en-AU'] })).toEqual({ locale: 'es', source: 'query' })
    expect(detectLocale({ search: '?locale=en', cookie: 'es', languages: ['es-AR'] }).locale).toBe('en')
  })

  it('D1-1-05 without a query parameter the cookie wins over the browser', () => {
    expect(detectLocale({ search: '', cookie: 'es', languages: ['en-US'] })).toEqual({ locale: 'es', source: 'cookie' })
  })

  it('D1-1-06 then the browser languages, in order, then en', () => {
    expect(detectLocale({ search: '', cookie: null, languages: ['fr-FR', 'es-MX', 'en'] })).toEqual({
      locale: 'es',
      source: 'browser',
    })
    expect(detectLocale({ search: '', cookie: null, languages: ['fr', 'de'] })).toEqual({ locale: 'en', source: 'default' })
    expect(detectLocale({ search: '', cookie: null, languages: [] }).locale).toBe('en')
  })

  it('skips an unsupported value to the next source', () => {
    expect(detectLocale({ search: '?locale=fr', cookie: 'es', languages: [] }).locale).toBe('es')
  })
})

describe('translation files (D1-1-07)', () => {
  it('loads only the bundle of the locale asked for', async () => {
    resetLoadedLocales()
    const es = vi.fn()
    await expect(loadLocale('en', { en: () => Promise.resolve({ default: en }), es })).resolves.toBe(en)
    expect(es).not.toHaveBeenCalled()
    resetLoadedLocales()
  })

  it('fetches exactly one file for another locale, however often it is asked for', async () => {
    resetLoadedLocales()
    const loader = vi.fn(() => Promise.resolve({ default: es }))
    await Promise.all([loadLocale('es', { es: loader }), loadLocale('es', { es: loader })])
    await loadLocale('es', { es: loader })
    expect(loader).toHaveBeenCalledTimes(1)
    resetLoadedLocales()
  })

  it('switches the interface to Spanish and remembers the choice for 365 days', async () => {
    await changeLocale('es', { persist: true })
    expect(i18next.t('dashboard:awaitingApproval')).toBe('Pendiente de aprobación de la membresía')
    expect(document.documentElement.lang).toBe('es')
    expect(getCookie('locale')).toBe('es')
    await changeLocale('en')
    expect(i18next.t('dashboard:awaitingApproval')).toBe('Awaiting membership approval')
  })
})

describe('numbers in texts', () => {
  it('writes {{count, number}} as the reader writes it, with one number format per language however many counts', async () => {
    const Original = Intl.NumberFormat
    let built = 0
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args)
        built += 1
      }
    } as typeof Intl.NumberFormat
    try {
      await changeLocale('en')
      const english = [1, 12_345, 12_346, 99_999].map((count) => i18next.t('contacts:list.count', { count }))
      expect(english).toEqual(['1 contact', '12,345 contacts', '12,346 contacts', '99,999 contacts'])
      await changeLocale('es')
      expect(i18next.t('contacts:list.count', { count: 12_345 })).toBe('12.345 contactos')
      expect(i18next.t('contacts:list.count', { count: 54_321 })).toBe('54.321 contactos')
      // i18next's own formatter built one per count (its cache was keyed by the count).
      expect(built).toBeLessThanOrEqual(2)
    } finally {
      Intl.NumberFormat = Original
      await changeLocale('en')
    }
  })
})

describe('locale files', () => {
  it('has one namespace per feature', () => {
    expect(namespaces).toEqual([
      'common',
      'errors',
      'field-errors',
      'auth',
      'shell',
      'teams',
      'dashboard',
      'site',
      'account',
      'contacts',
      'contact-view',
      'contact-form',
      'notes',
      'relationships',
      'interests',
      'activity',
      'interactions',
      'contact-events',
      'consent',
      'consent-page',
      'qr-cards',
      'events',
      'attendance',
      'calendar',
      'team',
      'team-users',
      'requests',
      'sub-teams',
      'roster',
      'recent-activity',
      'notifications',
      'manage-notifications',
      'map',
      'import-and-share',
      'import',
      'transfers',
      'duplicates',
      'contact-data',
      'reports',
    ])
  })

  it.each(namespaces)('es has every key of en in %s, and no empty text', (namespace) => {
    const spanish = new Set(keysOf(es[namespace]))
    const missing = keysOf(en[namespace]).filter((key) => !spanish.has(key))
    expect(missing).toEqual([])
    for (const key of spanish) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es[namespace])
      expect(typeof text === 'string' && text.trim().length > 0, `${namespace}:${key}`).toBe(true)
    }
  })

  it('names a button for someone with the words it shows (axe label-content-name-mismatch, issue 37)', () => {
    // A button showing `edit` and named `editOf` ('Edit' / 'Edit Ann Lee'): speech users say what they see.
    const mismatched: string[] = []
    const walk = (node: Record<string, unknown>, where: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (value && typeof value === 'object') walk(value as Record<string, unknown>, `${where}.${key}`)
        const shown = node[key.slice(0, -2)]
        if (key.endsWith('Of') && typeof value === 'string' && typeof shown === 'string' && !value.toLowerCase().includes(shown.toLowerCase()))
          mismatched.push(`${where}.${key}: “${value}” lacks “${shown}”`)
      }
    }
    for (const [locale, catalogue] of Object.entries({ en, es }))
      for (const [namespace, texts] of Object.entries(catalogue)) walk(texts, `${locale}:${namespace}`)
    expect(mismatched).toEqual([])
  })

  it('keeps the spec texts word for word in en', () => {
    expect(en.errors.email_not_found).toBe('Wrong email or password.')
    expect(en.errors.is_locked).toBe('Your account has been locked.')
    expect(en.common.somethingWentWrong).toBe('Something went wrong.')
    expect(en.common.correctErrors).toBe('Please correct the errors to continue.')
    expect(en.dashboard.noTeams.message).toBe("We couldn't locate any teams associated with your account.")
    // The account lifecycle (spec 1 §8, spec 3 §8).
    expect(en.auth.login.forgotPassword).toBe("Don't remember your password?")
    expect(`${en.auth.login.emailNotVerified} ${en.auth.login.resend}`).toBe('Email not verified. Resend?')
    expect(en.auth.login.emailSent).toBe('Email sent.')
    expect(en.errors.incorrect_totp).toBe('Incorrect verification code.')
    expect(en.auth.resetRequest.failed).toBe('Wrong email.')
    expect(en.auth.resetRequest.sent).toBe(
      'If your account exists in our system, you will receive an email with a link to create a new password. Please check your inbox, and also your spam or junk folder, just in case.',
    )
    expect(en.auth.resetPassword.saved).toBe('Saved!')
    expect(en.auth.resetPassword.expired).toBe('The link has expired.')
    expect(en.auth.resetPassword.failed).toBe('Error. You may have an expired link.')
    expect(en.errors.email_exists).toBe('A user with this email already exists')
    expect(en.auth.activate.error).toBe('Error.')
    expect(en.teams.acceptInvite.invalid).toBe('The link is not valid or has already been activated.')
    expect(en.errors.incorrect_old_password).toBe('The old password provided is incorrect. Your password has not been updated.')
  })
})
