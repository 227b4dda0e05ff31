import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Container, Group, NativeSelect, Text } from '@mantine/core'
import { supportedLocales, type Locale } from '@crm/domain'
import { ConsentPage, consentKeyOf } from './consent-page'
import { changeConsentLocale } from './consent-texts'

/** The language switch of the public pages, with the consent page's own texts. */
function ConsentLanguageSelect() {
  const { t, i18n } = useTranslation('consent-page')
  return (
    <NativeSelect
      size="xs"
      aria-label={t('language')}
      value={i18n.language}
      data={supportedLocales.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
      onChange={(event) => void changeConsentLocale(event.currentTarget.value as Locale, { persist: true })}
    />
  )
}

/** The consent page's frame: a header with the language switch, none in embed mode (issue 13 item 1). */
export function ConsentFrame({ consentKey, embed }: { consentKey: string; embed: boolean }) {
  const { t } = useTranslation('consent-page')
  const title = t('pageTitle')
  useEffect(() => {
    document.title = title
  }, [title])
  if (embed) return <ConsentPage consentKey={consentKey} embed />
  return (
    <Container size="sm" px="md" py="md">
      <Group component="header" justify="space-between" mb="lg">
        <Text fw={700}>{t('pageTitle')}</Text>
        <ConsentLanguageSelect />
      </Group>
      <main id="main">
        <ConsentPage consentKey={consentKey} embed={false} />
      </main>
    </Container>
  )
}

/** The page of the URL the consent bundle was opened at: /consent/{key}, ?embed=1 for the embedded form. */
export function ConsentPageAt({ location }: { location: Pick<Location, 'pathname' | 'search'> }) {
  const embed = new URLSearchParams(location.search).get('embed') === '1'
  return <ConsentFrame consentKey={consentKeyOf(location.pathname)} embed={embed} />
}
