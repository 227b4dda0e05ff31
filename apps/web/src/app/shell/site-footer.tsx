import { useTranslation } from 'react-i18next'
import { Anchor, Group } from '@mantine/core'
import type { SiteLink } from '../../components/site-link'
import { LanguageSelect } from './language-select'

/** On every page: the privacy policy, the terms and the code of conduct. */
export function SiteFooter({ link }: { link: SiteLink }) {
  const { t } = useTranslation()
  return (
    <Group component="footer" justify="space-between" gap="md" py="md" mt="xl" wrap="wrap">
      <Group component="nav" aria-label={t('footer.label')} gap="md">
        <Anchor component={link} to="/privacy" size="sm" c="dimmed">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={link} to="/terms" size="sm" c="dimmed">
          {t('footer.terms')}
        </Anchor>
        <Anchor component={link} to="/code-of-conduct" size="sm" c="dimmed">
          {t('footer.codeOfConduct')}
        </Anchor>
      </Group>
      <LanguageSelect />
    </Group>
  )
}
