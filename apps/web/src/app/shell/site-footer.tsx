import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group } from '@mantine/core'
import { LanguageSelect } from './language-select'

/** On every page: the privacy policy, the terms and the code of conduct. */
export function SiteFooter() {
  const { t } = useTranslation()
  return (
    <Group component="footer" justify="space-between" gap="md" py="md" mt="xl" wrap="wrap">
      <Group component="nav" aria-label={t('footer.label')} gap="md">
        <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={Link} to="/terms" size="sm" c="dimmed">
          {t('footer.terms')}
        </Anchor>
        <Anchor component={Link} to="/code-of-conduct" size="sm" c="dimmed">
          {t('footer.codeOfConduct')}
        </Anchor>
      </Group>
      <LanguageSelect />
    </Group>
  )
}
