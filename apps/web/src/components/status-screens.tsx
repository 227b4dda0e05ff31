import { useTranslation } from 'react-i18next'
import { Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { usePageTitle } from '../lib/page-title'

/** The generic failure screen (spec 1 §1). Plain links: it may show outside the router. */
export function ErrorScreen() {
  const { t } = useTranslation()
  usePageTitle(t('pages.error'))
  return (
    <Stack align="center" gap="md" py="xl" role="alert">
      <Title order={1} size="h2">
        {t('somethingWentWrong')}
      </Title>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('reloadPage')}</Button>
        <Anchor href="/">{t('goToStart')}</Anchor>
      </Group>
    </Stack>
  )
}

export function NotFoundScreen() {
  const { t } = useTranslation()
  usePageTitle(t('pages.notFound'))
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1} size="h2">
        {t('notFound')}
      </Title>
      <Text c="dimmed">{t('notFoundHint')}</Text>
      <Anchor href="/">{t('goToStart')}</Anchor>
    </Stack>
  )
}

/**
 * The not-allowed page (spec 3 §6: a 403 on a transfer lookup shows it): a page the selected
 * team or group does not allow, typed in or opened from an old link. `message` says what of
 * the page is not allowed, when the page knows.
 */
export function NotAllowedScreen({ message }: { message?: string }) {
  const { t } = useTranslation()
  usePageTitle(t('pages.notAllowed'))
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1} size="h2">
        {t('notAllowed')}
      </Title>
      <Text c="dimmed">{message ?? t('notAllowedHint')}</Text>
      <Anchor href="/">{t('goToStart')}</Anchor>
    </Stack>
  )
}

export function FullPageLoader() {
  const { t } = useTranslation()
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      </Stack>
    </Center>
  )
}

/** /loading */
export function LoadingPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.loading'))
  return <FullPageLoader />
}
