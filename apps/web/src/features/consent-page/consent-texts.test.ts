import { describe, expect, it } from 'vitest'
import { consentRefusalTexts, consentTextsOf } from './consent-texts'
import i18next from 'i18next'

// The consent page starts its own i18next with only its texts (consent.html): the words of the
// server's field refusals are fetched with the first refusal, in the page's language.
describe('the consent page’s texts', () => {
  it.each(['en', 'es', 'xx'] as const)('in %s', async (locale) => {
    expect((await consentTextsOf(locale)).pageTitle).toMatch(/\S/)
  })

  it('fetches the words of the field refusals in the page’s language, and English beside them', async () => {
    await i18next.changeLanguage('es')
    try {
      await consentRefusalTexts()
      expect(i18next.t('field-errors:invalid_email')).not.toBe(i18next.t('field-errors:invalid_email', { lng: 'en' }))
      expect(i18next.t('field-errors:invalid_email')).toMatch(/\S/)
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
