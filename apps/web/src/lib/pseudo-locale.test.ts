import { describe, expect, it } from 'vitest'
import { detectLocale, i18next, initI18n, loadAllTexts } from './i18n'
import { pseudoText } from './pseudo-locale'

describe('the pseudo-locale (issue 36 item 4)', () => {
  it('brackets and accents the words, leaves what i18next and <Trans> read as it is, and puts values outside the brackets', () => {
    expect(pseudoText('Save')).toBe('⟦Sávé⟧')
    expect(pseudoText('{{count, number}} contacts for {{name}}')).toBe('⟦⟧{{count, number}}⟦ çóñtáçts fór ⟧{{name}}⟦⟧')
    expect(pseudoText('Read the <1>terms</1>, then $t(common:save)')).toBe('⟦Réád thé <1>térms</1>, théñ ⟧$t(common:save)⟦⟧')
    expect(pseudoText('')).toBe('')
  })

  it('is chosen by ?locale=xx or its cookie, never by the browser', () => {
    expect(detectLocale({ search: '?locale=xx', cookie: 'es', languages: [] })).toEqual({ locale: 'xx', source: 'query' })
    expect(detectLocale({ search: '', cookie: 'xx', languages: [] })).toEqual({ locale: 'xx', source: 'cookie' })
    expect(detectLocale({ search: '', cookie: null, languages: ['xx', 'es'] }).locale).toBe('es')
  })

  it('speaks every namespace through the catalogue, interpolating as English does', async () => {
    await initI18n('xx')
    await loadAllTexts()
    try {
      expect(i18next.t('common:cancel')).toMatch(/^⟦.+⟧$/)
      expect(i18next.t('common:cancel')).not.toBe(i18next.t('common:cancel', { lng: 'en' }))
      expect(document.documentElement.lang).toBe('en')
    } finally {
      await initI18n('en')
    }
  })
})
