import { useTranslation } from 'react-i18next'
import { NativeSelect } from '@mantine/core'
import { changeLocale, normalizeLocale, supportedLocales } from '../../lib/i18n'

/** Lets the user pick the interface language; the choice is kept in the locale cookie. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  const current = normalizeLocale(i18n.language) ?? 'en'
  return (
    <NativeSelect
      size="xs"
      aria-label={t('language')}
      value={current}
      data={supportedLocales.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
      onChange={(event) => {
        const locale = normalizeLocale(event.currentTarget.value)
        if (locale) void changeLocale(locale, { persist: true })
      }}
    />
  )
}
